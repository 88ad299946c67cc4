// The URL a page may render as a link or an image source: http(s) only (relative paths resolve to our
// own origin), never `data:`, `javascript:` or any other scheme a network, an inbound attachment or a
// caller could hand us. Parsed as the browser parses an href (leading spaces and control characters
// dropped, scheme case-insensitive). Isomorphic: used by the admin's client components.
const BASE = "http://relative.invalid";

export const webUrl = (value: string | null | undefined): string | null => {
  if (!value) return null;
  try {
    const { protocol } = new URL(value, BASE);
    return protocol === "http:" || protocol === "https:" ? value : null;
  } catch {
    return null;
  }
};
