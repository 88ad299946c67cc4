import { z } from "zod";
import { NetworkError, details, retryAfterMs } from "../errors";

// Google's two error shapes, mapped onto the error kinds:
// - API errors (YouTube Data v3, Business Profile v1, ...):
//   {"error":{"code":403,"message","status":"PERMISSION_DENIED","errors":[{"domain","reason"}],
//   "details":[{"@type":"type.googleapis.com/google.rpc.ErrorInfo","reason","domain","metadata"}]}}
// - OAuth errors (token and userinfo endpoints): {"error":"invalid_grant","error_description":"..."}
//
// Decisions:
// - 401 / UNAUTHENTICATED / invalid_grant -> auth_expired (refresh, then disconnect).
// - quotaExceeded / dailyLimitExceeded (YouTube's daily project quota) -> rate_limited until the quota
//   resets at the next midnight Pacific time (+1 min margin), unless a Retry-After says otherwise.
// - 429 / RESOURCE_EXHAUSTED / rateLimitExceeded / userRateLimitExceeded / RATE_LIMIT_EXCEEDED ->
//   rate_limited after Retry-After, else 60 s (Business Profile quotas are per minute).
// - 5xx: depends on the call. A write or a code exchange may have taken effect -> outcome_unknown (the
//   connector's mapError). A read is safe to repeat -> rate_limited after Retry-After, else 30 s
//   (`googleReads`).
// - anything else -> rejected, code = the first reason (errors[].reason, else ErrorInfo reason), else
//   the status name, else the HTTP status; subcode = the status name when the code is a reason.

type Failure = { status: number; body: unknown; headers: Headers };

export const DEFAULT_RATE_LIMIT_MS = 60_000;
export const DEFAULT_UNAVAILABLE_MS = 30_000;
export const QUOTA_RESET_MARGIN_MS = 60_000;

const DAILY_QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded"]);
const RATE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded", "RATE_LIMIT_EXCEEDED"]);
// OAuth errors that say our client is misconfigured, not that the user's grant is gone.
const CLIENT_ERRORS = new Set(["invalid_client", "unauthorized_client"]);

const ZOAuthError = z.object({ error: z.string(), error_description: z.string().optional() });
const ZApiError = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    errors: z.array(z.object({ reason: z.string().optional(), domain: z.string().optional() })).optional(),
    details: z.array(z.record(z.string(), z.unknown())).optional(),
  }),
});

// Milliseconds from `now` to the next midnight in America/Los_Angeles (DST-aware).
export const msUntilPacificMidnight = (now = Date.now()): number => {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone: "America/Los_Angeles",
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  const wallClock = (t: number) => {
    const p = Object.fromEntries(format.formatToParts(t).map((part) => [part.type, Number(part.value)]));
    return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  };
  const offset = (t: number) => wallClock(t) - (t - (((t % 1000) + 1000) % 1000)); // wall clock minus UTC
  const today = new Date(wallClock(now));
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1);
  const guess = midnight - offset(now);
  return midnight - offset(guess) - now;
};

const rateLimited = (message: string, d: ReturnType<typeof details>, ms: number) =>
  new NetworkError("rate_limited", message, d, ms);

const unavailable = (status: number, d: ReturnType<typeof details>, headers: Headers, read: boolean) =>
  read
    ? rateLimited(
        `Google is unavailable (HTTP ${status}); retry later`,
        d,
        retryAfterMs(headers) ?? DEFAULT_UNAVAILABLE_MS,
      )
    : new NetworkError(
        "outcome_unknown",
        `Google failed with HTTP ${status}; the request may or may not have taken effect`,
        d,
      );

export const mapGoogleError = (
  { status, body, headers }: Failure,
  { read = false, now = Date.now() } = {},
): NetworkError => {
  const oauth = ZOAuthError.safeParse(body);
  if (oauth.success) {
    const { error, error_description: description } = oauth.data;
    const d = details(error, null, description ?? error);
    const message = `Google: ${description ?? error} (${error})`;
    if (error === "invalid_grant" || error === "invalid_token" || (status === 401 && !CLIENT_ERRORS.has(error))) {
      return new NetworkError("auth_expired", message, d);
    }
    if (status === 429) return rateLimited(message, d, retryAfterMs(headers) ?? DEFAULT_RATE_LIMIT_MS);
    if (status >= 500) return unavailable(status, d, headers, read);
    return new NetworkError("rejected", message, d);
  }

  const api = ZApiError.safeParse(body);
  if (!api.success) {
    const text = typeof body === "string" ? body.slice(0, 200) : null;
    const d = details(status, null, text);
    if (status === 401) return new NetworkError("auth_expired", `Google refused the access token (HTTP ${status})`, d);
    if (status === 429)
      return rateLimited(`Google rate limit (HTTP ${status})`, d, retryAfterMs(headers) ?? DEFAULT_RATE_LIMIT_MS);
    if (status >= 500) return unavailable(status, d, headers, read);
    return new NetworkError("rejected", `Google refused the request (HTTP ${status})`, d);
  }

  const e = api.data.error;
  const errorInfo = e.details?.find((x) => x["@type"] === "type.googleapis.com/google.rpc.ErrorInfo");
  const reasons = [
    ...(e.errors ?? []).map((x) => x.reason),
    typeof errorInfo?.reason === "string" ? errorInfo.reason : undefined,
  ].filter((r): r is string => Boolean(r));
  const reason = reasons[0];
  const d = details(reason ?? e.status ?? status, reason ? (e.status ?? null) : null, e.message ?? null);
  const message = `Google: ${e.message ?? `HTTP ${status}`}${reason ? ` (${reason})` : e.status ? ` (${e.status})` : ""}`;

  if (reasons.some((r) => DAILY_QUOTA_REASONS.has(r))) {
    return rateLimited(message, d, retryAfterMs(headers, now) ?? msUntilPacificMidnight(now) + QUOTA_RESET_MARGIN_MS);
  }
  if (status === 401 || e.status === "UNAUTHENTICATED") return new NetworkError("auth_expired", message, d);
  if (status === 429 || e.status === "RESOURCE_EXHAUSTED" || reasons.some((r) => RATE_LIMIT_REASONS.has(r))) {
    return rateLimited(message, d, retryAfterMs(headers, now) ?? DEFAULT_RATE_LIMIT_MS);
  }
  if (status >= 500) return unavailable(status, d, headers, read);
  return new NetworkError("rejected", message, d);
};

// For reads (identity, placements, lists): safe to repeat, so a 5xx is "retry later".
export const googleReads = { mapError: (failure: Failure) => mapGoogleError(failure, { read: true }) };
