const DATE = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "short" });

export const formatDate = (iso: string): string => DATE.format(new Date(iso));

// Placement metadata worth a glance in a list, these keys first (stored metadata comes back in no
// particular order); then any other scalar values.
const KEY_ORDER = [
  "type",
  "username",
  "category",
  "vanity_name",
  "display_phone_number",
  "quality_rating",
  "messaging_limit_tier",
  "place_id",
  "store_code",
  "privacy",
];

const rank = (key: string) => {
  const i = KEY_ORDER.indexOf(key);
  return i === -1 ? KEY_ORDER.length : i;
};

export const keyMetadata = (metadata: Record<string, unknown>, max = 4): [string, string][] =>
  Object.entries(metadata)
    .filter(
      (entry): entry is [string, string | number | boolean] =>
        ["string", "number", "boolean"].includes(typeof entry[1]) && entry[1] !== "",
    )
    .sort(([a], [b]) => rank(a) - rank(b))
    .slice(0, max)
    .map(([key, value]) => [key, String(value)]);
