import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fakeLocation, googleApiError, startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import { publishInput, publishMedia } from "@/testing/publish-media";
import { contextFor, signIn } from "../google/test-support";
import type { ProfileAuth, PublishInput } from "../types";
import { googleBusinessConnector } from ".";

let google: GoogleFake;
let setup: ReturnType<typeof contextFor<ReturnType<typeof googleBusinessConnector.settings.parse>>>;

beforeAll(async () => {
  google = await startGoogleFake();
  setup = contextFor(googleBusinessConnector, google, "google_business");
});
afterAll(() => google?.close());
beforeEach(() => Object.assign(google.business.config, { liveAfterPolls: 1, nextState: "LIVE", echoSourceUrl: true }));

let n = 0;
const newOwner = async () => {
  const i = ++n;
  const user = google.addUser({
    sub: `gbp-${i}`,
    email: `o${i}@acme.example`,
    name: `Owner ${i}`,
    accounts: [
      {
        name: `accounts/9${i}`,
        accountName: "Acme",
        type: "LOCATION_GROUP",
        locations: [fakeLocation(`70${i}`, "Acme Pizza")],
      },
    ],
  });
  const location = `accounts/9${i}/locations/70${i}`;
  const auth = await signIn(googleBusinessConnector, setup.ctx, google, user);
  const input = (over: Partial<PublishInput> = {}): PublishInput =>
    publishInput(auth, {
      placement: { externalId: location, accessToken: null, metadata: {} },
      ...over,
      params: { location_id: location, ...over.params },
    });
  return { user, auth, location, input };
};
const since = (count: number) => google.requests.slice(count);
const publish = (input: PublishInput) => googleBusinessConnector.publish!(setup.ctx, input);

