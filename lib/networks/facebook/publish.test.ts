import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bucUsageHeader, type GraphFake } from "@/testing/fakes/graph";
import { publishInput, publishMedia } from "@/testing/publish-media";
import type { PublishInput } from "../types";
import { FACEBOOK_SCOPES, facebookConnector } from ".";
import { facebookPostRules } from "./post-rules";
import { startFacebookTestContext } from "./test-context";

// Facebook Page publishing against the Graph fake: every format's wire calls, what the fake stored,
// error mapping, the read-back after a lost answer, and first comments.

let fake: GraphFake;
let ctx: Parameters<NonNullable<typeof facebookConnector.publish>>[0];
let pageToken: string;
const PAGE = "20001";
const auth = { externalId: "10150001", tokens: { accessToken: "unused-user-token" }, credentials: null, metadata: {} };

beforeAll(async () => {
  ({ fake, ctx, pageToken } = await startFacebookTestContext({
    userId: "10150001",
    pages: [
      { id: PAGE, name: "Engines" },
      { id: "20002", name: "Other" },
    ],
  }));
});
afterAll(() => fake.close());

const params = (p: Record<string, unknown> = {}) =>
  facebookPostRules.params.parse({ page_id: PAGE, ...p }) as Record<string, unknown>;
const input = (over: Partial<PublishInput> = {}) =>
  publishInput(auth, {
    placement: { externalId: PAGE, accessToken: pageToken, metadata: {} },
    params: params(),
    ...over,
  });
const publish = (over: Partial<PublishInput> = {}) => facebookConnector.publish!(ctx, input(over));
const image = (n: number) => publishMedia("image", { url: `https://media.example.test/p${n}.png` });
const video = publishMedia("video", { url: "https://media.example.test/clip.mp4" });
const posts = () => fake.facebookObjects(PAGE).filter((o) => o.kind === "post");
const last = (path: string | RegExp) =>
  fake.requests.filter((r) => (typeof path === "string" ? r.path === path : path.test(r.path))).at(-1)!;

