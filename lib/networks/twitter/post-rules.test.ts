import { describe, expect, it } from "vitest";
import { MB } from "../post-rules";
import { doc, draftFor, gif, image, images, issuesOf, paramErrors, video } from "../post-rules/draft-fixtures";
import { twitterMeta } from "./meta";
import { twitterPostRules as rules } from "./post-rules";

const paid = { metadata: { subscription_type: "Premium" } };
const poll = { format: "poll", poll_options: ["Espresso", "Latte"], poll_duration_minutes: 60 };

describe("twitter post params", () => {
  it("defaults to the post format and normalises what clients send", () => {
    expect(rules.params.parse({})).toEqual({ format: "post" });
    expect(rules.params.parse({ format: "POST", alt_text: "" })).toEqual({ format: "post" });
    expect(rules.params.parse({ alt_text: ["a", "b"] })).toEqual({ format: "post", alt_text: ["a", "b"] });
    // multipart: numbers as strings, arrays as JSON text (rb stringifies arrays)
    expect(rules.params.parse({ format: "poll", poll_options: '["Yes","No"]', poll_duration_minutes: "90" })).toEqual({
      format: "poll",
      poll_options: ["Yes", "No"],
      poll_duration_minutes: 90,
    });
    expect(rules.params.parse({ format: "poll", poll_options: ["Yes", "No"] }).poll_duration_minutes).toBe(1440); // a day, X's default
    expect(rules.formatOf(rules.params.parse(poll))).toBe("poll");
  });

  it("refuses malformed parameters with a message per field", () => {
    expect(paramErrors(rules, { format: "thread" })).toEqual(["format: must be one of post, poll"]);
    expect(paramErrors(rules, { format: "poll", poll_duration_minutes: 4 })).toEqual([
      "poll_duration_minutes: must be between 5 and 10,080 minutes",
    ]);
    expect(paramErrors(rules, { format: "poll", poll_duration_minutes: "10081" })).toEqual([
      "poll_duration_minutes: must be between 5 and 10,080 minutes",
    ]);
    expect(paramErrors(rules, { poll_duration_minutes: "an hour" })).toEqual([
      "poll_duration_minutes: must be a whole number",
    ]);
    expect(paramErrors(rules, { poll_duration_minutes: 7.5 })).toEqual([
      "poll_duration_minutes: must be a whole number",
    ]);
    expect(paramErrors(rules, { poll_options: "Yes, No" })).toEqual(["poll_options: must be a list of strings"]);
    expect(paramErrors(rules, { poll_options: ["Yes", 2] })).toEqual(["poll_options.1: must be a string"]);
    expect(paramErrors(rules, { alt_text: 5 })).toEqual(["alt_text: must be a string or a list of strings"]);
  });

  it("encodes the spec's media limits", () => {
    expect(rules.formats.post).toMatchObject({ mediaRequired: false, mixingAllowed: false, maxItems: 4, bodyMax: 280 });
    expect(rules.formats.post!.image).toEqual({
      maxBytes: 5 * MB,
      types: ["jpg", "png", "webp", "gif"],
      maxCount: 4,
      minWidth: 4,
      minHeight: 4,
    });
    // the contract holds an X GIF to the image limit (5 MB), although X's own tweet_gif category takes 15 MB
    expect(rules.formats.post!.gif).toBeUndefined();
    expect(rules.formats.post!.video).toEqual({
      maxBytes: 512 * MB,
      types: ["mp4", "mov"],
      maxCount: 1,
      minDurationSec: 1,
      maxDurationSec: 140,
      minWidth: 32,
      minHeight: 32,
    });
    expect(rules.formats.poll).toMatchObject({ maxItems: 0, bodyMax: 280 });
    expect(rules.formats.poll!.image).toBeUndefined();
  });
});