describe("google_business publish: local posts", () => {
  it("standard: summary, languageCode, STANDARD; waits for LIVE and returns the name and searchUrl", async () => {
    const { location, input } = await newOwner();
    const before = google.requests.length;
    const result = await publish(input({ body: "Fresh dough every morning" }));
    const [post] = google.business.posts.get(location)!;
    expect(result).toEqual({ externalId: post!.name, url: post!.searchUrl });
    expect(post!.state).toBe("LIVE");
    const calls = since(before);
    expect(calls.map((r) => r.route)).toEqual(["localPosts.create", "localPosts.get"]);
    expect(calls[0]!.url.pathname).toBe(`/mybusiness.googleapis.com/v4/${location}/localPosts`);
    expect(calls[0]!.json).toEqual({ languageCode: "en", summary: "Fresh dough every morning", topicType: "STANDARD" });
    expect(calls[1]!.url.pathname).toBe(`/mybusiness.googleapis.com/v4/${post!.name}`);
  });

  it("standard with an image (our hosted URL) and a call to action", async () => {
    const { input } = await newOwner();
    const before = google.requests.length;
    const image = publishMedia("image", { url: "https://media.example.test/hosted/abc123.png" });
    await publish(
      input({
        body: "Order now",
        media: [image],
        params: { language_code: "pt-BR", cta_action_type: "ORDER", cta_url: "https://acme.example/order" },
      }),
    );
    expect(since(before)[0]!.json).toEqual({
      languageCode: "pt-BR",
      summary: "Order now",
      topicType: "STANDARD",
      callToAction: { actionType: "ORDER", url: "https://acme.example/order" },
      media: [{ mediaFormat: "PHOTO", sourceUrl: "https://media.example.test/hosted/abc123.png" }],
    });
  });

  it("event with times, and a CALL button without a URL", async () => {
    const { input } = await newOwner();
    const before = google.requests.length;
    await publish(
      input({
        body: "Live music",
        params: {
          format: "event",
          event_title: "Jazz night",
          event_start_date: "2026-08-01",
          event_end_date: "2026-08-02",
          event_start_time: "19:30",
          event_end_time: "01:00",
          cta_action_type: "CALL",
        },
      }),
    );
    expect(since(before)[0]!.json).toEqual({
      languageCode: "en",
      summary: "Live music",
      topicType: "EVENT",
      callToAction: { actionType: "CALL" },
      event: {
        title: "Jazz night",
        schedule: {
          startDate: { year: 2026, month: 8, day: 1 },
          startTime: { hours: 19, minutes: 30, seconds: 0, nanos: 0 },
          endDate: { year: 2026, month: 8, day: 2 },
          endTime: { hours: 1, minutes: 0, seconds: 0, nanos: 0 },
        },
      },
    });
  });

  it("offer: whole days, the default title, coupon, redeem URL and terms", async () => {
    const { input } = await newOwner();
    const before = google.requests.length;
    await publish(
      input({
        body: "2 for 1",
        params: {
          format: "offer",
          event_start_date: "2026-09-01",
          event_end_date: "2026-09-30",
          offer_coupon_code: "TWOFOR1",
          offer_redeem_url: "https://acme.example/r",
          offer_terms: "Dine-in only",
        },
      }),
    );
    expect(since(before)[0]!.json).toEqual({
      languageCode: "en",
      summary: "2 for 1",
      topicType: "OFFER",
      event: {
        title: "Special Offer",
        schedule: { startDate: { year: 2026, month: 9, day: 1 }, endDate: { year: 2026, month: 9, day: 30 } },
      },
      offer: { couponCode: "TWOFOR1", redeemOnlineUrl: "https://acme.example/r", termsConditions: "Dine-in only" },
    });
  });

  it("photo: a gallery photo through media.create (category ADDITIONAL, our URL), not a local post", async () => {
    const { location, input } = await newOwner();
    const before = google.requests.length;
    const image = publishMedia("image", { url: "https://media.example.test/hosted/gallery.png" });
    const result = await publish(input({ body: "ignored", media: [image], params: { format: "photo" } }));
    const [item] = google.business.media.get(location)!;
    expect(result).toEqual({ externalId: item!.name, url: item!.googleUrl });
    expect(since(before).map((r) => r.route)).toEqual(["media.create"]);
    expect(since(before)[0]!.json).toEqual({
      mediaFormat: "PHOTO",
      locationAssociation: { category: "ADDITIONAL" },
      sourceUrl: image.url,
    });
    expect(google.business.posts.get(location)).toBeUndefined();
  });

  it("the location comes from the placement, else params.location_id", async () => {
    const { location, input } = await newOwner();
    const before = google.requests.length;
    await publish({ ...input({ body: "no placement" }), placement: null });
    expect(since(before)[0]!.url.pathname).toBe(`/mybusiness.googleapis.com/v4/${location}/localPosts`);
    await expect(
      publish({ ...input({ body: "x" }), placement: null, params: { location_id: "locations/1" } }),
    ).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "location_required" },
    });
  });

  it("REJECTED fails the publish; a post still PROCESSING after the polls is published", async () => {
    const { input } = await newOwner();
    google.business.config.nextState = "REJECTED";
    await expect(publish(input({ body: "Spammy" }))).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "REJECTED" },
    });
    Object.assign(google.business.config, { nextState: "LIVE", liveAfterPolls: 1000 });
    const before = google.requests.length;
    await expect(publish(input({ body: "Slow review" }))).resolves.toMatchObject({
      externalId: expect.stringContaining("/localPosts/"),
    });
    expect(since(before).filter((r) => r.route === "localPosts.get")).toHaveLength(10);
  });

  it("maps errors: invalid argument with Google's message, rate limit with Retry-After, 5xx after sending, expired token", async () => {
    const { input, auth } = await newOwner();
    await expect(
      publish(
        input({
          body: "x",
          params: {
            format: "event",
            event_title: "E",
            event_start_date: "2026-01-02",
            event_end_date: "2026-01-02",
            cta_action_type: "BOOK",
            cta_url: "https://x.example",
          },
        }),
      ),
    ).resolves.toBeTruthy();
    google.failNext("localPosts.create", {
      status: 400,
      body: googleApiError(400, "INVALID_ARGUMENT", "Request contains an invalid argument."),
    });
    await expect(publish(input())).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "INVALID_ARGUMENT", platformErrorMessage: "Request contains an invalid argument." },
    });
    google.failNext("localPosts.create", {
      status: 429,
      headers: { "retry-after": "61" },
      body: googleApiError(429, "RESOURCE_EXHAUSTED", "Quota exceeded", { errorInfo: "RATE_LIMIT_EXCEEDED" }),
    });
    await expect(publish(input())).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 61_000,
      details: { platformErrorCode: "RATE_LIMIT_EXCEEDED" },
    });
    google.failNext("localPosts.create", {
      status: 503,
      body: googleApiError(503, "UNAVAILABLE", "The service is currently unavailable."),
    });
    await expect(publish(input())).rejects.toMatchObject({ kind: "outcome_unknown" });
    const expired: ProfileAuth = { ...auth, tokens: { accessToken: "ya29.expired" } };
    await expect(publish({ ...input(), auth: expired })).rejects.toMatchObject({ kind: "auth_expired" });
  });

  it("the fake validates like Google: a location the user cannot manage is refused", async () => {
    const { input } = await newOwner();
    const other = "accounts/555/locations/1";
    await expect(
      publish(input({ placement: { externalId: other, accessToken: null, metadata: {} } })),
    ).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "PERMISSION_DENIED" },
    });
  });
});

