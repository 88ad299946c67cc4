// The address a request came from, for throttling. Next sets X-Forwarded-For to the peer address when the
// request has none; behind a reverse proxy the proxy appends the address it saw. The last entry is the one
// added by the closest hop, so a client cannot pick its own bucket by sending the header itself unless
// nothing in front of the app appends (then the email-wide bucket still bounds it).
export const clientAddress = (headers: Record<string, unknown> | Headers | undefined): string => {
  const get = (name: string): string | undefined => {
    if (!headers) return undefined;
    const value = headers instanceof Headers ? headers.get(name) : headers[name];
    return typeof value === "string"
      ? value
      : Array.isArray(value) && typeof value[0] === "string"
        ? value.join(",")
        : undefined;
  };
  const forwarded = get("x-forwarded-for")
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .at(-1);
  return (forwarded ?? get("x-real-ip") ?? "unknown").slice(0, 64);
};
