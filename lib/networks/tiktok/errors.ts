import { NetworkError, details, retryAfterMs } from "../errors";

// TikTok answers in two shapes: the API v2 envelope `{data, error: {code, message, log_id}}` (code "ok" on
// success; string codes otherwise) and the OAuth endpoints' `{error, error_description, log_id}`. The
// OAuth endpoint may carry its error in an HTTP 200, so the connector routes such bodies here too.

const AUTH_CODES = new Set([
  "access_token_invalid",
  "scope_not_authorized",
  "scope_permission_missed",
  "invalid_grant",
  "access_denied",
]);
const READS_WINDOW_MS = 60_000; // TikTok's rate limits are per-minute sliding windows; no Retry-After is sent

type Envelope = {
  error?: { code?: unknown; message?: unknown; log_id?: unknown } | string;
  error_description?: unknown;
  log_id?: unknown;
};

const parse = (body: unknown): { code: string | null; message: string | null; logId: string | null } => {
  if (!body || typeof body !== "object")
    return { code: null, message: typeof body === "string" && body ? body.slice(0, 300) : null, logId: null };
  const { error, error_description, log_id } = body as Envelope;
  if (typeof error === "string") {
    return {
      code: error,
      message: typeof error_description === "string" ? error_description : null,
      logId: typeof log_id === "string" ? log_id : null,
    };
  }
  if (error && typeof error === "object") {
    return {
      code: typeof error.code === "string" ? error.code : null,
      message: typeof error.message === "string" ? error.message : null,
      logId: typeof error.log_id === "string" ? error.log_id : null,
    };
  }
  return { code: null, message: null, logId: null };
};

export const mapTikTokError = ({
  status,
  body,
  headers,
}: {
  status: number;
  body: unknown;
  headers: Headers;
}): NetworkError => {
  const { code, message, logId } = parse(body);
  const info = details(code ?? status, null, message);
  const text = `TikTok ${code ?? `HTTP ${status}`}${message ? `: ${message}` : ""}${logId ? ` (log_id ${logId})` : ""}`;
  if (code === "rate_limit_exceeded" || status === 429)
    return new NetworkError("rate_limited", text, info, retryAfterMs(headers) ?? READS_WINDOW_MS);
  if ((code && AUTH_CODES.has(code)) || status === 401) return new NetworkError("auth_expired", text, info);
  // internal_error and gateway failures: the network may or may not have acted.
  if (code === "internal_error" || status >= 500)
    return new NetworkError("outcome_unknown", text, info, retryAfterMs(headers));
  // invalid_params, spam_risk_*, privacy_level_option_mismatch, url_ownership_unverified, invalid_client, ...
  return new NetworkError("rejected", text, info);
};
