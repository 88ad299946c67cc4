import { describe, expect, it } from "vitest";
import { doc, gif, image, images, rulesHarness, video, videos } from "../post-rules/test-harness";
import { LINKEDIN_FORMAT_LIMITS, LINKEDIN_TARGET_COUNTRIES, linkedinPostRules, linkedinPostUrn } from "./post-rules";
import { linkedinMeta } from "./meta";

const li = rulesHarness(linkedinPostRules, { profile: { placementIds: [null, "2414183"] } });
const org = { organization_id: "2414183" };
const poll = { format: "poll", poll_question: "Tabs or spaces?", poll_options: ["Tabs", "Spaces"] };

describe("linkedin reshare_urn normalisation", () => {
  it.each([
    ["urn:li:share:6844785523593134080", "urn:li:share:6844785523593134080"],
    ["urn:li:ugcPost:6844785523593134080", "urn:li:ugcPost:6844785523593134080"],
    ["URN:LI:UGCPOST:6844785523593134080", "urn:li:ugcPost:6844785523593134080"],
    [" urn:li:activity:7123456789012345678 ", "urn:li:activity:7123456789012345678"],
    [
      "https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/",
      "urn:li:activity:7123456789012345678",
    ],
    [
      "https://www.linkedin.com/feed/update/urn%3Ali%3Ashare%3A6844785523593134080?utm_source=x",
      "urn:li:share:6844785523593134080",
    ],
    [
      "https://www.linkedin.com/embed/feed/update/urn:li:ugcPost:6844785523593134080",
      "urn:li:ugcPost:6844785523593134080",
    ],
    ["www.linkedin.com/feed/update/urn:li:share:6844785523593134080", "urn:li:share:6844785523593134080"],
    ["https://de.linkedin.com/feed/update/urn:li:activity:7123456789012345678", "urn:li:activity:7123456789012345678"],
    [
      "https://www.linkedin.com/posts/ada-lovelace_engines-notes-activity-7123456789012345678-AbCd/",
      "urn:li:activity:7123456789012345678",
    ],
    [
      "https://www.linkedin.com/posts/acme_launch-ugcPost-7123456789012345678-x9Yz?utm_source=share",
      "urn:li:ugcPost:7123456789012345678",
    ],
    ["https://linkedin.com/posts/acme_hello-share-6844785523593134080-Qq1w", "urn:li:share:6844785523593134080"],
  ])("%s -> %s", (input, urn) => {
    expect(linkedinPostUrn(input)).toBe(urn);
  });

  it.each([
    "https://lnkd.in/dXyZ123",
    "https://example.com/feed/update/urn:li:activity:7123456789012345678",
    "https://www.linkedin.com/in/ada-lovelace/",
    "https://www.linkedin.com/posts/ada-lovelace_engines-notes",
    "urn:li:person:abc123",
    "urn:li:activity:",
    "7123456789012345678",
    "hello",
  ])("refuses %s", (input) => {
    expect(linkedinPostUrn(input)).toBeNull();
  });
});

describe("linkedin post params", () => {
  it("normalises reshare_urn, countries and organization_id and fills poll defaults", () => {
    expect(li.parse({})).toMatchObject({ format: "post" });
    expect(li.parse({}).poll_duration_days).toBeUndefined();
    expect(
      li.parse({
        reshare_urn: "https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/",
        countries: "us, de",
        organization_id: "urn:li:organization:2414183",
      }),
    ).toMatchObject({
      reshare_urn: "urn:li:activity:7123456789012345678",
      countries: ["US", "DE"],
      organization_id: "2414183",
    });
    expect(li.parse({ organization_id: 2414183 }).organization_id).toBe("2414183");
    expect(li.parse(poll)).toMatchObject({ format: "poll", poll_duration_days: 7, poll_options: ["Tabs", "Spaces"] });
    expect(li.parse({ ...poll, poll_duration_days: "14" }).poll_duration_days).toBe(14);
    expect(li.parse({ ...poll, poll_options: '["Tabs","Spaces"]' }).poll_options).toEqual(["Tabs", "Spaces"]);
    const once = li.parse({ ...poll, countries: ["gb"], reshare_urn: "urn:li:share:1" });
    expect(li.parse(once)).toEqual(once);
  });

  it("names the field of every invalid parameter", () => {
    expect(li.paramIssues({ reshare_urn: "https://lnkd.in/dXyZ123" })).toEqual([
      "reshare_urn: must be a LinkedIn post URN (urn:li:share:…, urn:li:ugcPost:… or urn:li:activity:…) or a post URL",
    ]);
    expect(li.paramIssues({ format: "article" })).toEqual(["format: must be one of post, poll"]);
    expect(li.paramIssues({ ...poll, poll_duration_days: 5 })).toEqual(["poll_duration_days: must be 1, 3, 7 or 14"]);
    expect(li.paramIssues({ ...poll, poll_duration_days: "a week" })).toEqual([
      "poll_duration_days: must be 1, 3, 7 or 14",
    ]);
    expect(li.paramIssues({ ...poll, poll_options: "Tabs" })).toEqual(["poll_options: must be a list of strings"]);
    expect(li.paramIssues({ ...poll, poll_options: ["Tabs", 2] })).toEqual(["poll_options.1: must be a string"]);
    expect(li.paramIssues({ countries: "US,EUR" })).toEqual([
      "countries.1: EUR is not an ISO 3166-1 alpha-2 country code",
    ]);
    expect(li.paramIssues({ poll_question: false })).toEqual(["poll_question: must be a string"]);
  });
});

