import { describe, expect, it } from "vitest";
import { gif, image, images, rulesHarness, video, videos } from "../post-rules/test-harness";
import { INSTAGRAM_FORMAT_LIMITS, instagramPostRules } from "./post-rules";
import { instagramMeta } from "./meta";

const ig = rulesHarness(instagramPostRules, { media: [image()] });
const reel = { format: "reel" };
const story = { format: "story" };

describe("instagram post params", () => {
  it("fills defaults and normalises user tags, collaborators and reel fields", () => {
    expect(ig.parse({})).toMatchObject({ format: "post" });
    expect(
      ig.parse({
        user_tags: [
          { username: "@ada", x: "0.25", y: 0.5 },
          { username: "bob", media_index: "1" },
        ],
        collaborators: "@carol, dan",
      }),
    ).toMatchObject({
      user_tags: [
        { username: "ada", x: 0.25, y: 0.5, media_index: 0 },
        { username: "bob", media_index: 1 },
      ],
      collaborators: ["carol", "dan"],
    });
    expect(ig.parse({ collaborators: ["@a.b", "c_d"] }).collaborators).toEqual(["a.b", "c_d"]);
    expect(ig.parse({ collaborators: '["x","y"]' }).collaborators).toEqual(["x", "y"]);
    expect(
      ig.parse({ ...reel, trial_strategy: "ss_performance", thumb_offset: 1500, audio_name: "Tune" }),
    ).toMatchObject({
      format: "reel",
      trial_strategy: "SS_PERFORMANCE",
      thumb_offset: "1500",
      audio_name: "Tune",
    });
    // java and rb send trial_strategy as a boolean
    expect(ig.parse({ trial_strategy: true }).trial_strategy).toBe("MANUAL");
    expect(ig.parse({ trial_strategy: "false" }).trial_strategy).toBeUndefined();
  });

  it("parses its own output to the same value", () => {
    const once = ig.parse({
      user_tags: [{ username: "@@ada", x: 0.1, y: 0.2 }],
      collaborators: "@a",
      trial_strategy: true,
    });
    expect(ig.parse(once)).toEqual(once);
  });

  it("names the field of every invalid parameter", () => {
    expect(ig.paramIssues({ format: "carousel" })).toEqual(["format: must be one of post, reel, story"]);
    expect(ig.paramIssues({ user_tags: [{ x: 0.1, y: 0.1 }] })).toEqual(["user_tags.0.username is required"]);
    expect(ig.paramIssues({ user_tags: [{ username: "@" }] })).toEqual(["user_tags.0.username: can't be blank"]);
    expect(ig.paramIssues({ user_tags: [{ username: "no spaces" }] })).toEqual([
      "user_tags.0.username: must be an Instagram username (letters, digits, periods and underscores; at most 30)",
    ]);
    expect(ig.paramIssues({ user_tags: [{ username: "ada", x: "left" }] })).toEqual([
      "user_tags.0.x: must be a number",
    ]);
    expect(ig.paramIssues({ user_tags: [{ username: "ada", media_index: -1 }] })).toEqual([
      "user_tags.0.media_index: must be between 0 and 9",
    ]);
    expect(ig.paramIssues({ user_tags: ["ada"] })).toEqual([
      "user_tags.0: must be an object with username, x, y and media_index",
    ]);
    expect(ig.paramIssues({ user_tags: "ada" })).toEqual(["user_tags: must be a list of user tags"]);
    expect(ig.paramIssues({ collaborators: ["ok", "not ok"] })).toEqual([
      "collaborators.1: must be an Instagram username (letters, digits, periods and underscores; at most 30)",
    ]);
    expect(ig.paramIssues({ trial_strategy: "AUTO" })).toEqual([
      "trial_strategy: must be one of MANUAL, SS_PERFORMANCE",
    ]);
    expect(ig.paramIssues({ cover_url: "cover.jpg" })).toEqual(["cover_url: must be an http or https URL"]);
    expect(ig.paramIssues({ thumb_offset: "1.5s" })).toEqual(["thumb_offset: must be a whole number of milliseconds"]);
    expect(ig.paramIssues({ first_comment: ["a"] })).toEqual(["first_comment: must be a string"]);
  });
});

