import { describe, expect, it } from "vitest";
import { gif, image, images, rulesHarness, video, videos } from "../post-rules/test-harness";
import { TIKTOK_COVER_LIMITS, TIKTOK_FORMAT_LIMITS, tiktokPostRules } from "./post-rules";
import { tiktokMeta } from "./meta";

const tt = rulesHarness(tiktokPostRules, { media: [video()] });
const photo = { format: "image" };
const before = { connectedAt: new Date("2026-09-29T23:59:59Z") };
const onOrAfter = { connectedAt: new Date("2026-09-30T00:00:00Z") };
const cover = { cover_url: "https://cdn.example/cover.jpg" };

describe("tiktok post params", () => {
  it("fills the defaults of a video post", () => {
    expect(tt.parse({})).toEqual({
      format: "video",
      upload_as_draft: false,
      privacy_status: "PUBLIC_TO_EVERYONE",
      disable_comment: true,
      brand_content_toggle: false,
      brand_organic_toggle: false,
      made_with_ai: false,
      disable_duet: true,
      disable_stitch: true,
    });
  });

  it("fills the defaults of a photo post", () => {
    expect(tt.parse(photo)).toEqual({
      format: "image",
      upload_as_draft: false,
      privacy_status: "PUBLIC_TO_EVERYONE",
      disable_comment: true,
      brand_content_toggle: false,
      brand_organic_toggle: false,
      photo_cover_index: 0,
      auto_add_music: false,
    });
  });

  it("takes multipart strings and any case", () => {
    expect(
      tt.parse({
        format: "IMAGE",
        privacy_status: "self_only",
        upload_as_draft: "TRUE",
        disable_comment: "false",
        photo_cover_index: "2",
        auto_add_music: "true",
      }),
    ).toMatchObject({
      format: "image",
      privacy_status: "SELF_ONLY",
      upload_as_draft: true,
      disable_comment: false,
      photo_cover_index: 2,
      auto_add_music: true,
    });
    expect(tt.parse({ disable_duet: "false", made_with_ai: true, thumb_offset: 2500 })).toMatchObject({
      disable_duet: false,
      made_with_ai: true,
      thumb_offset: "2500",
    });
    const once = tt.parse({ ...photo, privacy_status: "mutual_follow_friends" });
    expect(tt.parse(once)).toEqual(once);
  });

  it("names the field of every invalid parameter", () => {
    expect(tt.paramIssues({ format: "carousel" })).toEqual(["format: must be one of video, image"]);
    expect(tt.paramIssues({ privacy_status: "FRIENDS" })).toEqual([
      "privacy_status: must be one of PUBLIC_TO_EVERYONE, MUTUAL_FOLLOW_FRIENDS, FOLLOWER_OF_CREATOR, SELF_ONLY",
    ]);
    expect(tt.paramIssues({ upload_as_draft: "maybe" })).toEqual(["upload_as_draft: must be true or false"]);
    expect(tt.paramIssues({ disable_stitch: 1 })).toEqual(["disable_stitch: must be true or false"]);
    expect(tt.paramIssues({ ...photo, photo_cover_index: 35 })).toEqual([
      "photo_cover_index: must be between 0 and 34",
    ]);
    expect(tt.paramIssues({ ...photo, photo_cover_index: "first" })).toEqual([
      "photo_cover_index: must be a whole number",
    ]);
    expect(tt.paramIssues({ cover_url: "cover.jpg" })).toEqual(["cover_url: must be an http or https URL"]);
    expect(tt.paramIssues({ cover_file: 12 })).toEqual(["cover_file: must be an uploaded file"]);
    expect(tt.paramIssues({ thumb_offset: "-5" })).toEqual(["thumb_offset: must be a whole number of milliseconds"]);
  });
});

