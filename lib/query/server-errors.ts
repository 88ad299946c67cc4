import { ApiClientError, errorMessage } from "./fetcher";

// A 422's `errors` name their field ("url: url must use HTTPS", "url host x does not resolve",
// "events.0: unknown event …"). Messages about one of `fields` go next to it; the rest stay general.
export const splitServerErrors = <F extends string>(
  err: unknown,
  fields: readonly F[],
): { fields: Partial<Record<F, string>>; general: string | null } => {
  if (!(err instanceof ApiClientError) || err.status !== 422) return { fields: {}, general: errorMessage(err) };
  const byField: Partial<Record<F, string>> = {};
  const general: string[] = [];
  for (const message of err.messages) {
    const field = fields.find((f) => new RegExp(`^${f}([.:\\s]|$)`).test(message));
    if (!field) general.push(message);
    else
      byField[field] = [byField[field], message.replace(new RegExp(`^${field}(\\.\\d+)?:\\s*`), "")]
        .filter(Boolean)
        .join("; ");
  }
  return { fields: byField, general: general.length > 0 ? general.join("; ") : null };
};
