import { describe, expect, it } from "vitest";
import { doc, gif, image, images, rulesHarness, video, videos } from "../post-rules/test-harness";
import { FACEBOOK_FORMAT_LIMITS, facebookPostRules } from "./post-rules";
import { facebookMeta } from "./meta";

const fb = rulesHarness(facebookPostRules, { profile: { placementIds: ["20001", "20002"] } });
const page = { page_id: "20001" };

describe("facebook post params", () => {
  it("fills the default format and normalises what clients send", () => {
    expect(fb.parse({ page_id: 20001 })).toMatchObject({ format: "post", page_id: "20001" });
    expect(
      fb.parse({
        ...page,
        format: "REEL",
        made_with_ai: "true",
        countries: "us, de ,fr",
        link: "https://example.com/a",
        title: " Launch ",
        alt_text: ["a", "b"],
      }),
    ).toMatchObject({
      format: "reel",
      made_with_ai: true,
      countries: ["US", "DE", "FR"],
      link: "https://example.com/a",
      title: "Launch",
      alt_text: ["a", "b"],
    });
    expect(fb.parse({ ...page, countries: ["us", "US"] }).countries).toEqual(["US"]);
  });

  it("parses its own output to the same value", () => {
    const once = fb.parse({ ...page, format: "story", countries: "gb", made_with_ai: "false" });
    expect(fb.parse(once)).toEqual(once);
  });

  it("names the field of every invalid parameter", () => {
    expect(fb.paramIssues({})).toEqual(["page_id is required"]);
    expect(fb.paramIssues({ page_id: " " })).toEqual(["page_id: can't be blank"]);
    expect(fb.paramIssues({ ...page, format: "carousel" })).toEqual(["format: must be one of post, reel, story"]);
    expect(fb.paramIssues({ ...page, link: "ftp://example.com/x" })).toEqual(["link: must be an http or https URL"]);
    expect(fb.paramIssues({ ...page, link: "not a url" })).toEqual(["link: must be an http or https URL"]);
    expect(fb.paramIssues({ ...page, countries: "USA" })).toEqual([
      "countries.0: USA is not an ISO 3166-1 alpha-2 country code",
    ]);
    expect(fb.paramIssues({ ...page, countries: 7 })).toEqual([
      "countries: must be a list of ISO 3166-1 alpha-2 country codes (an array or a comma-separated string)",
    ]);
    expect(fb.paramIssues({ ...page, made_with_ai: "yes" })).toEqual(["made_with_ai: must be true or false"]);
    expect(fb.paramIssues({ ...page, alt_text: 3 })).toEqual(["alt_text: must be a string or a list of strings"]);
    expect(fb.paramIssues({ ...page, first_comment: 5 })).toEqual(["first_comment: must be a string"]);
  });
});

