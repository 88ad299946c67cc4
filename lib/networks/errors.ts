// The small set of error kinds every network's documented errors map onto. The job layer maps kinds to
// behaviour: auth_expired -> refresh, then disconnect; rate_limited -> retry after; rejected -> fail with
// details; outcome_unknown -> never retried blindly (delivery_unconfirmed).
export type NetworkErrorKind = "auth_expired" | "rate_limited" | "rejected" | "outcome_unknown";

export type PlatformErrorDetails = {
  platformErrorCode: string | null;
  platformErrorSubcode: string | null;
  platformErrorMessage: string | null;
};

export class NetworkError extends Error {
  constructor(
    readonly kind: NetworkErrorKind,
    message: string,
    readonly details: PlatformErrorDetails = {
      platformErrorCode: null,
      platformErrorSubcode: null,
      platformErrorMessage: null,
    },
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "NetworkError";
  }
}

export const details = (code: unknown, subcode: unknown, message: unknown): PlatformErrorDetails => ({
  platformErrorCode: code === undefined || code === null ? null : String(code),
  platformErrorSubcode: subcode === undefined || subcode === null ? null : String(subcode),
  platformErrorMessage: typeof message === "string" ? message : null,
});

// Retry-After: delta seconds or an HTTP date.
export const retryAfterMs = (headers: Headers, now = Date.now()): number | null => {
  const value = headers.get("retry-after");
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
};

// OAuth token endpoints answer `invalid_client` / `unauthorized_client` when OUR app's credentials are
// wrong (a server misconfiguration), not because the user's grant is gone.
export const isClientCredentialsError = (err: NetworkError): boolean =>
  /^(invalid_client|unauthorized_client)$/i.test(err.details.platformErrorCode ?? "");