describe("google_business findPublished", () => {
  it("finds a local post whose create answer was lost, matching summary and topic, and creates nothing", async () => {
    const { location, input } = await newOwner();
    const decoy = input({ body: "Weekend special" });
    await publish({ ...decoy, body: "Another post" });
    google.loseAnswerNext("localPosts.create");
    const lost = input({ body: "Weekend special" });
    await expect(publish(lost)).rejects.toMatchObject({ kind: "outcome_unknown" });
    const [created] = google.business.posts.get(location)!;
    const before = google.requests.length;
    expect(await googleBusinessConnector.findPublished!(setup.ctx, lost)).toEqual({
      externalId: created!.name,
      url: created!.searchUrl,
    });
    expect(since(before).map((r) => r.route)).toEqual(["localPosts.list"]);
    expect(since(before)[0]!.url.searchParams.get("pageSize")).toBe("100");
    expect(google.business.posts.get(location)).toHaveLength(2);
  });

  it("null when no recent post matches (other text, other topic, too old)", async () => {
    const { location, input } = await newOwner();
    await publish(input({ body: "Same words" }));
    const old = google.business.posts.get(location)![0]!;
    old.createTime = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await publish(input({ body: "Different words" }));
    await publish(
      input({
        body: "Same words",
        params: { format: "event", event_title: "E", event_start_date: "2026-01-02", event_end_date: "2026-01-02" },
      }),
    );
    expect(await googleBusinessConnector.findPublished!(setup.ctx, input({ body: "Same words" }))).toBeNull();
  });

  it("photo: matched on our hosted sourceUrl; cannot tell when Google hides source URLs", async () => {
    const { location, input } = await newOwner();
    const image = publishMedia("image", { url: "https://media.example.test/hosted/unique-xyz.png" });
    const photo = input({ media: [image], params: { format: "photo" } });
    google.loseAnswerNext("media.create");
    await expect(publish(photo)).rejects.toMatchObject({ kind: "outcome_unknown" });
    const [item] = google.business.media.get(location)!;
    expect(await googleBusinessConnector.findPublished!(setup.ctx, photo)).toEqual({
      externalId: item!.name,
      url: item!.googleUrl,
    });
    const otherPhoto = input({
      media: [publishMedia("image", { url: "https://media.example.test/hosted/other.png" })],
      params: { format: "photo" },
    });
    expect(await googleBusinessConnector.findPublished!(setup.ctx, otherPhoto)).toBeNull();
    google.business.config.echoSourceUrl = false;
    await expect(googleBusinessConnector.findPublished!(setup.ctx, photo)).rejects.toMatchObject({
      kind: "outcome_unknown",
    });
    expect(google.business.media.get(location)).toHaveLength(1);
  });

  it("cannot tell when the list fails: outcome_unknown; an expired token stays auth_expired", async () => {
    const { input, auth } = await newOwner();
    google.failNext("localPosts.list", {
      status: 503,
      body: googleApiError(503, "UNAVAILABLE", "The service is currently unavailable."),
      headers: { "retry-after": "7" },
    });
    await expect(googleBusinessConnector.findPublished!(setup.ctx, input())).rejects.toMatchObject({
      kind: "outcome_unknown",
      retryAfterMs: 7000,
    });
    await expect(
      googleBusinessConnector.findPublished!(setup.ctx, {
        ...input(),
        auth: { ...auth, tokens: { accessToken: "ya29.x" } },
      }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});
