import { describe, expect, it } from "vitest";
import { doc, gif, image, images, rulesHarness, video, videos } from "../post-rules/test-harness";
import { THREADS_FORMAT_LIMITS, threadsPostRules, threadsTextLength } from "./post-rules";
import { threadsMeta } from "./meta";

const th = rulesHarness(threadsPostRules);

describe("threads post params", () => {
  it("fills the format and strips the topic tag's leading #", () => {
    expect(th.parse({})).toMatchObject({ format: "post" });
    expect(th.parse({ topic_tag: "#Tea Time", alt_text: "A cup" })).toMatchObject({
      topic_tag: "Tea Time",
      alt_text: "A cup",
    });
    expect(th.parse({ topic_tag: " ##tea " }).topic_tag).toBe("tea");
    expect(th.parse({ topic_tag: "#" }).topic_tag).toBeUndefined();
    const once = th.parse({ topic_tag: "#tea", alt_text: ["a", "b"] });
    expect(th.parse(once)).toEqual(once);
  });

  it("names the field of every invalid parameter", () => {
    expect(th.paramIssues({ format: "reel" })).toEqual(["format: must be one of post"]);
    expect(th.paramIssues({ topic_tag: 42 })).toEqual(["topic_tag: must be a string"]);
    expect(th.paramIssues({ alt_text: { a: 1 } })).toEqual(["alt_text: must be a string or a list of strings"]);
  });
});

describe("threads post rules", () => {
  it("accepts text, media and carousels of up to 20 mixed items", () => {
    expect(th.validate({})).toEqual([]);
    expect(th.validate({}, { body: "", media: [image()] })).toEqual([]);
    expect(th.validate({}, { media: [...images(19), video()] })).toEqual([]);
    expect(th.validate({}, { media: [gif()] })).toEqual([]);
  });

  it("limits the body to 500, counting emoji by their UTF-8 bytes", () => {
    expect(th.validate({}, { body: "x".repeat(500) })).toEqual([]);
    expect(th.validate({}, { body: "x".repeat(501) })).toEqual([
      "body is too long (501 characters, maximum 500; emoji count as their UTF-8 bytes)",
    ]);
    expect(threadsTextLength("héllo")).toBe(5);
    expect(threadsTextLength("👍")).toBe(4);
    expect(threadsTextLength("👨‍👩‍👧")).toBe(18);
    expect(threadsTextLength("🇫🇷")).toBe(8);
    expect(th.validate({}, { body: "👍".repeat(125) })).toEqual([]);
    expect(th.validate({}, { body: "👍".repeat(126) })).toEqual([
      "body is too long (504 characters, maximum 500; emoji count as their UTF-8 bytes)",
    ]);
  });

  it("needs a body or media", () => {
    expect(th.validate({}, { body: " " })).toEqual(["body is required when there is no media"]);
  });

  it("checks media against the limits", () => {
    expect(th.validate({}, { media: images(21) })).toEqual(["media has 21 items (maximum 20)"]);
    expect(th.validate({}, { media: videos(2) })).toEqual(["media has 2 videos (maximum 1)"]);
    expect(th.validate({}, { media: [doc()] })).toEqual(["media: documents are not supported here"]);
  });

  it("validates every thread entry's body and media, naming the entry", () => {
    const ok = { body: "reply", media: [] };
    expect(
      th.validate(
        { topic_tag: "tea" },
        { thread: [ok, { body: "", media: [video()] }, { body: "👍", media: images(20) }] },
      ),
    ).toEqual([]);
    expect(
      th.validate(
        {},
        {
          thread: [
            ok,
            { body: "x".repeat(501), media: images(21) },
            { body: "", media: [] },
            { body: "deck", media: [doc()] },
          ],
        },
      ),
    ).toEqual([
      "thread[1].body is too long (501 characters, maximum 500; emoji count as their UTF-8 bytes)",
      "thread[1].media has 21 items (maximum 20)",
      "thread[2].body is required when there is no media",
      "thread[3].media: documents are not supported here",
    ]);
  });

  it("checks topic_tag: at most 50 characters, no periods or ampersands", () => {
    expect(th.validate({ topic_tag: "x".repeat(50) })).toEqual([]);
    expect(th.validate({ topic_tag: "#" + "x".repeat(51) })).toEqual([
      "topic_tag is too long (51 characters, maximum 50)",
    ]);
    expect(th.validate({ topic_tag: "tea.time" })).toEqual(["topic_tag cannot contain periods (.) or ampersands (&)"]);
    expect(th.validate({ topic_tag: "Tea & Co" })).toEqual(["topic_tag cannot contain periods (.) or ampersands (&)"]);
  });

  it("encodes the spec's media limits and is wired into the connector", () => {
    expect(THREADS_FORMAT_LIMITS.post).toMatchObject({ maxItems: 20, mixingAllowed: true, bodyMax: 500 });
    expect(THREADS_FORMAT_LIMITS.post.video).toMatchObject({ maxBytes: 1024 ** 3, maxDurationSec: 300 });
    expect(threadsPostRules.formatOf(th.parse({}))).toBe("post");
    expect(threadsMeta.postRules).toBe(threadsPostRules);
  });
});
