import type { CommentDraft, CreatedComment, NetworkConnector } from "../types";
import { FIND_WINDOW_MS, parseGraphTime, readRecent, str } from "./readback";
import type { GraphCall } from "./request";

// The read-back of a comment after an unknown outcome (comments.findCreated) on Facebook and Instagram.
// Graph takes no client reference for comments, so ours is recognised by what it says: the same text,
// written by the page or account itself (`from.id`), on the same post or comment, since the first
// attempt (minus a minute of clock skew). The edge is read newest first, only as far back as that.

const SKEW_MS = 60_000;
const normalise = (text: unknown) => (typeof text === "string" ? text.replace(/\r\n?/g, "\n").trim() : "");

export const findGraphComment = async (
  ctx: { fetch: typeof fetch },
  connector: Pick<NetworkConnector, "mapError" | "displayName">,
  call: GraphCall,
  {
    draft,
    authorId,
    textField,
    timeField,
  }: { draft: Pick<CommentDraft, "since" | "body">; authorId: string; textField: string; timeField: string },
): Promise<CreatedComment | null> => {
  const since = Math.max(draft.since.getTime() - SKEW_MS, Date.now() - FIND_WINDOW_MS);
  const items = await readRecent(ctx, connector, call, {
    since,
    timeOf: (item) => parseGraphTime(str(item[timeField])),
  });
  const text = normalise(draft.body);
  const hit = items.find((item) => {
    const from = item.from as { id?: unknown } | undefined;
    return str(from?.id) === authorId && normalise(item[textField]) === text;
  });
  if (!hit) return null;
  const at = parseGraphTime(str(hit[timeField]));
  return {
    externalId: str(hit.id) ?? "",
    permalink: str(hit.permalink_url),
    postedAt: at === null ? null : new Date(at),
  };
};
