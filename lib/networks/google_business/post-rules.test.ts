import { describe, expect, it } from "vitest";
import { MB } from "../post-rules";
import { gif, image, images, issuesOf, paramErrors, video } from "../post-rules/draft-fixtures";
import { googleBusinessMeta } from "./meta";
import { googleBusinessPostRules as rules } from "./post-rules";

const LOCATION = "accounts/1234567890/locations/9876543210";
const profile = { placementIds: [LOCATION, "accounts/1234567890/locations/555"] };
const base = { location_id: LOCATION };
const event = {
  ...base,
  format: "event",
  event_title: "Latte art night",
  event_start_date: "2026-10-01",
  event_end_date: "2026-10-01",
};
const offer = { ...base, format: "offer", event_start_date: "2026-10-01", event_end_date: "2026-10-31" };
const photo = { ...base, format: "photo" };

describe("google_business post params", () => {
  it("defaults format standard and language en; offers are titled Special Offer; photos get no language", () => {
    expect(rules.params.parse(base)).toEqual({ format: "standard", location_id: LOCATION, language_code: "en" });
    expect(
      rules.params.parse({
        ...base,
        language_code: "pt-BR",
        cta_action_type: "learn_more",
        cta_url: "https://cafe.example/menu",
      }),
    ).toMatchObject({ language_code: "pt-BR", cta_action_type: "LEARN_MORE" });
    expect(rules.params.parse(offer)).toMatchObject({
      format: "offer",
      event_title: "Special Offer",
      language_code: "en",
    });
    expect(rules.params.parse({ ...offer, event_title: "Two for one" }).event_title).toBe("Two for one");
    expect(rules.params.parse(photo)).toEqual({ format: "photo", location_id: LOCATION });
    expect(rules.params.parse({ ...base, cta_url: "", offer_terms: null }).cta_url).toBeUndefined(); // blank is absent
    expect(rules.formatOf(rules.params.parse(event))).toBe("event");
  });

  it("requires location_id and refuses malformed values with a message per field", () => {
    expect(paramErrors(rules, {})).toEqual(["location_id is required"]);
    expect(paramErrors(rules, { ...base, format: "alert" })).toEqual([
      "format: must be one of standard, event, offer, photo",
    ]);
    expect(paramErrors(rules, { ...base, language_code: "english!" })).toEqual([
      "language_code: must be a BCP 47 language tag such as en or pt-BR",
    ]);
    expect(paramErrors(rules, { ...base, cta_action_type: "BUY" })).toEqual([
      "cta_action_type: must be one of LEARN_MORE, BOOK, ORDER, SHOP, SIGN_UP, CALL",
    ]);
    expect(paramErrors(rules, { ...base, cta_url: "http://cafe.example" })).toEqual(["cta_url: must be an https URL"]);
    expect(paramErrors(rules, { ...base, cta_url: "not a url" })).toEqual(["cta_url: must be an https URL"]);
    expect(paramErrors(rules, { ...offer, offer_redeem_url: "ftp://cafe.example" })).toEqual([
      "offer_redeem_url: must be an http or https URL",
    ]);
    expect(paramErrors(rules, { ...event, event_start_date: "2026-02-30", event_end_date: "01/10/2026" })).toEqual([
      "event_start_date: must be a date (YYYY-MM-DD)",
      "event_end_date: must be a date (YYYY-MM-DD)",
    ]);
    expect(paramErrors(rules, { ...event, event_start_time: "7pm", event_end_time: "24:00" })).toEqual([
      "event_start_time: must be a time (HH:MM, 24-hour)",
      "event_end_time: must be a time (HH:MM, 24-hour)",
    ]);
  });

  it("encodes the spec's limits: one optional image on local posts, one required image on photo (10 KB to 5 MB), no video", () => {
    for (const format of ["standard", "event", "offer"]) {
      expect(rules.formats[format]).toEqual({
        image: {
          maxBytes: 5 * MB,
          minBytes: 10 * 1024,
          types: ["jpg", "png"],
          maxCount: 1,
          minWidth: 400,
          minHeight: 300,
        },
        mediaRequired: false,
        mixingAllowed: false,
        maxItems: 1,
        bodyMax: 1500,
      });
    }
    expect(rules.formats.photo).toEqual({
      image: {
        maxBytes: 5 * MB,
        minBytes: 10 * 1024,
        types: ["jpg", "png"],
        maxCount: 1,
        minWidth: 250,
        minHeight: 250,
      },
      mediaRequired: true,
      mixingAllowed: false,
      maxItems: 1,
      bodyMax: null,
    });
  });
});

