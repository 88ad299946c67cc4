import { z } from "zod";
import { NetworkError, details, retryAfterMs } from "../errors";

// The Graph error object shared by facebook, instagram, threads and whatsapp (Graph API
// error handling, the same across the Meta family), mapped onto the four NetworkError kinds:
//
//  - auth_expired: code 190 (any subcode: 458 app removed, 459 checkpoint, 460 password changed, 463
//    expired, 464 unconfirmed, 467 invalid) and 102 (the older session error). The job layer refreshes,
//    then disconnects.
//  - rate_limited: codes 4, 17, 32, 341, 613, 80001–80014, WhatsApp's 130429 (throughput) and 131056
//    (pair rate), and any HTTP 429. The wait comes from X-Business-Use-Case-Usage
//    (`estimated_time_to_regain_access`, minutes), else X-App-Usage (≥100 % means the app's rolling
//    one-hour window is spent; it carries no reset time, so APP_USAGE_BACKOFF_MS), else Retry-After.
//  - outcome_unknown: Meta flags the failure as transient (`is_transient: true`, whatever the code), or
//    code 2 "service temporarily unavailable" without the flag, or a 5xx that carries no error object.
//    A transient failure of a write may still have taken effect, so it must be read back, never retried
//    blindly. Code 1 ("unknown error") without `is_transient` is also returned for requests Meta will
//    never accept (e.g. "reduce the amount of data"), so it stays `rejected`.
//  - rejected: everything else (10 and 200–299 permissions, 100 bad parameters, 368 policy block, 506
//    duplicate, …) with the code, subcode and message for the caller.

export const APP_USAGE_BACKOFF_MS = 10 * 60 * 1000;

const RATE_LIMIT_CODES = new Set([4, 17, 32, 341, 613, 130429, 131056]);
const isRateLimitCode = (code: number | undefined) =>
  code !== undefined && (RATE_LIMIT_CODES.has(code) || (code >= 80001 && code <= 80014));
const AUTH_CODES = new Set([190, 102]);

const zNumberish = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

const ZGraphError = z.object({
  error: z.object({
    message: z.string().optional(),
    type: z.string().optional(),
    code: zNumberish.optional(),
    error_subcode: zNumberish.optional(),
    is_transient: z.boolean().optional(),
    error_user_title: z.string().optional(),
    error_user_msg: z.string().optional(),
    fbtrace_id: z.string().optional(),
  }),
});

// api.instagram.com's token endpoint still answers in the older Instagram shape.
const ZLegacyInstagramError = z.object({
  error_type: z.string(),
  code: zNumberish.optional(),
  error_message: z.string().optional(),
});
// OAuth-style `{error, error_description}` (seen on some dialog/token failures).
const ZOAuthError = z.object({ error: z.string(), error_description: z.string().optional() });
// rupload.facebook.com (reel and video story uploads) answers `{debug_info: {retriable, type, message}}`.
const ZRuploadError = z.object({
  debug_info: z.object({
    type: z.string().optional(),
    message: z.string().optional(),
    retriable: z.boolean().optional(),
  }),
});

export type GraphErrorInfo = {
  code: number | undefined;
  subcode: number | undefined;
  message: string | undefined;
  type: string | undefined;
  isTransient: boolean | undefined;
};

export const parseGraphError = (body: unknown): GraphErrorInfo | null => {
  const graph = ZGraphError.safeParse(body);
  if (graph.success) {
    const e = graph.data.error;
    const message =
      e.error_user_msg && e.message ? `${e.message} (${e.error_user_msg})` : (e.message ?? e.error_user_msg);
    return { code: e.code, subcode: e.error_subcode, message, type: e.type, isTransient: e.is_transient };
  }
  const legacy = ZLegacyInstagramError.safeParse(body);
  if (legacy.success) {
    // `code` here is the HTTP status, not a Graph code.
    return {
      code: undefined,
      subcode: undefined,
      message: legacy.data.error_message,
      type: legacy.data.error_type,
      isTransient: undefined,
    };
  }
  const oauth = ZOAuthError.safeParse(body);
  if (oauth.success) {
    return {
      code: undefined,
      subcode: undefined,
      message: oauth.data.error_description ?? oauth.data.error,
      type: oauth.data.error,
      isTransient: undefined,
    };
  }
  const rupload = ZRuploadError.safeParse(body);
  if (rupload.success) {
    const { type, message, retriable } = rupload.data.debug_info;
    return { code: undefined, subcode: undefined, message: message ?? type, type, isTransient: retriable };
  }
  return null;
};

const parseJsonHeader = (headers: Headers, name: string): unknown => {
  const raw = headers.get(name);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
};

const ZBucUsage = z.record(
  z.string(),
  z.array(z.object({ estimated_time_to_regain_access: zNumberish.optional() }).loose()),
);
const ZAppUsage = z
  .object({
    call_count: zNumberish.optional(),
    total_cputime: zNumberish.optional(),
    total_time: zNumberish.optional(),
  })
  .loose();

// How long Meta's usage headers say to wait, if they say anything.
export const usageRetryAfterMs = (headers: Headers): number | null => {
  const buc = ZBucUsage.safeParse(parseJsonHeader(headers, "x-business-use-case-usage"));
  if (buc.success) {
    const minutes = Object.values(buc.data)
      .flat()
      .map((entry) => entry.estimated_time_to_regain_access ?? 0);
    const longest = Math.max(0, ...minutes);
    if (longest > 0) return longest * 60_000;
  }
  for (const name of ["x-app-usage", "x-page-usage"]) {
    const usage = ZAppUsage.safeParse(parseJsonHeader(headers, name));
    if (
      usage.success &&
      Math.max(usage.data.call_count ?? 0, usage.data.total_cputime ?? 0, usage.data.total_time ?? 0) >= 100
    ) {
      return APP_USAGE_BACKOFF_MS;
    }
  }
  return null;
};

const describe = (network: string, info: GraphErrorInfo | null, status: number) => {
  if (!info) return `${network} answered HTTP ${status}`;
  const code =
    info.code === undefined ? "" : ` (code ${info.code}${info.subcode === undefined ? "" : `/${info.subcode}`})`;
  return `${network}: ${info.message ?? info.type ?? `HTTP ${status}`}${code}`;
};

export const mapGraphError = (
  network: string,
  { status, body, headers }: { status: number; body: unknown; headers: Headers },
): NetworkError => {
  const info = parseGraphError(body);
  const message = describe(network, info, status);
  const platform = details(info?.code, info?.subcode, info?.message ?? null);

  if ((info?.code !== undefined && AUTH_CODES.has(info.code)) || (status === 401 && info?.code === undefined)) {
    return new NetworkError("auth_expired", message, platform);
  }
  if (status === 429 || isRateLimitCode(info?.code)) {
    return new NetworkError("rate_limited", message, platform, usageRetryAfterMs(headers) ?? retryAfterMs(headers));
  }
  if (info?.isTransient === true || (info?.code === 2 && info.isTransient === undefined) || (!info && status >= 500)) {
    return new NetworkError("outcome_unknown", message, platform);
  }
  return new NetworkError("rejected", message, platform);
};
