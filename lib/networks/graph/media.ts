import { z } from "zod";
import { NetworkError } from "../errors";
import type { NetworkConnector, PublishMedia } from "../types";
import { graphRequest, type GraphCall } from "./request";

// Small pieces the Meta publishers share: media kinds, alt text per item, comments.

export const isVideo = (media: PublishMedia) => media.kind === "video";

// `alt_text`: one string for every image, or a list with one entry per media item (in order).
export const altTextAt = (altText: unknown, index: number): string | undefined => {
  const value = Array.isArray(altText) ? altText[index] : altText;
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
};

export const requireMedia = (network: string, media: PublishMedia[], what: string): PublishMedia => {
  const first = media[0];
  if (!first) throw new NetworkError("rejected", `${network}: ${what} needs a media item`);
  return first;
};

// POST /{object-id}/comments {message}: Facebook posts and videos, Instagram media. Answers {id}.
export const postComment = async (
  ctx: { fetch: typeof fetch },
  connector: Pick<NetworkConnector, "mapError" | "displayName">,
  call: Omit<GraphCall, "form">,
  message: string,
): Promise<{ externalId: string }> => {
  const { id } = await graphRequest(
    ctx,
    connector,
    { ...call, form: { message } },
    z.object({ id: z.coerce.string() }).loose(),
  );
  return { externalId: id };
};