describe("instagram post rules", () => {
  it("accepts valid drafts of every format", () => {
    expect(ig.validate({ first_comment: "x".repeat(2_196) })).toEqual([]);
    expect(ig.validate({}, { media: [...images(9), video()] })).toEqual([]);
    expect(
      ig.validate(
        { ...reel, collaborators: ["a", "b", "c"], cover_url: "https://cdn.example/c.jpg" },
        { media: [video()] },
      ),
    ).toEqual([]);
    expect(ig.validate(story, { media: [video()], body: "x".repeat(5_000) })).toEqual([]);
  });

  it("refuses thread entries", () => {
    expect(ig.validate({}, { thread: [{ body: "more", media: [] }] })).toEqual([
      "thread is not supported on instagram",
    ]);
  });

  it("requires media on every format and checks it per format", () => {
    expect(ig.validate({}, { media: [] })).toEqual(["media is required for post"]);
    expect(ig.validate(reel, { media: [] })).toEqual(["media is required for reel"]);
    expect(ig.validate(story, { media: [] })).toEqual(["media is required for story"]);
    expect(ig.validate({}, { media: images(11) })).toEqual(["media has 11 items (maximum 10)"]);
    expect(ig.validate({}, { media: videos(2) })).toEqual(["media has 2 videos (maximum 1)"]); // the spec's Limits: 1 video
    expect(ig.validate({}, { media: [gif()] })).toEqual(["media: GIFs are not supported here"]);
    expect(ig.validate(reel, { media: [image()] })).toEqual(["media: images are not supported here"]);
    expect(ig.validate(story, { media: images(2) })).toEqual(["media has 2 items (maximum 1)"]);
  });

  it("limits the caption, its hashtags and first_comment on post and reel only", () => {
    expect(ig.validate({}, { body: "x".repeat(2_201) })).toEqual(["body is too long (2201 characters, maximum 2200)"]);
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(" ");
    expect(ig.validate({}, { body: tags(30) })).toEqual([]);
    expect(ig.validate({}, { body: tags(31) })).toEqual(["body has 31 hashtags (maximum 30)"]);
    expect(ig.validate({ first_comment: "x".repeat(2_197) })).toEqual([
      "first_comment is too long (2197 characters, maximum 2196)",
    ]);
    expect(ig.validate({ ...reel, first_comment: "x".repeat(2_197) }, { media: [video()] })).toEqual([
      "first_comment is too long (2197 characters, maximum 2196)",
    ]);
    expect(ig.validate({ ...story, first_comment: "x".repeat(3_000) }, { body: tags(40) })).toEqual([]);
  });

  it("allows at most 3 collaborators on a reel and one cover", () => {
    expect(ig.validate({ ...reel, collaborators: "a,b,c,d" }, { media: [video()] })).toEqual([
      "collaborators has 4 usernames (maximum 3 on reel)",
    ]);
    expect(ig.validate({ collaborators: "a,b,c,d" })).toEqual([]);
    expect(
      ig.validate({ ...reel, cover_url: "https://cdn.example/c.jpg", cover_file: "upload-1" }, { media: [video()] }),
    ).toEqual(["cover_url and cover_file cannot both be set"]);
  });

  describe("user tags", () => {
    it("accepts tags by the rules of each format", () => {
      expect(ig.validate({ user_tags: [{ username: "ada", x: 0, y: 1 }] })).toEqual([]);
      // a video slide of a carousel is tagged by username only
      expect(
        ig.validate(
          {
            user_tags: [
              { username: "ada", x: 0.5, y: 0.5 },
              { username: "bob", media_index: 1 },
            ],
          },
          { media: [image(), video()] },
        ),
      ).toEqual([]);
      expect(ig.validate({ ...reel, user_tags: [{ username: "ada" }] }, { media: [video()] })).toEqual([]);
      expect(ig.validate({ ...story, user_tags: [{ username: "ada" }, { username: "bob", x: 0.3, y: 0.3 }] })).toEqual(
        [],
      );
    });

    it("refuses coordinates outside 0.0 to 1.0, naming the entry", () => {
      expect(
        ig.validate({
          user_tags: [
            { username: "ada", x: 0.5, y: 0.5 },
            { username: "bob", x: 1.5, y: -0.1 },
          ],
        }),
      ).toEqual(["user_tags[1].x must be between 0.0 and 1.0", "user_tags[1].y must be between 0.0 and 1.0"]);
      expect(ig.validate({ ...reel, user_tags: [{ username: "ada", x: 2 }] }, { media: [video()] })).toEqual([
        "user_tags[0].x must be between 0.0 and 1.0",
      ]);
    });

    it("refuses a media_index past the last item", () => {
      expect(
        ig.validate({ user_tags: [{ username: "ada", x: 0.5, y: 0.5, media_index: 2 }] }, { media: images(2) }),
      ).toEqual(["user_tags[0].media_index is past the last media item (2; the post has 2)"]);
      expect(ig.validate({ ...reel, user_tags: [{ username: "ada", media_index: 1 }] }, { media: [video()] })).toEqual([
        "user_tags[0].media_index is past the last media item (1; the post has 1)",
      ]);
    });

    it("requires x and y on an image of a feed post", () => {
      expect(ig.validate({ user_tags: [{ username: "ada" }] })).toEqual([
        "user_tags[0] tags an image and needs x and y",
      ]);
      expect(
        ig.validate(
          {
            user_tags: [
              { username: "ada", x: 0.5 },
              { username: "bob", y: 0.5, media_index: 1 },
            ],
          },
          { media: images(2) },
        ),
      ).toEqual(["user_tags[0] tags an image and needs x and y", "user_tags[1] tags an image and needs x and y"]);
    });
  });

  it("encodes the spec's media limits and is wired into the connector", () => {
    expect(INSTAGRAM_FORMAT_LIMITS.post).toMatchObject({
      mixingAllowed: true,
      maxItems: 10,
      image: { maxBytes: 8 * 1024 * 1024 },
    });
    expect(INSTAGRAM_FORMAT_LIMITS.reel.video).toMatchObject({ minDurationSec: 3, maxDurationSec: 90 * 60 });
    expect(INSTAGRAM_FORMAT_LIMITS.story.video).toMatchObject({ maxBytes: 100 * 1024 * 1024, minDurationSec: 1 });
    expect(instagramPostRules.formatOf(ig.parse(reel))).toBe("reel");
    expect(instagramMeta.postRules).toBe(instagramPostRules);
  });
});
