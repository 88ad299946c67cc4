import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startLinkedInFake, type LinkedInFake } from "@/testing/fakes/linkedin";
import { MP4_BYTES, PNG_BYTES, noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import { NetworkError } from "../errors";
import { timedFetch } from "../http";
import type { ProfileAuth, PublishInput, PublishMedia } from "../types";
import { ZLinkedInSettings, linkedinConnector } from ".";
import { littleText } from "./little-text";
import { linkedinPostRules } from "./post-rules";

let fake: LinkedInFake;
const ORG = "2414183";
const ctx = () => ({
  settings: ZLinkedInSettings.parse({
    client_id: fake.clientId,
    client_secret: fake.clientSecret,
    web_url: fake.url,
    api_url: fake.url,
  }),
  fetch: timedFetch(5_000),
  sleep: noSleep,
});
const auth = (scopes?: string[]): ProfileAuth => ({
  externalId: fake.member.sub,
  tokens: { accessToken: fake.grant(scopes), scopes },
  credentials: null,
  metadata: { person_urn: `urn:li:person:${fake.member.sub}` },
});
const params = (p: Record<string, unknown> = {}) => linkedinPostRules.params.parse(p) as Record<string, unknown>;
const orgPlacement = {
  externalId: ORG,
  accessToken: null,
  metadata: { type: "organization", urn: `urn:li:organization:${ORG}` },
};
const input = (i: Partial<PublishInput> = {}) => publishInput(auth(), { params: params(), ...i });
const publish = (i: PublishInput) => linkedinConnector.publish!(ctx(), i);
const lastPost = () => fake.publishing.posts.at(-1)!;
const documentMedia = (): PublishMedia => ({
  url: "https://media.example.test/files/q3-deck.pdf",
  contentType: "application/pdf",
  sizeBytes: 9,
  kind: "document",
  read: async () => Buffer.from("%PDF-1.7\n"),
});
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable("should have failed"),
    (err: unknown) => err as NetworkError,
  );

beforeAll(async () => {
  fake = await startLinkedInFake();
});
beforeEach(() => {
  fake.organizations = [{ id: Number(ORG), localizedName: "DevTestCo", vanityName: "devtestco" }];
  fake.publishing.processingPolls = 1;
  fake.publishing.videoPartBytes = 4 * 1024 * 1024;
});
afterAll(() => fake.close());

