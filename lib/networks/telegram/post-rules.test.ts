import { describe, expect, it } from "vitest";
import { MB } from "../post-rules";
import { doc, gif, image, images, issuesOf, paramErrors, video } from "../post-rules/draft-fixtures";
import { telegramMeta } from "./meta";
import { telegramPostRules as rules } from "./post-rules";

const CHANNEL = "-1001234567890";
const profile = { placementIds: [CHANNEL, "-1009876543210"] };
const base = { chat_id: CHANNEL };

describe("telegram post params", () => {
  it("normalises chat_id, parse_mode and the flags; defaults the flags to false", () => {
    expect(rules.params.parse(base)).toEqual({
      format: "post",
      chat_id: CHANNEL,
      disable_link_preview: false,
      disable_notification: false,
    });
    expect(rules.params.parse({ chat_id: -1001234567890, parse_mode: "markdownv2" })).toMatchObject({
      chat_id: CHANNEL,
      parse_mode: "MarkdownV2",
    });
    expect(rules.params.parse({ ...base, parse_mode: "html" }).parse_mode).toBe("HTML");
    expect(rules.params.parse({ ...base, parse_mode: "" }).parse_mode).toBeUndefined(); // plain text
    // booleans as multipart strings, in any case (lib/schemas/boolean-string.ts)
    expect(rules.params.parse({ ...base, disable_link_preview: "true", disable_notification: "False" })).toMatchObject({
      disable_link_preview: true,
      disable_notification: false,
    });
    expect(rules.params.parse({ ...base, disable_link_preview: true, disable_notification: null })).toMatchObject({
      disable_link_preview: true,
      disable_notification: false,
    });
    expect(rules.formatOf(rules.params.parse(base))).toBe("post");
  });

  it("requires chat_id and refuses malformed values with a message per field", () => {
    expect(paramErrors(rules, {})).toEqual(["chat_id is required"]);
    expect(paramErrors(rules, { chat_id: "  " })).toEqual(["chat_id: can't be blank"]);
    expect(paramErrors(rules, { chat_id: { id: 1 } })).toEqual(["chat_id: must be a string"]);
    expect(paramErrors(rules, { ...base, parse_mode: "Markdown" })).toEqual([
      "parse_mode: must be one of HTML, MarkdownV2",
    ]);
    expect(paramErrors(rules, { ...base, disable_link_preview: "yes" })).toEqual([
      "disable_link_preview: must be true or false",
    ]);
    expect(paramErrors(rules, { ...base, disable_notification: 1 })).toEqual([
      "disable_notification: must be true or false",
    ]);
    expect(paramErrors(rules, { ...base, format: "story" })).toEqual(["format: must be one of post"]);
  });

  it("encodes the spec's limits", () => {
    expect(rules.formats.post).toMatchObject({
      bodyMax: 4096,
      maxItems: 10,
      mixingAllowed: true,
      mediaRequired: false,
    });
    expect(rules.formats.post!.image).toEqual({
      maxBytes: 10 * MB,
      types: ["jpg", "png", "webp", "gif"],
      maxCount: 10,
    });
    expect(rules.formats.post!.video).toEqual({ maxBytes: 50 * MB, types: ["mp4", "mov"], maxCount: 10 });
    expect(rules.formats.post!.document).toEqual({
      maxBytes: 50 * MB,
      types: ["pdf", "doc", "docx", "zip", "mp3", "wav"],
      maxCount: 1,
    });
  });
});

describe("telegram posts", () => {
  it("accept text, a mixed media group of up to 10, or one document", () => {
    expect(issuesOf(rules, base, { profile })).toEqual([]);
    expect(
      issuesOf(
        rules,
        { ...base, parse_mode: "HTML" },
        { body: "<b>New</b>", media: [...images(5), video("a"), video("b"), gif(), image("x"), video("c")], profile },
      ),
    ).toEqual([]);
    expect(issuesOf(rules, base, { body: "", media: [doc()], profile })).toEqual([]);
  });

  it("chat_id must be one of the profile's channels", () => {
    expect(issuesOf(rules, { chat_id: "-100555" }, { profile })).toEqual([
      "chat_id must be one of the profile's channels",
    ]);
    expect(issuesOf(rules, base, { profile: { placementIds: [] } })).toEqual([
      "chat_id must be one of the profile's channels (none yet: make the bot an administrator of the channel)",
    ]);
  });

  it("limits the body to 4,096 characters and needs a body or media", () => {
    expect(issuesOf(rules, base, { body: "a".repeat(4096), profile })).toEqual([]);
    expect(issuesOf(rules, base, { body: "a".repeat(4097), profile })).toEqual([
      "body is too long (4097 characters, maximum 4096)",
    ]);
    expect(issuesOf(rules, base, { body: "", profile })).toEqual(["body is required when there is no media"]);
  });

  it("refuses more than 10 media items, several documents or a document with other media", () => {
    expect(issuesOf(rules, base, { media: images(11), profile })).toEqual(["media has 11 items (maximum 10)"]);
    expect(issuesOf(rules, base, { media: [doc("a"), doc("b")], profile })).toEqual([
      "media has 2 documents (maximum 1)",
      "media: a document must be the only media item",
    ]);
    expect(issuesOf(rules, base, { media: [doc(), image()], profile })).toEqual([
      "media: a document must be the only media item",
    ]);
  });

  it("refuses a thread", () => {
    expect(issuesOf(rules, base, { thread: [{ body: "more", media: [] }], profile })).toEqual([
      "thread is not supported on telegram",
    ]);
  });
});

it("telegram rules are the network's post rules (its meta)", () => {
  expect(telegramMeta.postRules).toBe(rules);
});
