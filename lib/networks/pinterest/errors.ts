import { NetworkError, details, retryAfterMs } from "../errors";

// Pinterest v5 errors are `{code: <int>, message}`: 401 with code 2 (authentication failed) or 3 (the
// token lacks a scope), 403 code 29 (not permitted), 429 code 8 (rate limit; no documented reset header,
// so Retry-After when present, else a minute). The token endpoint may also answer OAuth-style
// `{error, error_description}`.

const DEFAULT_BACKOFF_MS = 60_000;

type Body = { code?: unknown; message?: unknown; error?: unknown; error_description?: unknown };

export const mapPinterestError = ({
  status,
  body,
  headers,
}: {
  status: number;
  body: unknown;
  headers: Headers;
}): NetworkError => {
  const b: Body = body && typeof body === "object" ? (body as Body) : {};
  const code = b.code ?? b.error ?? null;
  const message =
    typeof b.message === "string"
      ? b.message
      : typeof b.error_description === "string"
        ? b.error_description
        : typeof body === "string" && body
          ? body.slice(0, 300)
          : null;
  const info = details(code ?? status, null, message);
  const text = `Pinterest ${status}${code !== null ? ` (code ${String(code)})` : ""}${message ? `: ${message}` : ""}`;
  if (status === 401 || b.error === "invalid_grant") return new NetworkError("auth_expired", text, info);
  if (status === 429 || b.code === 8)
    return new NetworkError("rate_limited", text, info, retryAfterMs(headers) ?? DEFAULT_BACKOFF_MS);
  if (status >= 500) return new NetworkError("outcome_unknown", text, info, retryAfterMs(headers));
  return new NetworkError("rejected", text, info); // 400 invalid parameters, 403 code 29, 404, 409
};
