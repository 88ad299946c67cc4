import { NetworkError, details, retryAfterMs } from "../errors";

// XRPC errors are `{error, message}` with the HTTP status of the failure. Session problems do not all
// come as 401: the PDS answers 400 ExpiredToken / InvalidToken for a stale, revoked or wrong-type JWT,
// and 401 AuthenticationRequired for a refused identifier/password. Account states (takedown,
// suspension, deactivation) also come as 401 but will not change by re-authenticating.

const AUTH_ERRORS = new Set([
  "ExpiredToken",
  "InvalidToken",
  "AuthenticationRequired",
  "AuthMissing",
  "InvalidAuthentication",
]);
const ACCOUNT_ERRORS = new Set([
  "AccountTakedown",
  "AccountSuspended",
  "AccountDeactivated",
  "AccountNotFound",
  "RepoTakendown",
  "RepoSuspended",
  "RepoDeactivated",
]);

type XrpcErrorBody = { error?: unknown; message?: unknown };

const parse = (body: unknown): { error: string | null; message: string | null } => {
  if (body && typeof body === "object") {
    const { error, message } = body as XrpcErrorBody;
    return { error: typeof error === "string" ? error : null, message: typeof message === "string" ? message : null };
  }
  return { error: null, message: typeof body === "string" && body ? body.slice(0, 300) : null };
};

// `ratelimit-reset` is a Unix time in seconds; some proxies send Retry-After instead.
const rateLimitResetMs = (headers: Headers, now = Date.now()): number | null => {
  const reset = Number(headers.get("ratelimit-reset"));
  if (headers.get("ratelimit-reset") && Number.isFinite(reset)) return Math.max(0, reset * 1000 - now);
  return retryAfterMs(headers, now);
};

export const mapBlueskyError = ({
  status,
  body,
  headers,
}: {
  status: number;
  body: unknown;
  headers: Headers;
}): NetworkError => {
  const { error, message } = parse(body);
  const info = details(error ?? status, null, message);
  const text = message ?? error ?? `HTTP ${status}`;
  if (error === "RateLimitExceeded" || status === 429)
    return new NetworkError("rate_limited", text, info, rateLimitResetMs(headers));
  if (error && ACCOUNT_ERRORS.has(error)) return new NetworkError("rejected", text, info);
  if ((error && AUTH_ERRORS.has(error)) || status === 401) return new NetworkError("auth_expired", text, info);
  // InternalServerError, UpstreamFailure (the AppView behind the PDS), gateway errors: may or may not have acted.
  if (status >= 500) return new NetworkError("outcome_unknown", text, info, rateLimitResetMs(headers));
  // InvalidRequest, RecordNotFound, InvalidSwap, BlobTooLarge, ...
  return new NetworkError("rejected", text, info);
};
