import { describe, expect, it } from "vitest";
import { GB, MB } from "../post-rules";
import { doc, image, images, issuesOf, paramErrors, video } from "../post-rules/draft-fixtures";
import { pinterestMeta } from "./meta";
import { pinterestPostRules as rules } from "./post-rules";

const BOARD = "549755885175";
const profile = { placementIds: [BOARD, "549755885176"] };
const base = { board_id: BOARD };

describe("pinterest post params", () => {
  it("defaults format pin and normalises ids, links and alt_text", () => {
    expect(rules.params.parse(base)).toEqual({ format: "pin", board_id: BOARD });
    expect(rules.params.parse({ board_id: 549755885175, format: "PIN" })).toEqual({ format: "pin", board_id: BOARD });
    // rb/java/node send destination_link, mcp sends link: both end up as link
    expect(rules.params.parse({ ...base, destination_link: "https://cafe.example/beans" })).toEqual({
      format: "pin",
      board_id: BOARD,
      link: "https://cafe.example/beans",
    });
    expect(
      rules.params.parse({ ...base, link: "http://cafe.example/a", destination_link: "https://cafe.example/b" }).link,
    ).toBe("http://cafe.example/a");
    expect(rules.params.parse({ ...base, alt_text: ["A cup of coffee"] }).alt_text).toBe("A cup of coffee");
    expect(rules.params.parse({ ...base, thumb_offset: 2500, title: " Beans ", board_section_id: "" })).toEqual({
      format: "pin",
      board_id: BOARD,
      thumb_offset: "2500",
      title: "Beans",
    });
    expect(rules.formatOf(rules.params.parse(base))).toBe("pin");
  });

  it("requires board_id and refuses malformed values with a message per field", () => {
    expect(paramErrors(rules, {})).toEqual(["board_id is required"]);
    expect(paramErrors(rules, { ...base, format: "post" })).toEqual(["format: must be one of pin"]);
    expect(paramErrors(rules, { ...base, link: "javascript:alert(1)" })).toEqual([
      "link: must be an http or https URL",
    ]);
    expect(paramErrors(rules, { ...base, destination_link: "cafe.example" })).toEqual([
      "destination_link: must be an http or https URL",
    ]);
    expect(paramErrors(rules, { ...base, cover_url: "ftp://cafe.example/c.jpg" })).toEqual([
      "cover_url: must be an http or https URL",
    ]);
    expect(paramErrors(rules, { ...base, thumb_offset: "1.5s" })).toEqual([
      "thumb_offset: must be a whole number of milliseconds",
    ]);
    expect(paramErrors(rules, { ...base, title: 42 })).toEqual(["title: must be a string"]);
  });

  it("encodes the limits: one image, one video or a carousel of 2 to 5 images; description 500", () => {
    expect(rules.formats.pin).toMatchObject({ mediaRequired: true, mixingAllowed: false, maxItems: 5, bodyMax: 500 });
    expect(rules.formats.pin!.image).toEqual({ maxBytes: 20 * MB, types: ["jpg", "png", "webp", "gif"], maxCount: 5 });
    expect(rules.formats.pin!.video).toEqual({
      maxBytes: 2 * GB,
      types: ["mp4", "mov", "m4v"],
      maxCount: 1,
      minDurationSec: 4,
      maxDurationSec: 900,
    });
  });
});

describe("pinterest pins", () => {
  it("accept an image pin, a video pin with a cover, and a carousel", () => {
    const full = {
      ...base,
      title: "Our beans",
      link: "https://cafe.example",
      alt_text: "Roasted beans",
      board_section_id: "1234",
    };
    expect(issuesOf(rules, full, { media: [image()], profile })).toEqual([]);
    expect(
      issuesOf(
        rules,
        { ...base, cover_url: "https://cafe.example/cover.jpg", thumb_offset: "1000" },
        { media: [video()], profile },
      ),
    ).toEqual([]);
    expect(issuesOf(rules, base, { body: "", media: images(5), profile })).toEqual([]);
  });

  it("board_id must be one of the profile's boards", () => {
    expect(issuesOf(rules, { board_id: "1" }, { media: [image()], profile })).toEqual([
      "board_id must be one of the profile's boards",
    ]);
  });

  it("need media: at most 5 images or one video, not mixed, no documents", () => {
    expect(issuesOf(rules, base, { profile })).toEqual(["media is required"]);
    expect(issuesOf(rules, base, { media: images(6), profile })).toEqual(["media has 6 items (maximum 5)"]);
    expect(issuesOf(rules, base, { media: [video("a"), video("b")], profile })).toEqual([
      "media has 2 videos (maximum 1)",
    ]);
    expect(issuesOf(rules, base, { media: [image(), video()], profile })).toEqual([
      "media cannot mix images and video",
    ]);
    expect(issuesOf(rules, base, { media: [doc()], profile })).toEqual(["media: documents are not supported here"]);
  });

  it("limit the description, title, link and alt_text", () => {
    const media = [image()];
    expect(issuesOf(rules, base, { body: "a".repeat(500), media, profile })).toEqual([]);
    expect(issuesOf(rules, base, { body: "a".repeat(501), media, profile })).toEqual([
      "body is too long (501 characters, maximum 500)",
    ]);
    expect(issuesOf(rules, { ...base, title: "t".repeat(100) }, { media, profile })).toEqual([]);
    expect(issuesOf(rules, { ...base, title: "t".repeat(101) }, { media, profile })).toEqual([
      "title is too long (101 characters, maximum 100)",
    ]);
    expect(issuesOf(rules, { ...base, link: `https://cafe.example/${"p".repeat(2030)}` }, { media, profile })).toEqual([
      "link is too long (2051 characters, maximum 2048)",
    ]);
    expect(issuesOf(rules, { ...base, alt_text: "x".repeat(501) }, { media, profile })).toEqual([
      "alt_text is too long (501 characters, maximum 500)",
    ]);
    expect(issuesOf(rules, { ...base, alt_text: ["a", "b"] }, { media: images(2), profile })).toEqual([
      "alt_text must be one text on pinterest (a pin has one; 2 given)",
    ]);
  });

  it("refuse cover_url and thumb_offset on image pins", () => {
    expect(
      issuesOf(
        rules,
        { ...base, cover_url: "https://cafe.example/c.jpg", thumb_offset: "0" },
        { media: [image()], profile },
      ),
    ).toEqual(["cover_url applies to video pins only", "thumb_offset applies to video pins only"]);
  });

  it("refuse a thread", () => {
    expect(issuesOf(rules, base, { media: [image()], thread: [{ body: "more", media: [] }], profile })).toEqual([
      "thread is not supported on pinterest",
    ]);
  });
});

it("pinterest rules are the network's post rules (its meta)", () => {
  expect(pinterestMeta.postRules).toBe(rules);
});