describe("linkedin publish (Posts API against the fake)", () => {
  it("posts text as the member, in little text, with the versioned Rest.li headers", async () => {
    const body = "Ship it (v2) #launch with @[DevTestCo](urn:li:organization:2414183) - 50% off_* <today> ~ {x} | a\\b";
    const result = await publish(input({ body }));
    const post = lastPost();
    expect(result).toEqual({ externalId: post.id, url: `https://www.linkedin.com/feed/update/${post.id}/` });
    expect(post.id).toMatch(/^urn:li:share:\d+$/);
    expect(fake.publishing.postRequests.at(-1)).toEqual({
      author: `urn:li:person:${fake.member.sub}`,
      commentary: littleText(body),
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
    });
    // Nothing was cut: LinkedIn shows the whole text, the mention as the name and the hashtag as a tag.
    expect(post.commentary).toContain("{hashtag|\\#|launch}");
    expect(post.commentary).toContain("@[DevTestCo](urn:li:organization:2414183)");
    expect(post.text).toBe("Ship it (v2) #launch with DevTestCo - 50% off_* <today> ~ {x} | a\\b");
    expect(fake.restRequests.at(-1)).toMatchObject({ path: "/rest/posts", version: "202609", restli: "2.0.0" });
  });

  it("uploads one image for an organization (initializeUpload, PUT, AVAILABLE) with its alt text", async () => {
    fake.publishing.processingPolls = 3;
    const result = await publish(
      input({
        placement: orgPlacement,
        media: [publishMedia("image")],
        params: params({ organization_id: ORG, alt_text: "A chart" }),
      }),
    );
    const post = lastPost();
    expect(result.externalId).toBe(post.id);
    expect(post.author).toBe(`urn:li:organization:${ORG}`);
    const asset = fake.publishing.assets.get(post.content!.media!.id)!;
    expect(asset).toMatchObject({
      kind: "image",
      owner: `urn:li:organization:${ORG}`,
      status: "AVAILABLE",
      contentType: "image/png",
    });
    expect(Buffer.compare(asset.bytes!, Buffer.from(PNG_BYTES))).toBe(0);
    expect(post.content).toEqual({ media: { id: asset.urn, altText: "A chart" } });
  });

  it("posts 2 to 20 images as multiImage, alt texts in order", async () => {
    const media = [publishMedia("image"), publishMedia("image"), publishMedia("image")];
    await publish(input({ media, params: params({ alt_text: ["one", "two", "three"] }) }));
    const images = lastPost().content!.multiImage!.images;
    expect(images.map((i) => i.altText)).toEqual(["one", "two", "three"]);
    expect(new Set(images.map((i) => i.id)).size).toBe(3);
    expect(images.every((i) => fake.publishing.assets.get(i.id)?.owner === `urn:li:person:${fake.member.sub}`)).toBe(
      true,
    );
  });

  it("uploads a video in the parts LinkedIn cuts, finalizes with the ETags, and posts it", async () => {
    fake.publishing.videoPartBytes = 1000;
    const result = await publish(input({ media: [publishMedia("video")] }));
    const post = lastPost();
    expect(result.externalId).toMatch(/^urn:li:ugcPost:\d+$/);
    const asset = fake.publishing.assets.get(post.content!.media!.id)!;
    expect(asset.kind).toBe("video");
    expect(asset.parts).toHaveLength(Math.ceil(MP4_BYTES.byteLength / 1000));
    expect(asset.parts.every((p) => p.etag)).toBe(true);
    expect(Buffer.compare(asset.bytes!, Buffer.from(MP4_BYTES))).toBe(0);
    expect(post.content).toEqual({ media: { id: asset.urn } });
  });

  it("uploads a document through the Documents API with its file name as the title", async () => {
    await publish(input({ media: [documentMedia()], body: "Our Q3 deck" }));
    const { media } = lastPost().content!;
    expect(media).toEqual({ id: expect.stringMatching(/^urn:li:document:/), title: "q3-deck.pdf" });
    expect(fake.publishing.assets.get(media!.id)!.bytes!.toString()).toBe("%PDF-1.7\n");
  });

  it("creates polls and reshares", async () => {
    const poll = params({
      format: "poll",
      poll_question: "Tabs or spaces?",
      poll_options: ["Tabs", "Spaces"],
      poll_duration_days: "3",
    });
    await publish(input({ body: "Settle it", params: poll }));
    expect(lastPost().content).toEqual({
      poll: {
        question: "Tabs or spaces?",
        options: [{ text: "Tabs" }, { text: "Spaces" }],
        settings: { duration: "THREE_DAYS" },
      },
    });
    await publish(
      input({
        body: "",
        params: params({ reshare_urn: "https://www.linkedin.com/feed/update/urn:li:share:6990000000000000001/" }),
      }),
    );
    expect(lastPost()).toMatchObject({
      commentary: "",
      reshareContext: { parent: "urn:li:share:6990000000000000001" },
    });
    expect(lastPost().content).toBeUndefined();
  });

  it("targets countries of an organization post with the exact Bing geo of each country", async () => {
    await publish(input({ placement: orgPlacement, params: params({ organization_id: ORG, countries: "us,ge" }) }));
    expect(lastPost().distribution.targetEntities).toEqual([
      { geoLocations: ["urn:li:geo:103644278", "urn:li:geo:106315325"] },
    ]); // Georgia the country, not the state
    expect(fake.stats.geoRequests.slice(-2)).toEqual(["united states", "georgia"]);
    const before = fake.publishing.posts.length;
    const err = await rejection(
      publish(input({ placement: orgPlacement, params: params({ organization_id: ORG, countries: "jp" }) })),
    );
    expect(err).toMatchObject({ kind: "rejected", details: { platformErrorCode: "GEO_NOT_FOUND" } });
    expect(fake.publishing.posts.length).toBe(before);
  });

  it("maps LinkedIn's refusals and failed processing", async () => {
    fake.failNext("/rest/posts", {
      status: 422,
      body: { status: 422, code: "UNPROCESSABLE_ENTITY", message: "commentary is too long" },
    });
    expect(await rejection(publish(input()))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "UNPROCESSABLE_ENTITY", platformErrorMessage: "commentary is too long" },
    });
    fake.failNext("/rest/posts", {
      status: 429,
      body: { status: 429, message: "Resource level throttle" },
      headers: { "retry-after": "90" },
    });
    expect(await rejection(publish(input()))).toMatchObject({ kind: "rate_limited", retryAfterMs: 90_000 });
    const revoked = { ...auth(), tokens: { accessToken: "AQV-not-a-token" } };
    expect(await rejection(publish(publishInput(revoked, { params: params() })))).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "INVALID_ACCESS_TOKEN" },
    });
    const err = await rejection(
      publish(input({ placement: { ...orgPlacement, externalId: "999" }, params: params({ organization_id: "999" }) })),
    );
    expect(err).toMatchObject({ kind: "rejected", details: { platformErrorCode: "ACCESS_DENIED" } });
    fake.publishing.failProcessingNext = true;
    const before = fake.publishing.posts.length;
    expect(await rejection(publish(input({ media: [publishMedia("image")] })))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "PROCESSING_FAILED" },
    });
    expect(fake.publishing.posts.length).toBe(before);
  });
});

