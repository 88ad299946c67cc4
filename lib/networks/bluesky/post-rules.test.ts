import { describe, expect, it } from "vitest";
import { MB } from "../post-rules";
import { doc, gif, image, images, issuesOf, paramErrors, video } from "../post-rules/draft-fixtures";
import { blueskyMeta } from "./meta";
import { blueskyPostRules as rules } from "./post-rules";

const FAMILY = "👩‍👩‍👧‍👦"; // one grapheme: four emoji joined by ZWJ, 11 UTF-16 units, 25 UTF-8 bytes
const FLAG = "🇺🇦"; // one grapheme: two regional indicators

describe("bluesky post params", () => {
  it("has one format, post, and alt_text as a string or a list", () => {
    expect(rules.params.parse({})).toEqual({ format: "post" });
    expect(rules.params.parse({ format: "post", alt_text: ["a", "b"] })).toEqual({
      format: "post",
      alt_text: ["a", "b"],
    });
    expect(rules.params.parse({ alt_text: null })).toEqual({ format: "post" });
    expect(rules.formatOf(rules.params.parse({}))).toBe("post");
    expect(paramErrors(rules, { format: "reel" })).toEqual(["format: must be one of post"]);
    expect(paramErrors(rules, { alt_text: { text: "a" } })).toEqual([
      "alt_text: must be a string or a list of strings",
    ]);
  });

  it("encodes the spec's limits: 300 graphemes, 4 images of 1 MB or one 60 s video, not mixed", () => {
    expect(rules.formats.post).toMatchObject({
      bodyMax: 300,
      countGraphemes: true,
      maxItems: 4,
      mixingAllowed: false,
      mediaRequired: false,
    });
    expect(rules.formats.post!.image).toEqual({ maxBytes: 1 * MB, types: ["jpg", "png", "webp", "gif"], maxCount: 4 });
    expect(rules.formats.post!.video).toEqual({
      maxBytes: 50 * MB,
      types: ["mp4", "mov"],
      maxCount: 1,
      minDurationSec: 1,
      maxDurationSec: 60,
    });
  });
});

describe("bluesky posts", () => {
  it("accepts text, up to 4 images (GIFs among them) or one video; empty text with media", () => {
    expect(issuesOf(rules, {}, { body: "gm" })).toEqual([]);
    expect(issuesOf(rules, {}, { body: "", media: [...images(3), gif()] })).toEqual([]);
    expect(issuesOf(rules, {}, { body: "", media: [video()] })).toEqual([]);
    expect(issuesOf(rules, {}, { body: "" })).toEqual(["body is required when there is no media"]);
  });

  it("counts the body in graphemes: emoji, ZWJ sequences and flags are one each", () => {
    expect(FAMILY.length).toBe(11);
    expect(issuesOf(rules, {}, { body: "a".repeat(300) })).toEqual([]);
    expect(issuesOf(rules, {}, { body: "a".repeat(301) })).toEqual(["body is too long (301 graphemes, maximum 300)"]);
    expect(issuesOf(rules, {}, { body: FLAG.repeat(100) + "é".repeat(200) })).toEqual([]); // 300 graphemes: 600 UTF-16 units, 1,200 bytes
    expect(issuesOf(rules, {}, { body: `${FAMILY.repeat(100)} ${"a".repeat(199)}` })).toEqual([]); // 300 graphemes, 2,700 bytes
    expect(issuesOf(rules, {}, { body: FAMILY.repeat(301) })).toEqual([
      "body is too long (301 graphemes, maximum 300)",
      "body is too long (7525 bytes, maximum 3000)",
    ]);
  });

  it("also holds the body to the lexicon's 3,000 UTF-8 bytes", () => {
    expect(issuesOf(rules, {}, { body: FAMILY.repeat(120) })).toEqual([]); // 3,000 bytes exactly
    expect(issuesOf(rules, {}, { body: FAMILY.repeat(121) })).toEqual(["body is too long (3025 bytes, maximum 3000)"]);
  });

  it("refuses media beyond the limits", () => {
    expect(issuesOf(rules, {}, { media: images(5) })).toEqual(["media has 5 items (maximum 4)"]);
    expect(issuesOf(rules, {}, { media: [video("a"), video("b")] })).toEqual(["media has 2 videos (maximum 1)"]);
    expect(issuesOf(rules, {}, { media: [image(), video()] })).toEqual(["media cannot mix images and video"]);
    expect(issuesOf(rules, {}, { media: [doc()] })).toEqual(["media: documents are not supported here"]);
  });

  it("checks alt_text in graphemes: 2,000 per image, 1,000 for a video", () => {
    expect(issuesOf(rules, { alt_text: FAMILY.repeat(2000) }, { media: [image()] })).toEqual([]);
    expect(issuesOf(rules, { alt_text: "x".repeat(2001) }, { media: [image()] })).toEqual([
      "alt_text is too long (2001 graphemes, maximum 2000)",
    ]);
    expect(issuesOf(rules, { alt_text: "x".repeat(1001) }, { media: [video()] })).toEqual([
      "alt_text is too long (1001 graphemes, maximum 1000)",
    ]);
    expect(issuesOf(rules, { alt_text: ["ok", "x".repeat(2001)] }, { media: images(2) })).toEqual([
      "alt_text[1] is too long (2001 graphemes, maximum 2000)",
    ]);
    expect(issuesOf(rules, { alt_text: ["a", "b", "c"] }, { media: images(2) })).toEqual([
      "alt_text has 3 entries but the post has 2 media items",
    ]);
    expect(issuesOf(rules, { alt_text: "a cup" })).toEqual([]); // no media: nothing to describe
  });

  it("validates every chain entry: graphemes, bytes and media", () => {
    expect(
      issuesOf(
        rules,
        {},
        {
          thread: [
            { body: "2/2", media: [] },
            { body: "", media: [video()] },
          ],
        },
      ),
    ).toEqual([]);
    expect(
      issuesOf(
        rules,
        {},
        {
          thread: [
            { body: "ok", media: [] },
            { body: "a".repeat(301), media: [] },
          ],
        },
      ),
    ).toEqual(["thread[1].body is too long (301 graphemes, maximum 300)"]);
    expect(issuesOf(rules, {}, { thread: [{ body: FAMILY.repeat(121), media: [] }] })).toEqual([
      "thread[0].body is too long (3025 bytes, maximum 3000)",
    ]);
    expect(issuesOf(rules, {}, { thread: [{ body: "", media: [] }] })).toEqual([
      "thread[0].body is required when there is no media",
    ]);
    expect(issuesOf(rules, {}, { thread: [{ body: "x", media: images(5) }] })).toEqual([
      "thread[0].media has 5 items (maximum 4)",
    ]);
  });
});

it("bluesky rules are the network's post rules (its meta)", () => {
  expect(blueskyMeta.postRules).toBe(rules);
});