describe("twitter posts", () => {
  it("accepts text, up to 4 images, one video or one GIF", () => {
    expect(issuesOf(rules, {}, { body: "Fresh roast today" })).toEqual([]);
    expect(issuesOf(rules, {}, { body: "", media: images(4) })).toEqual([]);
    expect(issuesOf(rules, {}, { media: [video()] })).toEqual([]);
    expect(issuesOf(rules, {}, { media: [gif()] })).toEqual([]);
  });

  it("limits the body by the account's tier: 280 free, 25,000 with X Premium", () => {
    expect(issuesOf(rules, {}, { body: "a".repeat(280) })).toEqual([]);
    expect(issuesOf(rules, {}, { body: "a".repeat(281) })).toEqual(["body is too long (281 characters, maximum 280)"]);
    expect(
      issuesOf(rules, {}, { body: "a".repeat(281), profile: { metadata: { subscription_type: "None" } } }),
    ).toEqual(["body is too long (281 characters, maximum 280)"]);
    for (const tier of ["Basic", "Premium", "PremiumPlus"]) {
      expect(
        issuesOf(rules, {}, { body: "a".repeat(25_000), profile: { metadata: { subscription_type: tier } } }),
      ).toEqual([]);
    }
    expect(issuesOf(rules, {}, { body: "a".repeat(25_001), profile: paid })).toEqual([
      "body is too long (25001 characters, maximum 25000)",
    ]);
    expect(issuesOf(rules, {}, { body: "😀".repeat(280) })).toEqual([]); // code points, not UTF-16 units
  });

  it("refuses media beyond the limits", () => {
    expect(issuesOf(rules, {}, { media: images(5) })).toEqual(["media has 5 items (maximum 4)"]);
    expect(issuesOf(rules, {}, { media: [video("a"), video("b")] })).toEqual(["media has 2 videos (maximum 1)"]);
    expect(issuesOf(rules, {}, { media: [image(), video()] })).toEqual(["media cannot mix images and video"]);
    expect(issuesOf(rules, {}, { media: [gif(), image()] })).toEqual(["media: a GIF must be the only media item"]);
    expect(issuesOf(rules, {}, { media: [doc()] })).toEqual(["media: documents are not supported here"]);
  });

  it("needs a body or media", () => {
    expect(issuesOf(rules, {}, { body: "  " })).toEqual(["body is required when there is no media"]);
  });

  it("checks alt_text: at most 1,000 characters, no more entries than media", () => {
    expect(issuesOf(rules, { alt_text: "x".repeat(1000) }, { media: [image()] })).toEqual([]);
    expect(issuesOf(rules, { alt_text: "x".repeat(1001) }, { media: [image()] })).toEqual([
      "alt_text is too long (1001 characters, maximum 1000)",
    ]);
    expect(issuesOf(rules, { alt_text: ["ok", "x".repeat(1001)] }, { media: images(2) })).toEqual([
      "alt_text[1] is too long (1001 characters, maximum 1000)",
    ]);
    expect(issuesOf(rules, { alt_text: ["a", "b"] }, { media: [image()] })).toEqual([
      "alt_text has 2 entries but the post has 1 media item",
    ]);
  });

  it("validates every chain entry with the tier's limits", () => {
    const thread = [
      { body: "second", media: [] },
      { body: "", media: [video()] },
    ];
    expect(issuesOf(rules, {}, { thread })).toEqual([]);
    expect(issuesOf(rules, {}, { thread: [{ body: "a".repeat(281), media: [] }] })).toEqual([
      "thread[0].body is too long (281 characters, maximum 280)",
    ]);
    expect(issuesOf(rules, {}, { thread: [{ body: "a".repeat(281), media: [] }], profile: paid })).toEqual([]);
    expect(
      issuesOf(
        rules,
        {},
        {
          thread: [
            { body: "ok", media: [] },
            { body: " ", media: [] },
          ],
        },
      ),
    ).toEqual(["thread[1].body is required when there is no media"]);
    expect(issuesOf(rules, {}, { thread: [{ body: "ok", media: [image(), video()] }] })).toEqual([
      "thread[0].media cannot mix images and video",
    ]);
    expect(issuesOf(rules, {}, { thread: [{ body: "ok", media: [gif(), gif("b")] }] })).toEqual([
      "thread[0].media: a GIF must be the only media item",
    ]);
  });

  it("refuses poll parameters on a post", () => {
    expect(issuesOf(rules, { poll_options: ["a", "b"] })).toEqual(["poll_options requires format poll"]);
    expect(issuesOf(rules, { poll_duration_minutes: 60 })).toEqual(["poll_duration_minutes requires format poll"]);
    expect(issuesOf(rules, { poll_options: [] })).toEqual([]);
  });
});

describe("twitter polls", () => {
  it("accept 2 to 4 options of at most 25 characters with a question", () => {
    expect(issuesOf(rules, poll, { body: "Your order?" })).toEqual([]);
    expect(issuesOf(rules, { ...poll, poll_options: ["a", "b", "c", "d"] })).toEqual([]);
    expect(issuesOf(rules, { ...poll, poll_options: ["a", "b", "x".repeat(25)] })).toEqual([]);
  });

  it("refuse missing, too few, too many, blank and long options", () => {
    expect(issuesOf(rules, { format: "poll" })).toEqual(["poll_options is required for a poll"]);
    expect(issuesOf(rules, { ...poll, poll_options: ["only"] })).toEqual([
      "poll_options must have 2 to 4 options (1 given)",
    ]);
    expect(issuesOf(rules, { ...poll, poll_options: ["a", "b", "c", "d", "e"] })).toEqual([
      "poll_options must have 2 to 4 options (5 given)",
    ]);
    expect(issuesOf(rules, { ...poll, poll_options: ["a", " "] })).toEqual(["poll_options[1] can't be blank"]);
    expect(issuesOf(rules, { ...poll, poll_options: ["a", "b", "x".repeat(26)] })).toEqual([
      "poll_options[2] is too long (26 characters, maximum 25)",
    ]);
  });

  it("carry no media and no chain, need a question and stay at 280 on every tier", () => {
    expect(issuesOf(rules, poll, { media: [image()] })).toEqual(["media is not allowed on a poll"]);
    expect(issuesOf(rules, poll, { thread: [{ body: "more", media: [] }] })).toEqual([
      "thread is not supported on a poll",
    ]);
    expect(issuesOf(rules, poll, { body: "" })).toEqual(["body is required for a poll (it is the question)"]);
    expect(issuesOf(rules, poll, { body: "a".repeat(281), profile: paid })).toEqual([
      "body is too long (281 characters, maximum 280)",
    ]);
    expect(issuesOf(rules, { ...poll, alt_text: "a cup" })).toEqual([
      "alt_text does not apply to a poll (polls carry no media)",
    ]);
  });

  it("builds a draft the service can validate", () => {
    expect(draftFor(rules, poll).params).toEqual({
      format: "poll",
      poll_options: ["Espresso", "Latte"],
      poll_duration_minutes: 60,
    });
  });
});

it("twitter rules are the network's post rules (its meta)", () => {
  expect(twitterMeta.postRules).toBe(rules);
});