describe("facebook publish", () => {
  it("a text post with a link and countries goes to /feed as the Page, with appsecret_proof", async () => {
    const result = await publish({
      body: "Read this",
      params: params({ link: "https://blog.example/x", countries: "us, fr" }),
    });
    const post = fake.content.facebook.get(result.externalId)!;
    expect(post).toMatchObject({ kind: "post", pageId: PAGE, message: "Read this", published: true });
    expect(post.fields.link).toBe("https://blog.example/x");
    expect(JSON.parse(post.fields.targeting!)).toEqual({ geo_locations: { countries: ["US", "FR"] } });
    expect(result.url).toBe(`https://www.facebook.com/${PAGE}/posts/${result.externalId.split("_")[1]}`);
    const call = last(`${PAGE}/feed`);
    expect(call).toMatchObject({
      method: "POST",
      version: "v25.0",
      token: pageToken,
      query: { appsecret_proof: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(call.query.access_token).toBeUndefined();
  });

  it("one image is a published /photos with caption and alt text; the post id is returned", async () => {
    const result = await publish({ body: "One photo", media: [image(1)], params: params({ alt_text: "A gear" }) });
    expect(result.externalId).toMatch(new RegExp(`^${PAGE}_\\d+$`));
    const [photo] = fake.facebookObjects(PAGE).filter((o) => o.kind === "photo" && o.postId === result.externalId);
    expect(photo!.fields).toMatchObject({
      url: "https://media.example.test/p1.png",
      caption: "One photo",
      alt_text_custom: "A gear",
      published: "true",
    });
  });

  it("several images are unpublished photos attached to one /feed post, in order, each with its alt text", async () => {
    const result = await publish({
      body: "Album",
      media: [image(1), image(2), image(3)],
      params: params({ alt_text: ["a", "b", "c"] }),
    });
    const post = fake.content.facebook.get(result.externalId)!;
    const photos = post.attachedMedia!.map((id) => fake.content.facebook.get(id)!);
    expect(photos.map((p) => [p.fields.url, p.fields.alt_text_custom, p.published])).toEqual([
      ["https://media.example.test/p1.png", "a", false],
      ["https://media.example.test/p2.png", "b", false],
      ["https://media.example.test/p3.png", "c", false],
    ]);
    expect(post.message).toBe("Album");
    expect(post.fields.link).toBeUndefined();
  });

  it("a video post goes to graph-video /videos with file_url; the relative permalink becomes absolute", async () => {
    const result = await publish({ body: "Watch", media: [video] });
    expect(fake.content.facebook.get(result.externalId)).toMatchObject({
      kind: "video",
      description: "Watch",
      fileUrl: video.url,
    });
    expect(last(`${PAGE}/videos`).host).toBe("graph-video.facebook.com");
    expect(result.url).toBe(`https://www.facebook.com/${PAGE}/videos/${result.externalId}/`);
  });

  it("a reel: video_reels start, rupload with the file_url header, finish PUBLISHED, then waits for processing", async () => {
    fake.setVideoReads(2);
    const result = await publish({
      body: "Reel caption",
      media: [video],
      params: params({ format: "reel", title: "My reel", countries: "US" }),
    });
    const reel = fake.content.facebook.get(result.externalId)!;
    expect(reel).toMatchObject({ kind: "reel", phase: "finished", description: "Reel caption", fileUrl: video.url });
    expect(reel.fields).toMatchObject({ video_state: "PUBLISHED", title: "My reel", upload_phase: "finish" });
    expect(reel.fields.targeting).toBeUndefined();
    const upload = last(/^video-upload\//);
    expect(upload).toMatchObject({
      host: "rupload.facebook.com",
      path: `video-upload/v25.0/${result.externalId}`,
      token: pageToken,
    });
    expect(upload.headers).toMatchObject({ authorization: `OAuth ${pageToken}`, file_url: video.url });
    expect(fake.calls("graph.facebook.com", result.externalId).map((r) => r.query.fields)).toEqual([
      "status",
      "status",
      "status",
    ]);
    expect(result.url).toBe(`https://www.facebook.com/reel/${result.externalId}`);
  });

  it("a reel whose upload or processing fails is rejected with Facebook's message", async () => {
    fake.scriptContainers({ status: "ERROR", message: "The video is too short" });
    await expect(publish({ media: [video], params: params({ format: "reel" }) })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorMessage: "The video is too short" },
    });
    fake.unfetchable("https://media.example.test/private.mp4");
    const hidden = publishMedia("video", { url: "https://media.example.test/private.mp4" });
    await expect(publish({ media: [hidden], params: params({ format: "reel" }) })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorMessage: "Failed to download the file at file_url" },
    });
  });

  it("stories: a photo is uploaded unpublished then /photo_stories; a video runs video_stories; no caption is sent", async () => {
    const photoStory = await publish({ body: "ignored", media: [image(9)], params: params({ format: "story" }) });
    const story = fake.facebookObjects(PAGE).find((o) => o.postId === photoStory.externalId)!;
    expect(story).toMatchObject({ kind: "story", mediaType: "photo" });
    expect(fake.content.facebook.get(story.fields.photo_id!)!.fields).toEqual({
      url: "https://media.example.test/p9.png",
      published: "false",
    });
    expect(photoStory.url).toBeNull();

    const videoStory = await publish({ body: "ignored", media: [video], params: params({ format: "story" }) });
    const stored = fake.facebookObjects(PAGE).find((o) => o.postId === videoStory.externalId)!;
    expect(stored).toMatchObject({ kind: "story", mediaType: "video", fileUrl: video.url, description: undefined });
  });

  it("needs the page: no placement is rejected with 'page_id is required' and sends nothing", async () => {
    const before = fake.requests.length;
    await expect(facebookConnector.publish!(ctx, publishInput(auth, { params: params() }))).rejects.toMatchObject({
      kind: "rejected",
      message: "page_id is required",
    });
    expect(fake.requests.length).toBe(before);
  });

  it("maps errors: a refusal keeps code/subcode/message, throttling waits, a dead token is auth_expired", async () => {
    fake.failNext({
      host: "graph.facebook.com",
      path: `${PAGE}/feed`,
      error: { code: 368, error_subcode: 1390008, message: "You can't post this" },
    });
    await expect(publish()).rejects.toMatchObject({
      kind: "rejected",
      details: {
        platformErrorCode: "368",
        platformErrorSubcode: "1390008",
        platformErrorMessage: "You can't post this",
      },
    });

    fake.failNext({
      host: "graph.facebook.com",
      path: `${PAGE}/feed`,
      error: { code: 32, message: "Page request limit reached" },
      headers: bucUsageHeader(PAGE, 12),
    });
    await expect(publish()).rejects.toMatchObject({ kind: "rate_limited", retryAfterMs: 12 * 60_000 });

    fake.unfetchable("https://media.example.test/missing.png");
    await expect(
      publish({ media: [publishMedia("image", { url: "https://media.example.test/missing.png" })] }),
    ).rejects.toMatchObject({ kind: "rejected", details: { platformErrorCode: "324" } });

    const otherPage = fake.pageToken("10150001", "20002", FACEBOOK_SCOPES);
    await expect(
      publish({ placement: { externalId: PAGE, accessToken: otherPage, metadata: {} } }),
    ).rejects.toMatchObject({ kind: "rejected", details: { platformErrorCode: "200" } });

    const doomed = fake.pageToken("10150001", "20002", FACEBOOK_SCOPES);
    fake.revoke(doomed, 460);
    await expect(
      publish({ placement: { externalId: "20002", accessToken: doomed, metadata: {} } }),
    ).rejects.toMatchObject({ kind: "auth_expired", details: { platformErrorSubcode: "460" } });
  });
});

