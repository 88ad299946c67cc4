import { describe, expect, it } from "vitest";
import { image, rulesHarness, video, videos } from "../post-rules/test-harness";
import { YOUTUBE_FORMAT_LIMITS, youtubePostRules, youtubeTagsLength, youtubeTitle } from "./post-rules";
import { youtubeMeta } from "./meta";

const yt = rulesHarness(youtubePostRules, { media: [video()], body: "My trip to the coast\nFilmed in May." });

describe("youtube post params", () => {
  it("fills the defaults", () => {
    expect(yt.parse({})).toMatchObject({
      format: "post",
      privacy_status: "public",
      made_for_kids: false,
      category_id: "22",
    });
    expect(yt.parse({}).title).toBeUndefined();
  });

  it("normalises what clients send", () => {
    expect(
      yt.parse({
        title: "  Coast ",
        privacy_status: "UNLISTED",
        made_for_kids: "true",
        tags: '["travel", " coast "]',
        category_id: 19,
        contains_synthetic_media: "false",
      }),
    ).toMatchObject({
      title: "Coast",
      privacy_status: "unlisted",
      made_for_kids: true,
      tags: ["travel", "coast"],
      category_id: "19",
      contains_synthetic_media: false,
    });
    expect(yt.parse({ tags: ["a", " ", "b"] }).tags).toEqual(["a", "b"]);
    expect(yt.parse({ title: "   " }).title).toBeUndefined(); // blank: taken from the body
    expect(yt.parse({ cover_url: "https://cdn.example/thumb.jpg" }).cover_url).toBe("https://cdn.example/thumb.jpg");
    const once = yt.parse({ privacy_status: "Private", tags: ["x"], category_id: "10" });
    expect(yt.parse(once)).toEqual(once);
  });

  it("names the field of every invalid parameter", () => {
    expect(yt.paramIssues({ format: "short" })).toEqual(["format: must be one of post"]);
    expect(yt.paramIssues({ privacy_status: "friends" })).toEqual([
      "privacy_status: must be one of public, unlisted, private",
    ]);
    expect(yt.paramIssues({ made_for_kids: "no" })).toEqual(["made_for_kids: must be true or false"]);
    expect(yt.paramIssues({ contains_synthetic_media: 0 })).toEqual([
      "contains_synthetic_media: must be true or false",
    ]);
    expect(yt.paramIssues({ tags: "travel" })).toEqual(["tags: must be a list of strings"]);
    expect(yt.paramIssues({ category_id: "music" })).toEqual([
      'category_id: must be a numeric YouTube video category id, such as "22"',
    ]);
    expect(yt.paramIssues({ title: 7 })).toEqual(["title: must be a string"]);
    expect(yt.paramIssues({ cover_url: "thumb.jpg" })).toEqual(["cover_url: must be an http or https URL"]);
  });
});

describe("youtube titles and tags", () => {
  it("takes the title from params, else the body's first non-blank line cut to 100 characters", () => {
    expect(youtubeTitle({ title: "Given" }, "Body")).toBe("Given");
    expect(youtubeTitle({}, "First line\nSecond")).toBe("First line");
    expect(youtubeTitle({}, "\n  \r\n  Indented first  \nx")).toBe("Indented first");
    expect(youtubeTitle({}, "")).toBe("");
    const long = "word ".repeat(30);
    expect(youtubeTitle({}, long)).toBe(long.slice(0, 100).trimEnd());
    const emoji = "x".repeat(99) + "👍🏽more";
    expect(youtubeTitle({}, emoji)).toBe("x".repeat(99)); // the emoji and its modifier stay together
  });

  it("counts tags as YouTube does", () => {
    expect(youtubeTagsLength([])).toBe(0);
    expect(youtubeTagsLength(["abc"])).toBe(3);
    expect(youtubeTagsLength(["a b", "c"])).toBe(3 + 2 + 1 + 1);
  });
});

describe("youtube post rules", () => {
  it("accepts one video with a description, a title or both", () => {
    expect(yt.validate({})).toEqual([]);
    expect(yt.validate({ title: "x".repeat(100), tags: ["travel", "coast"] }, { body: "" })).toEqual([]);
    expect(yt.validate({}, { body: "x".repeat(300) })).toEqual([]); // a long first line becomes a cut title
  });

  it("refuses thread entries", () => {
    expect(yt.validate({}, { thread: [{ body: "more", media: [video(1)] }] })).toEqual([
      "thread is not supported on youtube",
    ]);
  });

  it("requires exactly one video", () => {
    expect(yt.validate({}, { media: [] })).toEqual(["media is required (one video)"]);
    expect(yt.validate({}, { media: [image()] })).toEqual(["media: images are not supported here"]);
    expect(yt.validate({}, { media: videos(2) })).toEqual(["media has 2 items (maximum 1)"]);
  });

  it("checks the title", () => {
    expect(yt.validate({ title: "x".repeat(101) })).toEqual(["title is too long (101 characters, maximum 100)"]);
    expect(yt.validate({ title: "a <b> title" })).toEqual(["title cannot contain < or >"]);
    expect(yt.validate({}, { body: "" })).toEqual(["title is required when the body is empty"]);
    expect(yt.validate({}, { body: " \n " })).toEqual(["title is required when the body is empty"]);
  });

  it("limits the description to 5,000 UTF-8 bytes without < or >", () => {
    expect(yt.validate({}, { body: "x".repeat(5_000) })).toEqual([]);
    expect(yt.validate({}, { body: "é".repeat(2_501) })).toEqual(["body is too long (5002 bytes, maximum 5000)"]);
    expect(yt.validate({}, { body: "Fish > chips" })).toEqual([
      "body cannot contain < or > (YouTube refuses them in descriptions)",
    ]);
  });

  it("limits tags to 500 characters together, without < or >", () => {
    const tags = Array.from({ length: 50 }, (_, i) => `tag-${String(i).padStart(4, "0")}`); // 50 x 8 + 49 commas = 449
    expect(yt.validate({ tags })).toEqual([]);
    expect(yt.validate({ tags: [...tags, "x".repeat(50)] })).toEqual([]); // exactly 500
    expect(yt.validate({ tags: [...tags, "x".repeat(51)] })).toEqual([
      "tags are too long (501 characters, maximum 500)",
    ]);
    expect(yt.validate({ tags: ["ok", "<bad>"] })).toEqual(["tags[1] cannot contain < or >"]);
  });

  it("takes one custom thumbnail", () => {
    expect(yt.validate({ cover_url: "https://cdn.example/t.jpg", cover_file: "upload-1" })).toEqual([
      "cover_url and cover_file cannot both be set",
    ]);
  });

  it("encodes its media limits and is wired into the connector", () => {
    expect(YOUTUBE_FORMAT_LIMITS.post).toMatchObject({ mediaRequired: true, maxItems: 1, bodyMax: 5_000 });
    expect(YOUTUBE_FORMAT_LIMITS.post).not.toHaveProperty("image");
    expect(youtubePostRules.formatOf(yt.parse({}))).toBe("post");
    expect(youtubeMeta.postRules).toBe(youtubePostRules);
  });
});
