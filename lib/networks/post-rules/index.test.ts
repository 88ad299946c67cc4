import { describe, expect, it } from "vitest";
import { bodyLengthIssues, graphemeLength, mediaIssues, mediaKindOf, ZCountries, type FormatLimits } from ".";

describe("post rule helpers", () => {
  it("counts graphemes, not code units", () => {
    expect(graphemeLength("👩‍👩‍👧‍👦")).toBe(1);
    expect("👩‍👩‍👧‍👦".length).toBeGreaterThan(1);
    expect(graphemeLength("héllo")).toBe(5);
  });

  it("infers media kinds from content types and extensions", () => {
    expect(mediaKindOf({ url: "https://cdn.example/a.JPG?x=1" })).toBe("image");
    expect(mediaKindOf({ url: "https://cdn.example/clip.mov" })).toBe("video");
    expect(mediaKindOf({ url: "https://cdn.example/anim.gif" })).toBe("gif");
    expect(mediaKindOf({ url: "https://cdn.example/deck.pdf" })).toBe("document");
    expect(mediaKindOf({ url: "https://cdn.example/blob", contentType: "video/mp4" })).toBe("video");
    expect(mediaKindOf({ url: "https://cdn.example/blob" })).toBe("unknown");
  });

  it("normalises countries", () => {
    expect(ZCountries.parse("us, de ,fr")).toEqual(["US", "DE", "FR"]);
    expect(ZCountries.safeParse(["USA"]).success).toBe(false);
  });

  it("checks body length and media against a format's limits", () => {
    const limits: FormatLimits = {
      image: { maxBytes: 1, types: ["jpg"], maxCount: 4 },
      video: { maxBytes: 1, types: ["mp4"], maxCount: 1 },
      mediaRequired: true,
      mixingAllowed: false,
      maxItems: 4,
      bodyMax: 3,
      countGraphemes: true,
    };
    expect(bodyLengthIssues("👍👍👍", limits)).toEqual([]);
    expect(bodyLengthIssues("abcd", limits)).toEqual(["body is too long (4 graphemes, maximum 3)"]);
    expect(mediaIssues([], limits)).toEqual(["media is required"]);
    const img = { url: "a.jpg", kind: "image" as const };
    const vid = { url: "a.mp4", kind: "video" as const };
    expect(mediaIssues([img, vid], limits)).toEqual(["media cannot mix images and video"]);
    expect(mediaIssues([vid, vid], limits)).toEqual(["media has 2 videos (maximum 1)"]);
    expect(mediaIssues([img, img, img, img, img], limits)).toEqual(["media has 5 items (maximum 4)"]);
    expect(mediaIssues([{ url: "a.pdf", kind: "document" }], limits)).toEqual([
      "media: documents are not supported here",
    ]);
  });
});