describe("facebook findPublished and first comment", () => {
  it("after a lost answer the post is found by its text on published_posts, creating nothing", async () => {
    const body = `Lost answer ${Date.now()}`;
    fake.loseNext({ host: "graph.facebook.com", path: `${PAGE}/feed` });
    await expect(publish({ body })).rejects.toMatchObject({ kind: "outcome_unknown" });
    const created = posts().find((p) => p.message === body)!;
    const before = fake.requests.length;
    const found = await facebookConnector.findPublished!(ctx, input({ body }));
    expect(found).toEqual({
      externalId: created.id,
      url: `https://www.facebook.com/${PAGE}/posts/${created.id.split("_")[1]}`,
    });
    const reads = fake.requests.slice(before);
    expect(reads.map((r) => [r.method, r.path])).toEqual([["GET", `${PAGE}/published_posts`]]);
    expect(posts().filter((p) => p.message === body)).toHaveLength(1);
  });

  it("null when no recent post says the same; an old post with the same text does not count", async () => {
    expect(await facebookConnector.findPublished!(ctx, input({ body: "never published" }))).toBeNull();
    fake.advanceTime(-7 * 3600_000);
    await publish({ body: "Weekly note" });
    fake.advanceTime(7 * 3600_000);
    expect(await facebookConnector.findPublished!(ctx, input({ body: "Weekly note" }))).toBeNull();
  });

  it("reels are read back from video_reels by description", async () => {
    const body = `Reel ${Date.now()}`;
    fake.loseNext({ host: "graph.facebook.com", path: `${PAGE}/video_reels` }); // the start call
    await expect(publish({ body, media: [video], params: params({ format: "reel" }) })).rejects.toMatchObject({
      kind: "outcome_unknown",
    });
    expect(
      await facebookConnector.findPublished!(ctx, input({ body, media: [video], params: params({ format: "reel" }) })),
    ).toBeNull();
    const reel = await publish({ body, media: [video], params: params({ format: "reel" }) });
    expect(
      await facebookConnector.findPublished!(ctx, input({ body, media: [video], params: params({ format: "reel" }) })),
    ).toMatchObject({ externalId: reel.externalId });
  });

  it("stories have no text: none recent is null; a recent story of the kind cannot be told apart (outcome_unknown)", async () => {
    const token = fake.pageToken("10150001", "20002", FACEBOOK_SCOPES);
    const storyInput = input({
      placement: { externalId: "20002", accessToken: token, metadata: {} },
      media: [video],
      params: params({ format: "story" }),
    });
    expect(await facebookConnector.findPublished!(ctx, storyInput)).toBeNull();
    await facebookConnector.publish!(ctx, storyInput);
    await expect(facebookConnector.findPublished!(ctx, storyInput)).rejects.toMatchObject({ kind: "outcome_unknown" });
    expect(last("20002/stories").query.fields).toBe("post_id,media_type,creation_time,status");
  });

  it("a first comment is posted on the post as the Page", async () => {
    const post = await publish({ body: "With a comment" });
    const { externalId } = await facebookConnector.createFirstComment!(ctx, {
      ...input(),
      postExternalId: post.externalId,
      body: "First!",
    });
    expect(fake.content.comments.get(externalId)).toMatchObject({ objectId: post.externalId, message: "First!" });
    expect(last(`${post.externalId}/comments`)).toMatchObject({
      method: "POST",
      token: pageToken,
      form: { message: "First!" },
    });
  });
});