describe("google_business local posts", () => {
  it("accept a standard post with a body, an image and a call to action", () => {
    expect(issuesOf(rules, base, { profile })).toEqual([]);
    expect(
      issuesOf(
        rules,
        { ...base, cta_action_type: "ORDER", cta_url: "https://cafe.example/order" },
        { media: [image()], profile },
      ),
    ).toEqual([]);
    expect(issuesOf(rules, { ...base, cta_action_type: "CALL" }, { profile })).toEqual([]);
  });

  it("location_id must be one of the profile's locations", () => {
    expect(issuesOf(rules, { location_id: "accounts/1/locations/2" }, { profile })).toEqual([
      "location_id must be one of the profile's locations",
    ]);
    expect(issuesOf(rules, { location_id: "9876543210" }, { profile })).toEqual([
      "location_id must be one of the profile's locations",
    ]);
  });

  it("limit the body to 1,500 characters, one image, no video, no GIF; a standard post needs a body or an image", () => {
    expect(issuesOf(rules, base, { body: "a".repeat(1501), profile })).toEqual([
      "body is too long (1501 characters, maximum 1500)",
    ]);
    expect(issuesOf(rules, base, { media: images(2), profile })).toEqual(["media has 2 items (maximum 1)"]);
    expect(issuesOf(rules, base, { media: [video()], profile })).toEqual(["media: videos are not supported here"]);
    expect(issuesOf(rules, event, { media: [video()], profile })).toEqual(["media: videos are not supported here"]);
    expect(issuesOf(rules, base, { media: [gif()], profile })).toEqual(["media: GIFs are not supported here"]);
    expect(issuesOf(rules, base, { body: "", profile })).toEqual(["body is required when there is no media"]);
    expect(issuesOf(rules, base, { body: "", media: [image()], profile })).toEqual([]);
  });

  it("CTA: cta_url is required except for CALL, refused with CALL, and needs a cta_action_type", () => {
    expect(issuesOf(rules, { ...base, cta_action_type: "BOOK" }, { profile })).toEqual([
      "cta_url is required for cta_action_type BOOK",
    ]);
    expect(issuesOf(rules, { ...event, cta_action_type: "SIGN_UP" }, { profile })).toEqual([
      "cta_url is required for cta_action_type SIGN_UP",
    ]);
    expect(issuesOf(rules, { ...base, cta_action_type: "CALL", cta_url: "https://cafe.example" }, { profile })).toEqual(
      ["cta_url must not be set with cta_action_type CALL (the button calls the location's phone number)"],
    );
    expect(issuesOf(rules, { ...base, cta_url: "https://cafe.example" }, { profile })).toEqual([
      "cta_url requires cta_action_type",
    ]);
  });

  it("refuse event and offer parameters on a standard post, offer parameters on an event", () => {
    expect(issuesOf(rules, { ...base, event_title: "x", offer_terms: "y" }, { profile })).toEqual([
      "event_title applies to event and offer posts only",
      "offer_terms applies to event and offer posts only",
    ]);
    expect(issuesOf(rules, { ...event, offer_coupon_code: "LATTE2" }, { profile })).toEqual([
      "offer_coupon_code applies to offer posts only",
    ]);
  });
});

describe("google_business events and offers", () => {
  it("accept an event with or without times, and a complete offer", () => {
    expect(issuesOf(rules, event, { profile })).toEqual([]);
    expect(issuesOf(rules, { ...event, event_start_time: "18:00", event_end_time: "21:30" }, { profile })).toEqual([]);
    expect(
      issuesOf(
        rules,
        { ...event, event_end_date: "2026-10-02", event_start_time: "22:00", event_end_time: "01:00" },
        { profile },
      ),
    ).toEqual([]);
    const full = {
      ...offer,
      offer_coupon_code: "LATTE2",
      offer_redeem_url: "https://cafe.example/redeem",
      offer_terms: "One per visit",
      cta_action_type: "SHOP",
      cta_url: "https://cafe.example",
    };
    expect(issuesOf(rules, full, { body: "Two lattes for one", media: [image()], profile })).toEqual([]);
  });

  it("require the title (events) and both dates", () => {
    expect(issuesOf(rules, { ...base, format: "event" }, { profile })).toEqual([
      "event_title is required for an event",
      "event_start_date is required for an event",
      "event_end_date is required for an event",
    ]);
    expect(issuesOf(rules, { ...base, format: "offer" }, { profile })).toEqual([
      "event_start_date is required for an offer",
      "event_end_date is required for an offer",
    ]);
    expect(issuesOf(rules, { ...event, event_title: "x".repeat(59) }, { profile })).toEqual([
      "event_title is too long (59 characters, maximum 58)",
    ]);
  });

  it("event_end_date must be on or after event_start_date; times come in pairs and end after they start", () => {
    expect(issuesOf(rules, { ...offer, event_end_date: "2026-09-30" }, { profile })).toEqual([
      "event_end_date must be on or after event_start_date",
    ]);
    expect(issuesOf(rules, { ...event, event_start_time: "18:00" }, { profile })).toEqual([
      "event_end_time is required with event_start_time",
    ]);
    expect(issuesOf(rules, { ...event, event_end_time: "18:00" }, { profile })).toEqual([
      "event_start_time is required with event_end_time",
    ]);
    expect(issuesOf(rules, { ...event, event_start_time: "18:00", event_end_time: "18:00" }, { profile })).toEqual([
      "event_end_time must be after event_start_time when the event starts and ends on the same day",
    ]);
  });
});

describe("google_business photos", () => {
  it("need exactly one image; the body is not checked", () => {
    expect(issuesOf(rules, photo, { body: "a".repeat(5000), media: [image()], profile })).toEqual([]);
    expect(issuesOf(rules, photo, { media: [], profile })).toEqual(["media is required"]);
    expect(issuesOf(rules, photo, { media: images(2), profile })).toEqual(["media has 2 items (maximum 1)"]);
    expect(issuesOf(rules, photo, { media: [video()], profile })).toEqual(["media: videos are not supported here"]);
  });

  it("refuse CTA, language, event and offer parameters", () => {
    const params = { ...photo, cta_action_type: "CALL", language_code: "de", event_title: "x", offer_terms: "y" };
    expect(issuesOf(rules, params, { media: [image()], profile })).toEqual([
      "cta_action_type does not apply to photo posts",
      "language_code does not apply to photo posts",
      "event_title does not apply to photo posts",
      "offer_terms does not apply to photo posts",
    ]);
  });
});

it("google_business refuses a thread", () => {
  expect(issuesOf(rules, base, { thread: [{ body: "more", media: [] }], profile })).toEqual([
    "thread is not supported on google_business",
  ]);
});

it("google_business rules are the network's post rules (its meta)", () => {
  expect(googleBusinessMeta.postRules).toBe(rules);
});
