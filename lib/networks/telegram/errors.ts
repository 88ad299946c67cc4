import { NetworkError, details, retryAfterMs, type NetworkErrorKind, type PlatformErrorDetails } from "../errors";

// The Bot API answers `{ok:false, error_code, description, parameters?: {retry_after, migrate_to_chat_id}}`
// with the HTTP status equal to error_code: 401 a wrong or revoked bot token, 429 flood control (wait
// retry_after seconds), 400 bad requests ("chat not found", a group that became a supergroup carries
// migrate_to_chat_id), 403 the bot was kicked or cannot write there, 409 getUpdates while a webhook is set.

export class TelegramApiError extends NetworkError {
  constructor(
    kind: NetworkErrorKind,
    message: string,
    info: PlatformErrorDetails,
    retryAfter: number | null,
    readonly migrateToChatId: string | null,
  ) {
    super(kind, message, info, retryAfter);
  }
}

type Envelope = {
  ok?: unknown;
  error_code?: unknown;
  description?: unknown;
  parameters?: { retry_after?: unknown; migrate_to_chat_id?: unknown };
};

export const mapTelegramError = ({
  status,
  body,
  headers,
}: {
  status: number;
  body: unknown;
  headers: Headers;
}): TelegramApiError => {
  const envelope: Envelope = body && typeof body === "object" ? (body as Envelope) : {};
  const code = typeof envelope.error_code === "number" ? envelope.error_code : status;
  const description =
    typeof envelope.description === "string"
      ? envelope.description
      : typeof body === "string" && body
        ? body.slice(0, 300)
        : null;
  const retryAfter =
    typeof envelope.parameters?.retry_after === "number"
      ? envelope.parameters.retry_after * 1000
      : retryAfterMs(headers);
  const migrate = envelope.parameters?.migrate_to_chat_id;
  const migrateTo = typeof migrate === "number" || typeof migrate === "string" ? String(migrate) : null;
  const info = details(code, null, description);
  const text = description ?? `HTTP ${code}`;
  const error = (kind: NetworkErrorKind, after: number | null = null) =>
    new TelegramApiError(kind, text, info, after, migrateTo);
  if (code === 429) return error("rate_limited", retryAfter);
  if (code === 401) return error("auth_expired");
  // 5xx (Telegram's "Internal Server Error", gateway errors): the request may or may not have been carried out.
  if (code >= 500) return error("outcome_unknown", retryAfter);
  return error("rejected");
};