describe("linkedin findPublished", () => {
  it("finds a post whose answer was lost, without creating anything", async () => {
    const i = input({
      placement: orgPlacement,
      body: `Lost answer ${Date.now()}`,
      params: params({ organization_id: ORG }),
    });
    fake.loseAnswerNext("POST /rest/posts");
    const err = await rejection(publish(i));
    expect(err).toBeInstanceOf(NetworkError);
    expect(err.kind).toBe("outcome_unknown");
    const created = lastPost();
    expect(created.text).toBe(i.body);
    const requests = fake.publishing.postRequests.length;
    const posts = fake.publishing.posts.length;
    expect(await linkedinConnector.findPublished!(ctx(), i)).toEqual({
      externalId: created.id,
      url: `https://www.linkedin.com/feed/update/${created.id}/`,
    });
    expect([fake.publishing.postRequests.length, fake.publishing.posts.length]).toEqual([requests, posts]);
    expect(fake.restRequests.at(-1)!.rawQuery).toBe(
      `author=${encodeURIComponent(`urn:li:organization:${ORG}`)}&q=author&count=20&start=0&sortBy=CREATED`,
    );
  });

  it("answers null when the author has no such post in the window (an older twin does not count)", async () => {
    const body = `Never sent ${Date.now()}`;
    await publish(input({ placement: orgPlacement, body, params: params({ organization_id: ORG }) }));
    lastPost().createdAt -= 25 * 3600 * 1000;
    expect(
      await linkedinConnector.findPublished!(
        ctx(),
        input({ placement: orgPlacement, body, params: params({ organization_id: ORG }) }),
      ),
    ).toBeNull();
    // Same text, but a poll was asked for: not the same post either.
    await publish(input({ placement: orgPlacement, body, params: params({ organization_id: ORG }) }));
    const poll = params({ organization_id: ORG, format: "poll", poll_question: "Q?", poll_options: ["a", "b"] });
    expect(
      await linkedinConnector.findPublished!(ctx(), input({ placement: orgPlacement, body, params: poll })),
    ).toBeNull();
  });

  it("reads a member's own posts back only with r_member_social; otherwise it cannot tell", async () => {
    const i = input({ body: `Personal ${Date.now()}` });
    const { externalId } = await publish(i);
    const withRead = publishInput(auth(["openid", "w_member_social", "r_member_social"]), {
      body: i.body,
      params: params(),
    });
    expect(await linkedinConnector.findPublished!(ctx(), withRead)).toMatchObject({ externalId });
    const withoutRead = publishInput(auth(["openid", "w_member_social"]), { body: i.body, params: params() });
    expect(await rejection(linkedinConnector.findPublished!(ctx(), withoutRead))).toMatchObject({
      kind: "outcome_unknown",
      details: { platformErrorCode: "ACCESS_DENIED" },
    });
    fake.failNext("/rest/posts", { status: 503, body: "Service Unavailable" });
    expect(await rejection(linkedinConnector.findPublished!(ctx(), withRead))).toMatchObject({
      kind: "outcome_unknown",
    });
  });
});

describe("linkedin deletePublished (DELETE /rest/posts/{encoded URN})", () => {
  const remove = (externalId: string, a: ProfileAuth = auth(), placement: PublishInput["placement"] = null) =>
    linkedinConnector.deletePublished!(ctx(), { auth: a, placement, externalId, params: params() });

  it("deletes a published post with the versioned Rest.li headers; deleting it again, or an unknown URN, resolves", async () => {
    const { externalId } = await publish(input({ placement: orgPlacement, params: params({ organization_id: ORG }) }));
    await expect(remove(externalId, auth(), orgPlacement)).resolves.toBeUndefined();
    expect(fake.restRequests.at(-1)).toMatchObject({
      path: `/rest/posts/${encodeURIComponent(externalId)}`,
      version: "202609",
      restli: "2.0.0",
    });
    expect(fake.publishing.posts.some((p) => p.id === externalId)).toBe(false);
    expect(fake.publishing.deletedPosts.at(-1)!.id).toBe(externalId);
    await expect(remove(externalId, auth(), orgPlacement)).resolves.toBeUndefined(); // LinkedIn answers 204 again
    await expect(remove("urn:li:share:6990000000000000999")).resolves.toBeUndefined(); // 404
    const video = await publish(input({ media: [publishMedia("video")] }));
    await expect(remove(video.externalId)).resolves.toBeUndefined();
    expect(fake.publishing.posts.some((p) => p.id === video.externalId)).toBe(false);
  });

  it("maps a refused delete and keeps the post", async () => {
    const { externalId } = await publish(input({ placement: orgPlacement, params: params({ organization_id: ORG }) }));
    const memberOnly = auth(["openid", "w_member_social"]);
    expect(await rejection(remove(externalId, memberOnly, orgPlacement))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "ACCESS_DENIED" },
    });
    const revoked = { ...auth(), tokens: { accessToken: "AQV-not-a-token" } };
    expect(await rejection(remove(externalId, revoked, orgPlacement))).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "INVALID_ACCESS_TOKEN" },
    });
    fake.failNext(`/rest/posts/${encodeURIComponent(externalId)}`, {
      status: 500,
      body: { status: 500, message: "Internal Server Error" },
    });
    expect(await rejection(remove(externalId, auth(), orgPlacement))).toMatchObject({ kind: "outcome_unknown" });
    expect(fake.publishing.posts.some((p) => p.id === externalId)).toBe(true);
  });
});
