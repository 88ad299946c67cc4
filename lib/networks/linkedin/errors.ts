import { NetworkError, details, retryAfterMs } from "../errors";

// LinkedIn's error body `{status, serviceErrorCode, code, message}` (REST and v2 APIs) and the OAuth
// endpoints' `{error, error_description}`. Over-quota is a 429 without rate headers; the daily
// application and member quotas reset at midnight UTC, so that is when a retry can succeed.

type Body = {
  status?: unknown;
  serviceErrorCode?: unknown;
  code?: unknown;
  message?: unknown;
  error?: unknown;
  error_description?: unknown;
};

export const msUntilUtcMidnight = (now = Date.now()) => {
  const next = new Date(now);
  next.setUTCHours(24, 0, 0, 0);
  return next.getTime() - now;
};

export const mapLinkedInError = ({
  status,
  body,
  headers,
}: {
  status: number;
  body: unknown;
  headers: Headers;
}): NetworkError => {
  const b: Body = body && typeof body === "object" ? (body as Body) : {};
  const code = typeof b.code === "string" ? b.code : typeof b.error === "string" ? b.error : null;
  const message =
    typeof b.message === "string"
      ? b.message
      : typeof b.error_description === "string"
        ? b.error_description
        : typeof body === "string" && body
          ? body.slice(0, 300)
          : null;
  const info = details(code ?? status, b.serviceErrorCode, message);
  const text = `LinkedIn ${status}${code ? ` ${code}` : ""}${message ? `: ${message}` : ""}`;
  if (status === 401) return new NetworkError("auth_expired", text, info);
  if (status === 429)
    return new NetworkError("rate_limited", text, info, retryAfterMs(headers) ?? msUntilUtcMidnight());
  if (status === 426) {
    return new NetworkError(
      "rejected",
      `LinkedIn no longer serves the API version this server asks for (${message ?? code ?? "426 Upgrade Required"}). Set NETWORK_LINKEDIN_VERSION to a current YYYYMM version.`,
      info,
    );
  }
  if (status >= 500) return new NetworkError("outcome_unknown", text, info, retryAfterMs(headers));
  return new NetworkError("rejected", text, info); // 400 validation, 403 ACCESS_DENIED, 404, 422, OAuth invalid_request
};
