// A review's `platform_data.star_rating`: a number, or a count in words ("FOUR"); null when there is
// none or it is not 1 to 5.
const WORDS = ["ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE"];

export const starRating = (data: Record<string, unknown> | null): number | null => {
  const raw = data?.star_rating;
  const n =
    typeof raw === "number"
      ? raw
      : typeof raw === "string"
        ? WORDS.includes(raw.toUpperCase())
          ? WORDS.indexOf(raw.toUpperCase())
          : Number(raw)
        : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
};
