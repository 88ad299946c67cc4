import { NetworkError } from "../errors";
import type { ConnectorContext, ProfileAuth } from "../types";
import { mapTikTokError } from "./errors";
import type { TikTokSettings } from "./index";

// Calls to TikTok's API for Business (its Accounts API, where TikTok keeps comments):
// `${business_api_url}/open_api/v1.3/business/…`, header `Access-Token` with the profile's stored token (the
// one the profile connected with; this server keeps no separate Business API credentials), `business_id`
// = the account's open_id, JSON bodies, and the `{data, error: {code, message, log_id}}` envelope.

type Ctx = ConnectorContext<TikTokSettings>;
type Envelope<T> = { data?: T; error?: { code?: string } };

// Ids are strings in TikTok's comment answers; numbers past 2^53 would be rounded by JSON.parse, so bare
// numeric `*_id` values are quoted before parsing.
const quoteIds = (text: string) => text.replace(/("[a-z_]*_id"\s*:\s*)(-?\d{16,})/g, '$1"$2"');

export const businessApi = async <T>(
  ctx: Ctx,
  auth: ProfileAuth,
  path: string,
  { body, query = {}, okCodes = [] }: { body?: unknown; query?: Record<string, string>; okCodes?: string[] } = {},
): Promise<T | null> => {
  if (!auth.tokens) throw new NetworkError("auth_expired", "TikTok profile has no access token");
  const url = new URL(`${ctx.settings.business_api_url.replace(/\/+$/, "")}/open_api/v1.3/business${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await ctx.fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "access-token": auth.tokens.accessToken,
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = quoteIds(await res.text());
  let envelope: Envelope<T> | null;
  try {
    envelope = text ? (JSON.parse(text) as Envelope<T>) : null;
  } catch {
    throw mapTikTokError({ status: res.ok ? 502 : res.status, body: text, headers: res.headers });
  }
  const code = envelope?.error?.code;
  if (code && okCodes.includes(code)) return null;
  if ((code && code !== "ok") || !res.ok)
    throw mapTikTokError({ status: res.status, body: envelope, headers: res.headers });
  return (envelope?.data ?? {}) as T;
};
