import type { z } from "zod";
import { NetworkError, details } from "../errors";
import type { ConnectorContext, PublishInput } from "../types";
import { graphRequest, graphUrl } from "../graph/request";
import { facebookApi, type FacebookSettings } from "./settings";

// Everything on Facebook acts for a Page with the Page's own token (stored with the placement), plus
// appsecret_proof. The placement is the page the publisher resolved from `page_id`.

export type Page = { id: string; token: string };
export type Ctx = ConnectorContext<FacebookSettings>;
type Params = Record<string, string | number | boolean | undefined>;

export const pageOf = (placement: PublishInput["placement"]): Page => {
  const id = placement?.externalId;
  if (!id) throw new NetworkError("rejected", "page_id is required", details(null, null, "page_id is required"));
  if (!placement.accessToken) {
    throw new NetworkError(
      "rejected",
      `Facebook: no Page access token is stored for page ${id}; reconnect the profile`,
    );
  }
  return { id, token: placement.accessToken };
};

// A Graph call as the Page: `host` is graph_url unless given (graph-video for /videos).
export const pageCall = <S extends z.ZodType>(
  ctx: Ctx,
  page: Page,
  path: string,
  schema: S,
  { form, query, host }: { form?: Params; query?: Params; host?: string } = {},
): Promise<z.infer<S>> =>
  graphRequest(
    ctx,
    facebookApi,
    {
      url: graphUrl(host ?? ctx.settings.graph_url, ctx.settings.api_version, path),
      ...(form && { form }),
      ...(query && { query }),
      token: page.token,
      appSecret: ctx.settings.client_secret,
    },
    schema,
  );