describe("linkedin post rules", () => {
  it("accepts valid posts, reshares and polls", () => {
    expect(li.validate({})).toEqual([]);
    expect(li.validate(org, { media: images(20) })).toEqual([]);
    expect(li.validate({}, { media: [gif()] })).toEqual([]);
    expect(li.validate({}, { media: [video()] })).toEqual([]);
    expect(li.validate({}, { media: [doc()] })).toEqual([]);
    expect(li.validate({ ...org, countries: "us,de,fr" })).toEqual([]);
    expect(li.validate({ reshare_urn: "urn:li:share:1" }, { body: "" })).toEqual([]); // a plain repost
    expect(li.validate({ ...org, reshare_urn: "urn:li:ugcPost:1" }, { body: "Worth reading" })).toEqual([]);
    expect(
      li.validate(
        { ...poll, poll_question: "x".repeat(140), poll_options: ["a", "b", "c", "x".repeat(30)] },
        { body: "" },
      ),
    ).toEqual([]);
  });

  it("requires organization_id to be one of the profile's organizations", () => {
    expect(li.validate({ organization_id: "999" })).toEqual([
      "organization_id must be one of the profile's organizations",
    ]);
  });

  it("refuses thread entries", () => {
    expect(li.validate({}, { thread: [{ body: "more", media: [] }] })).toEqual(["thread is not supported on linkedin"]);
  });

  it("limits the commentary to 3,000 characters and needs something to post", () => {
    expect(li.validate({}, { body: "x".repeat(3_001) })).toEqual(["body is too long (3001 characters, maximum 3000)"]);
    expect(li.validate(poll, { body: "x".repeat(3_001) })).toEqual([
      "body is too long (3001 characters, maximum 3000)",
    ]);
    expect(li.validate({}, { body: "" })).toEqual(["body is required when there is no media or reshare_urn"]);
  });

  it("targets countries only on organization posts, from the allowlist, at most 25", () => {
    expect(li.validate({ countries: "us" })).toEqual([
      "countries requires organization_id (targeting applies to organization posts only)",
    ]);
    expect(li.validate({ ...org, countries: "us,fj,xk" })).toEqual([
      "countries: FJ, XK cannot be targeted on LinkedIn",
    ]);
    const allowed = [...LINKEDIN_TARGET_COUNTRIES];
    expect(allowed).toHaveLength(86); // the spec's list
    expect(li.validate({ ...org, countries: allowed.slice(0, 25) })).toEqual([]);
    expect(li.validate({ ...org, countries: allowed.slice(0, 26) })).toEqual(["countries has 26 codes (maximum 25)"]);
  });

  it("checks media: counts, no mixing, a document alone, none with a reshare", () => {
    expect(li.validate({}, { media: images(21) })).toEqual(["media has 21 items (maximum 20)"]);
    expect(li.validate({}, { media: videos(2) })).toEqual(["media has 2 videos (maximum 1)"]);
    expect(li.validate({}, { media: [image(), video()] })).toEqual(["media cannot mix images and video"]);
    expect(li.validate({}, { media: [doc(), image()] })).toEqual(["media: a document must be the only attachment"]);
    expect(li.validate({}, { media: [doc(0), doc(1)] })).toEqual(["media has 2 documents (maximum 1)"]);
    expect(li.validate({ reshare_urn: "urn:li:share:1" }, { media: [image()] })).toEqual([
      "media cannot be combined with reshare_urn",
    ]);
  });

  it("checks polls: question, options, no media, no reshare", () => {
    expect(li.validate(poll, { media: [image()] })).toEqual(["media is not allowed on a poll"]);
    expect(li.validate({ ...poll, reshare_urn: "urn:li:share:1" })).toEqual([
      "reshare_urn cannot be combined with a poll",
    ]);
    expect(li.validate({ format: "poll" })).toEqual([
      "poll_question is required for poll",
      "poll_options is required for poll",
    ]);
    expect(li.validate({ ...poll, poll_question: "x".repeat(141) })).toEqual([
      "poll_question is too long (141 characters, maximum 140)",
    ]);
    expect(li.validate({ ...poll, poll_options: ["Only"] })).toEqual(["poll_options has 1 options (2 to 4 required)"]);
    expect(li.validate({ ...poll, poll_options: ["a", "b", "c", "d", "e"] })).toEqual([
      "poll_options has 5 options (2 to 4 required)",
    ]);
    expect(li.validate({ ...poll, poll_options: ["a", " ", "x".repeat(31)] })).toEqual([
      "poll_options[1] can't be blank",
      "poll_options[2] is too long (31 characters, maximum 30)",
    ]);
  });

  it("encodes the spec's media limits and is wired into the connector", () => {
    expect(LINKEDIN_FORMAT_LIMITS.post.image).toMatchObject({
      maxCount: 20,
      minWidth: 552,
      minHeight: 276,
      types: ["jpg", "png", "gif"],
    });
    expect(LINKEDIN_FORMAT_LIMITS.post.document).toMatchObject({ maxBytes: 100 * 1024 * 1024, maxCount: 1 });
    expect(LINKEDIN_FORMAT_LIMITS.poll.maxItems).toBe(0);
    expect(linkedinPostRules.formatOf(li.parse(poll))).toBe("poll");
    expect(linkedinMeta.postRules).toBe(linkedinPostRules);
  });
});