describe("tiktok post rules", () => {
  it("accepts valid video and photo posts", () => {
    expect(tt.validate({ privacy_status: "SELF_ONLY", thumb_offset: "1000" }, { body: "x".repeat(2_200) })).toEqual([]);
    expect(tt.validate(photo, { media: images(35) })).toEqual([]);
    expect(tt.validate({ ...photo, photo_cover_index: 2 }, { media: [...images(2), gif()] })).toEqual([]);
  });

  it("refuses thread entries", () => {
    expect(tt.validate({}, { thread: [{ body: "more", media: [] }] })).toEqual(["thread is not supported on tiktok"]);
  });

  it("requires the media of each format", () => {
    expect(tt.validate({}, { media: [] })).toEqual(["media is required for video"]);
    expect(tt.validate(photo, { media: [] })).toEqual(["media is required for image"]);
    expect(tt.validate({}, { media: videos(2) })).toEqual(["media has 2 items (maximum 1)"]);
    expect(tt.validate({}, { media: [image()] })).toEqual(["media: images are not supported here"]);
    expect(tt.validate(photo, { media: [image(), video()] })).toContain("media: videos are not supported here");
    expect(tt.validate(photo, { media: images(36) })).toEqual(["media has 36 items (maximum 35)"]);
  });

  it("limits the caption to 2,200 characters, except on video drafts", () => {
    expect(tt.validate({}, { body: "x".repeat(2_201) })).toEqual(["body is too long (2201 characters, maximum 2200)"]);
    expect(tt.validate(photo, { body: "x".repeat(2_201), media: [image()] })).toEqual([
      "body is too long (2201 characters, maximum 2200)",
    ]);
    expect(tt.validate({ ...photo, upload_as_draft: true }, { body: "x".repeat(2_201), media: [image()] })).toEqual([
      "body is too long (2201 characters, maximum 2200)",
    ]);
    expect(tt.validate({ upload_as_draft: true }, { body: "x".repeat(5_000) })).toEqual([]);
  });

  it("refuses a custom cover on profiles connected before 2026-09-30", () => {
    expect(tt.validate(cover, { profile: before })).toEqual([
      "cover_url is not available on TikTok profiles connected before 2026-09-30 (use thumb_offset, or connect the account again)",
    ]);
    expect(tt.validate({ cover_file: "upload-1" }, { profile: before })).toEqual([
      "cover_file is not available on TikTok profiles connected before 2026-09-30 (use thumb_offset, or connect the account again)",
    ]);
    expect(tt.validate({ cover_file: new Blob(["jpg"]) }, { profile: onOrAfter })).toEqual([]);
    expect(tt.validate(cover, { profile: onOrAfter })).toEqual([]);
    expect(tt.validate({ thumb_offset: "1500" }, { profile: before })).toEqual([]);
    expect(tt.validate({ ...cover, cover_file: "upload-1" }, { profile: onOrAfter })).toEqual([
      "cover_url and cover_file cannot both be set",
    ]);
  });

  it("ignores everything but the media on video drafts, and covers on photo posts", () => {
    expect(tt.validate({ ...cover, upload_as_draft: true }, { profile: before })).toEqual([]);
    expect(tt.validate({ ...photo, ...cover }, { media: [image()], profile: before })).toEqual([]);
  });

  it("keeps photo_cover_index on one of the images", () => {
    expect(tt.validate({ ...photo, photo_cover_index: 3 }, { media: images(3) })).toEqual([
      "photo_cover_index is past the last media item (3; the post has 3)",
    ]);
  });

  it("refuses private branded content where privacy applies", () => {
    const branded = { brand_content_toggle: true, privacy_status: "SELF_ONLY" };
    const message =
      "brand_content_toggle cannot be used with privacy_status SELF_ONLY (branded content cannot be private)";
    expect(tt.validate(branded, { profile: before })).toEqual([message]);
    expect(tt.validate({ ...photo, ...branded }, { media: [image()], profile: onOrAfter })).toEqual([message]);
    expect(tt.validate(branded, { profile: onOrAfter })).toEqual([]); // newer profiles publish videos publicly
    expect(tt.validate({ ...photo, ...branded, upload_as_draft: true }, { media: [image()] })).toEqual([]); // photo drafts drop privacy
    expect(tt.validate({ brand_organic_toggle: true, privacy_status: "SELF_ONLY" }, { profile: before })).toEqual([]);
  });

  it("encodes the spec's media limits and is wired into the connector", () => {
    expect(TIKTOK_FORMAT_LIMITS.video.video).toMatchObject({
      maxBytes: 4 * 1024 ** 3,
      minDurationSec: 3,
      maxDurationSec: 600,
      minWidth: 720,
      minHeight: 1280,
    });
    expect(TIKTOK_FORMAT_LIMITS.image.image).toMatchObject({
      maxBytes: 20 * 1024 ** 2,
      maxCount: 35,
      types: ["jpg", "gif"],
    });
    expect(TIKTOK_COVER_LIMITS).toMatchObject({
      minWidth: 360,
      minHeight: 360,
      maxWidth: 1080,
      maxHeight: 1920,
      types: ["jpg", "png", "webp"],
    });
    expect(tiktokPostRules.formatOf(tt.parse(photo))).toBe("image");
    expect(tiktokMeta.postRules).toBe(tiktokPostRules);
  });
});
