import { NetworkError, details, retryAfterMs } from "../errors";
import type { ConnectorContext, ProfileAuth } from "../types";
import type { TikTokSettings } from "./index";

// Calls to TikTok's API for Business (its Accounts API, where TikTok keeps comments):
// `${business_api_url}/open_api/v1.3/business/…`, header `Access-Token` (the bare token, no "Bearer") with
// the profile's stored token, which must come from TikTok's own authorization for the API for Business
// (business-auth.ts; a Login Kit token is refused there), `business_id` = the account's open_id, GET parameters in the query and POST parameters
// in a JSON body. Every answer is the envelope `{code, message, request_id, data}`, code 0 meaning OK;
// an error may come with HTTP 200, so the code decides, not the status.
// Sources: https://business-api.tiktok.com/portal/docs (API for Business, v1.3); the envelope and the
// numeric codes as TikTok's own SDK reads them: github.com/tiktok/tiktok-business-api-sdk,
// js_sdk/src/ApiClient.js (code 0 = OK, else request_id/message/code) and
// python_sdk/business_api_client/tiktok_business/tiktok_code.py (the code table used below).

type Ctx = ConnectorContext<TikTokSettings>;
type Envelope<T> = { code?: unknown; message?: unknown; request_id?: unknown; data?: T };

// Codes from tiktok_code.py. Auth: 40001 permission error (the token does not cover this account),
// 40102 access token expired, 40104 empty access token, 40105 invalid or revoked access token, 40130
// scope not authorized. Rate: 40100 requests too frequent, 40132 request frequency limited, 61000 too many
// requests. 5xxxx are TikTok's system, RPC and storage errors (50000, 50002 timeout, 51xxx, 52xxx) and
// 60001 maintenance: a write may or may not have happened.
const AUTH_CODES = new Set([40001, 40102, 40104, 40105, 40130]);
const RATE_CODES = new Set([40100, 40132, 61000]);
export const NOT_EXIST = 40007; // tiktok_code.py ERROR_CODE_NOT_EXIST
const WINDOW_MS = 60_000; // TikTok sends no Retry-After; its limits are per-minute windows

export const mapBusinessError = ({
  status,
  body,
  headers,
}: {
  status: number;
  body: unknown;
  headers: Headers;
}): NetworkError => {
  const env = body && typeof body === "object" ? (body as Envelope<unknown>) : {};
  const code = typeof env.code === "number" ? env.code : null;
  const message = typeof env.message === "string" ? env.message : typeof body === "string" ? body.slice(0, 300) : null;
  const requestId = typeof env.request_id === "string" ? env.request_id : null;
  const info = details(code ?? status, null, message);
  const text = `TikTok ${code ?? `HTTP ${status}`}${message ? `: ${message}` : ""}${requestId ? ` (request_id ${requestId})` : ""}`;
  if ((code !== null && RATE_CODES.has(code)) || status === 429)
    return new NetworkError("rate_limited", text, info, retryAfterMs(headers) ?? WINDOW_MS);
  if ((code !== null && AUTH_CODES.has(code)) || status === 401) return new NetworkError("auth_expired", text, info);
  if ((code !== null && code >= 50000) || status >= 500)
    return new NetworkError("outcome_unknown", text, info, retryAfterMs(headers));
  // 40000/40002 parameter errors, 40007 not found, 40003 forbidden, ...
  return new NetworkError("rejected", text, info);
};

// Ids are strings in TikTok's comment answers; numbers past 2^53 would be rounded by JSON.parse, so bare
// numeric `*_id` values are quoted before parsing.
const quoteIds = (text: string) => text.replace(/("[a-z_]*_id"\s*:\s*)(-?\d{16,})/g, '$1"$2"');

type Call = { body?: unknown; query?: Record<string, string>; okCodes?: number[]; accessToken?: string };

// One call to `${business_api_url}/open_api/v1.3${path}`: the answer's `data`, or null when TikTok answered
// one of `okCodes` (an outcome the caller accepts). Without `accessToken` no Access-Token header is sent
// (the tt_user/oauth2 token endpoints authenticate the app in the body).
export const businessCall = async <T>(
  ctx: Ctx,
  path: string,
  { body, query = {}, okCodes = [], accessToken }: Call = {},
  mapError = mapBusinessError,
): Promise<T | null> => {
  const url = new URL(`${ctx.settings.business_api_url.replace(/\/+$/, "")}/open_api/v1.3${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await ctx.fetch(url, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      ...(accessToken !== undefined && { "access-token": accessToken }),
      ...(body !== undefined && { "content-type": "application/json" }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = quoteIds(await res.text());
  let envelope: Envelope<T> | null;
  try {
    envelope = text ? (JSON.parse(text) as Envelope<T>) : null;
  } catch {
    throw mapError({ status: res.ok ? 502 : res.status, body: text, headers: res.headers });
  }
  const code = envelope?.code;
  if (typeof code === "number" && okCodes.includes(code)) return null;
  if (code !== 0 || !res.ok)
    throw mapError({
      status: res.ok && code === undefined ? 502 : res.status,
      body: envelope,
      headers: res.headers,
    });
  return (envelope?.data ?? {}) as T;
};

// A call to the Accounts API (/open_api/v1.3/business…) with the profile's token.
export const businessApi = async <T>(
  ctx: Ctx,
  auth: ProfileAuth,
  path: string,
  call: Omit<Call, "accessToken"> = {},
): Promise<T | null> => {
  if (!auth.tokens) throw new NetworkError("auth_expired", "TikTok profile has no access token");
  return businessCall<T>(ctx, `/business${path}`, { ...call, accessToken: auth.tokens.accessToken });
};
