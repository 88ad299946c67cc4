import { NetworkError } from "../errors";
import { readJson } from "../http";
import type { ConnectorContext, ProfileAuth } from "../types";
import { mapPinterestError } from "./errors";
import type { PinterestSettings } from "./index";

// A Bearer call to the v5 API (JSON in and out), for publishing and stats.
export type PinterestCtx = ConnectorContext<PinterestSettings>;
export const pinterestErrors = { mapError: mapPinterestError };

export const pinterestApi = async <T>(
  ctx: PinterestCtx,
  auth: ProfileAuth,
  path: string,
  { method = "GET", query = {}, body }: { method?: string; query?: Record<string, string>; body?: unknown } = {},
): Promise<T> => {
  if (!auth.tokens) throw new NetworkError("auth_expired", "Pinterest profile has no access token");
  const url = new URL(`${ctx.settings.api_url.replace(/\/+$/, "")}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await ctx.fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${auth.tokens.accessToken}`,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return readJson<T>(pinterestErrors, res);
};