describe("facebook post rules", () => {
  it("accepts valid drafts of every format", () => {
    expect(fb.validate(page, { body: "Text only" })).toEqual([]);
    expect(fb.validate(page, { media: images(10) })).toEqual([]);
    expect(fb.validate(page, { media: [gif()], body: "" })).toEqual([]);
    expect(fb.validate(page, { media: [video()] })).toEqual([]);
    expect(fb.validate({ ...page, link: "https://example.com", countries: "us" }, { body: "Read this" })).toEqual([]);
    expect(fb.validate({ ...page, link: "https://example.com" }, { body: "" })).toEqual([]);
    expect(
      fb.validate(
        { ...page, format: "reel", title: "Launch", first_comment: "First!" },
        { media: [video()], body: "x".repeat(2_200) },
      ),
    ).toEqual([]);
    expect(fb.validate({ ...page, format: "story" }, { media: [image()] })).toEqual([]);
    expect(fb.validate({ page_id: "20002", format: "story" }, { media: [video()] })).toEqual([]);
  });

  it("requires page_id to be one of the profile's pages", () => {
    expect(fb.validate({ page_id: "99999" })).toEqual(["page_id must be one of the profile's pages"]);
  });

  it("refuses thread entries", () => {
    expect(fb.validate(page, { thread: [{ body: "more", media: [] }] })).toEqual([
      "thread is not supported on facebook",
    ]);
  });

  it("limits the body per format; stories take no caption", () => {
    expect(fb.validate(page, { body: "x".repeat(63_206) })).toEqual([]);
    expect(fb.validate(page, { body: "x".repeat(63_207) })).toEqual([
      "body is too long (63207 characters, maximum 63206)",
    ]);
    expect(fb.validate({ ...page, format: "reel" }, { body: "x".repeat(2_201), media: [video()] })).toEqual([
      "body is too long (2201 characters, maximum 2200)",
    ]);
    expect(fb.validate({ ...page, format: "story" }, { body: "x".repeat(70_000), media: [image()] })).toEqual([]);
  });

  it("checks media per format", () => {
    expect(fb.validate({ ...page, format: "reel" })).toEqual(["media is required for reel"]);
    expect(fb.validate({ ...page, format: "story" })).toEqual(["media is required for story"]);
    expect(fb.validate({ ...page, format: "reel" }, { media: [image()] })).toEqual([
      "media: images are not supported here",
    ]);
    expect(fb.validate({ ...page, format: "reel" }, { media: videos(2) })).toEqual(["media has 2 items (maximum 1)"]);
    expect(fb.validate({ ...page, format: "story" }, { media: [image(), video()] })).toContain(
      "media has 2 items (maximum 1)",
    );
    expect(fb.validate({ ...page, format: "story" }, { media: [gif()] })).toEqual([
      "media: GIFs are not supported here",
    ]);
    expect(fb.validate(page, { media: images(11) })).toEqual(["media has 11 items (maximum 10)"]);
    expect(fb.validate(page, { media: [image(), video()] })).toEqual(["media cannot mix images and video"]);
    expect(fb.validate(page, { media: videos(2) })).toEqual(["media has 2 videos (maximum 1)"]);
    expect(fb.validate(page, { media: [doc()] })).toEqual(["media: documents are not supported here"]);
  });

  it("keeps link posts text-only and refuses empty feed posts", () => {
    expect(fb.validate({ ...page, link: "https://example.com" }, { media: [image()] })).toEqual([
      "link cannot be combined with media (a link post is text-only)",
    ]);
    expect(fb.validate(page, { body: "  " })).toEqual(["body is required when there is no media or link"]);
  });

  it("refuses made_with_ai true on an image feed post (Graph has no such parameter), accepts false", () => {
    expect(fb.validate({ ...page, made_with_ai: true }, { media: [image()] })).toEqual([
      "made_with_ai is not supported: the Graph API cannot set the AI label on Page posts (Meta labels AI images from their metadata)",
    ]);
    expect(fb.validate({ ...page, made_with_ai: false }, { media: [image()] })).toEqual([]);
  });

  it("ignores countries, link and made_with_ai where they do not apply", () => {
    expect(
      fb.validate(
        { ...page, format: "reel", link: "https://example.com", countries: "us", made_with_ai: true },
        { media: [video()] },
      ),
    ).toEqual([]);
    expect(
      fb.validate({ ...page, format: "story", link: "https://example.com" }, { media: [image()], body: "" }),
    ).toEqual([]);
  });

  it("encodes the spec's media limits and is wired into the connector", () => {
    expect(FACEBOOK_FORMAT_LIMITS.post.image).toMatchObject({
      maxCount: 10,
      minWidth: 200,
      types: ["jpg", "png", "gif", "webp"],
    });
    expect(FACEBOOK_FORMAT_LIMITS.reel.video).toMatchObject({ minDurationSec: 3, maxDurationSec: 90 });
    expect(FACEBOOK_FORMAT_LIMITS.story.image).toMatchObject({ minWidth: 500, types: ["jpg", "png"] });
    expect(facebookPostRules.formatOf(fb.parse({ ...page, format: "story" }))).toBe("story");
    expect(facebookMeta.postRules).toBe(facebookPostRules);
  });
});
