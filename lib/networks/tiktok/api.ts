import { NetworkError } from "../errors";
import { readJson } from "../http";
import type { ConnectorContext, ProfileAuth } from "../types";
import { mapTikTokError } from "./errors";
import type { TikTokSettings } from "./index";
import { TIKTOK_NEW_PROFILES_FROM } from "./post-rules";

// Calls to the open API for publishing and stats: Bearer token, JSON bodies, and the
// `{data, error: {code, message, log_id}}` envelope, whose code is "ok" on success (an error code in a
// 2xx answer goes through the error mapping too).

export type TikTokCtx = ConnectorContext<TikTokSettings>;
type Envelope<T> = { data?: T; error?: { code?: string } };

// publicaly_available_post_id is a list of int64 numbers in the JSON: past 2^53 JSON.parse would round
// them (a 19-digit post id ends up naming another post), so they are read as strings.
const BIG_IDS = /("publicaly_available_post_id"\s*:\s*\[)([^\]]*)\]/g;
export const quoteBigIds = (text: string) =>
  text.replace(BIG_IDS, (_, head: string, list: string) => `${head}${list.replace(/-?\d+/g, (n) => `"${n}"`)}]`);

export const tiktokApi = async <T>(
  ctx: TikTokCtx,
  auth: ProfileAuth,
  path: string,
  { body, query = {} }: { body?: unknown; query?: Record<string, string> } = {},
): Promise<T> => {
  if (!auth.tokens) throw new NetworkError("auth_expired", "TikTok profile has no access token");
  const url = new URL(`${ctx.settings.api_url.replace(/\/+$/, "")}${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await ctx.fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      authorization: `Bearer ${auth.tokens.accessToken}`,
      ...(body !== undefined && { "content-type": "application/json; charset=UTF-8" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = quoteBigIds(await res.text());
  const envelope = await readJson<Envelope<T>>(
    { mapError: mapTikTokError },
    new Response(text, { status: res.status, headers: res.headers }),
  );
  if (envelope?.error?.code && envelope.error.code !== "ok")
    throw mapTikTokError({ status: res.status, body: envelope, headers: res.headers });
  return (envelope?.data ?? {}) as T;
};

// Whether a scope was granted; an unknown grant (no scope list stored) counts as granted.
export const granted = (auth: ProfileAuth, scope: string) => {
  const scopes = auth.tokens?.scopes ?? [];
  return scopes.length === 0 || scopes.includes(scope);
};

// true: connected on or after 2026-09-30; false: before; null: not recorded (profiles connected before
// the connector kept `connected_at` in the metadata).
export const isNewProfile = (auth: ProfileAuth): boolean | null => {
  const at = typeof auth.metadata.connected_at === "string" ? Date.parse(auth.metadata.connected_at) : NaN;
  return Number.isNaN(at) ? null : at >= TIKTOK_NEW_PROFILES_FROM.getTime();
};
