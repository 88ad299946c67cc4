import { describe, expect, it } from "vitest";
import { starRating } from "./star-rating";

describe("starRating", () => {
  it("reads counts in words or numbers, 1 to 5", () => {
    expect(starRating({ star_rating: "FOUR" })).toBe(4);
    expect(starRating({ star_rating: "one" })).toBe(1);
    expect(starRating({ star_rating: 5 })).toBe(5);
    expect(starRating({ star_rating: "3" })).toBe(3);
  });
  it("is null without a rating or outside 1 to 5", () => {
    for (const data of [
      null,
      {},
      { star_rating: null },
      { star_rating: "STAR_RATING_UNSPECIFIED" },
      { star_rating: "ZERO" },
      { star_rating: 6 },
      { star_rating: 4.5 },
    ]) {
      expect(starRating(data)).toBeNull();
    }
  });
});
