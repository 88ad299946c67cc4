import { NetworkError, details, retryAfterMs } from "../errors";

// X API v2 errors: Problem+JSON `{title, detail, type: "https://api.x.com/2/problems/<kind>", status}`,
// the older `{errors: [{code, message}]}` (v1.1 style: 32/89 bad token, 88 rate limit) and, from the token
// endpoint, OAuth `{error, error_description}`. 429s carry x-rate-limit-reset (epoch seconds).

const FIFTEEN_MINUTES_MS = 15 * 60 * 1000; // X's rate-limit windows

type Body = {
  title?: unknown;
  detail?: unknown;
  type?: unknown;
  errors?: { code?: unknown; message?: unknown }[];
  error?: unknown;
  error_description?: unknown;
};

const str = (v: unknown) => (typeof v === "string" && v ? v : null);

export const rateLimitResetMs = (headers: Headers, now = Date.now()): number | null => {
  const reset = Number(headers.get("x-rate-limit-reset"));
  if (!headers.get("x-rate-limit-reset") || !Number.isFinite(reset)) return null;
  return Math.max(0, reset * 1000 - now);
};

const parse = (body: unknown) => {
  if (typeof body === "string") return { code: null, message: str(body.slice(0, 300)) };
  const b: Body = body && typeof body === "object" ? (body as Body) : {};
  const type = str(b.type);
  if (type || str(b.title))
    return {
      code: type && type !== "about:blank" ? type.replace(/^.*\/problems\//, "") : str(b.title),
      message: str(b.detail) ?? str(b.title),
    };
  const first = Array.isArray(b.errors) ? b.errors[0] : undefined;
  if (first) return { code: first.code === undefined ? null : String(first.code), message: str(first.message) };
  return { code: str(b.error), message: str(b.error_description) };
};

export const mapTwitterError = ({
  status,
  body,
  headers,
}: {
  status: number;
  body: unknown;
  headers: Headers;
}): NetworkError => {
  const { code, message } = parse(body);
  const info = details(code ?? status, null, message);
  const text = `X ${status}${code ? ` ${code}` : ""}${message ? `: ${message}` : ""}`;
  if (status === 429 || code === "88") {
    return new NetworkError(
      "rate_limited",
      text,
      info,
      rateLimitResetMs(headers) ?? retryAfterMs(headers) ?? FIFTEEN_MINUTES_MS,
    );
  }
  if (status === 401 || code === "89" || code === "32" || code === "invalid_grant")
    return new NetworkError("auth_expired", text, info);
  if (status >= 500) return new NetworkError("outcome_unknown", text, info, retryAfterMs(headers));
  return new NetworkError("rejected", text, info); // 400 invalid_request, 403 (client-forbidden, usage-capped, duplicate), 404
};
