import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import { APP_USAGE_BACKOFF_MS } from "../graph/errors";
import { timedFetch } from "../http";
import type { PublishInput } from "../types";
import { INSTAGRAM_SCOPES, instagramConnector } from ".";
import { instagramPostRules } from "./post-rules";
import { ZInstagramSettings } from "./settings";

// Instagram publishing against the Graph fake: containers per format with the parameters that reach
// them, status polling, media_publish, errors, the read-back after a lost answer, first comments.

let fake: GraphFake;
let ctx: Parameters<NonNullable<typeof instagramConnector.publish>>[0];
let auth: PublishInput["auth"];
const IG_ID = "17841400000000501";

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("instagram", "2000000000002", "ig-secret");
  fake.addInstagramUser({ id: "app-scoped-501", user_id: IG_ID, username: "grace.codes" });
  auth = {
    externalId: IG_ID,
    tokens: { accessToken: fake.issueToken("instagram", "app-scoped-501", INSTAGRAM_SCOPES) },
    credentials: null,
    metadata: {},
  };
  ctx = {
    settings: ZInstagramSettings.parse({
      client_id: "2000000000002",
      client_secret: "ig-secret",
      graph_url: fake.base("graph.instagram.com"),
    }),
    fetch: timedFetch(5_000),
    sleep: noSleep,
  };
});
afterAll(() => fake.close());

const params = (p: Record<string, unknown> = {}) => instagramPostRules.params.parse(p) as Record<string, unknown>;
const input = (over: Partial<PublishInput> = {}) =>
  publishInput(auth, { media: [image(1)], params: params(), ...over });
const publish = (over: Partial<PublishInput> = {}) => instagramConnector.publish!(ctx, input(over));
const image = (n: number) => publishMedia("image", { url: `https://media.example.test/i${n}.png` });
const video = publishMedia("video", { url: "https://media.example.test/v.mp4" });
const containerOf = (mediaId: string) => fake.content.containers.get(fake.content.media.get(mediaId)!.containerId)!;
const creates = () => fake.calls("graph.instagram.com", `${IG_ID}/media`).filter((r) => r.method === "POST");

describe("instagram publish", () => {
  it("one image: a container with caption, alt text, tagged users and collaborators, polled then published", async () => {
    const result = await publish({
      body: "Hello #tea",
      params: params({
        alt_text: "A teapot",
        collaborators: "ada,@lin",
        user_tags: [{ username: "@ada", x: 0.25, y: 0.5 }],
      }),
    });
    const container = containerOf(result.externalId);
    expect(container.fields).toEqual({
      image_url: "https://media.example.test/i1.png",
      alt_text: "A teapot",
      user_tags: JSON.stringify([{ username: "ada", x: 0.25, y: 0.5 }]),
      caption: "Hello #tea",
      collaborators: JSON.stringify(["ada", "lin"]),
    });
    expect(fake.calls("graph.instagram.com", container.id).map((r) => r.query.fields)).toEqual(["status_code,status"]);
    expect(fake.calls("graph.instagram.com", `${IG_ID}/media_publish`).at(-1)!.form).toEqual({
      creation_id: container.id,
    });
    expect(fake.content.media.get(result.externalId)).toMatchObject({
      mediaType: "IMAGE",
      productType: "FEED",
      text: "Hello #tea",
    });
    expect(result.url).toMatch(/^https:\/\/www\.instagram\.com\/p\/[\w-]+\/$/);
    expect(creates().at(-1)!.token).toBe(auth.tokens!.accessToken);
  });

  it("a carousel: child containers per item (tags on their slide), each polled, then the CAROUSEL parent", async () => {
    fake.setVideoReads(2);
    const tags = [
      { username: "ada", x: 0.1, y: 0.2, media_index: 0 },
      { username: "lin", media_index: 2 },
    ];
    const result = await publish({
      body: "Three",
      media: [image(1), image(2), video],
      params: params({ user_tags: tags, collaborators: ["ada"], alt_text: ["one", "two", "three"] }),
    });
    const parent = containerOf(result.externalId);
    const children = parent.fields.children!.split(",").map((id) => fake.content.containers.get(id)!.fields);
    expect(children).toEqual([
      {
        image_url: "https://media.example.test/i1.png",
        alt_text: "one",
        user_tags: JSON.stringify([{ username: "ada", x: 0.1, y: 0.2 }]),
        is_carousel_item: "true",
      },
      { image_url: "https://media.example.test/i2.png", alt_text: "two", is_carousel_item: "true" },
      {
        media_type: "VIDEO",
        video_url: video.url,
        user_tags: JSON.stringify([{ username: "lin" }]),
        is_carousel_item: "true",
      },
    ]);
    expect(parent.fields).toMatchObject({
      media_type: "CAROUSEL",
      caption: "Three",
      collaborators: JSON.stringify(["ada"]),
    });
    expect(fake.content.media.get(result.externalId)!.mediaType).toBe("CAROUSEL_ALBUM");
  });

  it("a feed video is a reel shared to the feed, without reel-only parameters", async () => {
    const result = await publish({
      body: "Clip",
      media: [video],
      params: params({ cover_url: "https://media.example.test/c.jpg", audio_name: "x" }),
    });
    expect(containerOf(result.externalId).fields).toEqual({
      media_type: "REELS",
      video_url: video.url,
      caption: "Clip",
      share_to_feed: "true",
    });
    expect(fake.content.media.get(result.externalId)).toMatchObject({ mediaType: "VIDEO", productType: "REELS" });
  });

  it("a reel takes cover_url (thumb_offset then ignored), audio_name, collaborators and a trial strategy", async () => {
    const reel = await publish({
      body: "Reel",
      media: [video],
      params: params({
        format: "reel",
        cover_url: "https://media.example.test/c.jpg",
        thumb_offset: 1500,
        audio_name: "Tea song",
        collaborators: ["ada"],
        trial_strategy: true,
        user_tags: [{ username: "lin" }],
      }),
    });
    expect(containerOf(reel.externalId).fields).toEqual({
      media_type: "REELS",
      video_url: video.url,
      caption: "Reel",
      trial_params: JSON.stringify({ graduation_strategy: "MANUAL" }),
      cover_url: "https://media.example.test/c.jpg",
      audio_name: "Tea song",
      collaborators: JSON.stringify(["ada"]),
      user_tags: JSON.stringify([{ username: "lin" }]),
    });
    const second = await publish({
      body: "Reel 2",
      media: [video],
      params: params({ format: "reel", thumb_offset: "2500" }),
    });
    expect(containerOf(second.externalId).fields).toMatchObject({ thumb_offset: "2500", share_to_feed: "true" });
  });

  it("stories: media_type STORIES with the image or video and no caption", async () => {
    const photo = await publish({
      body: "ignored",
      params: params({ format: "story", user_tags: [{ username: "ada", x: 0.5, y: 0.5 }] }),
    });
    expect(containerOf(photo.externalId).fields).toEqual({
      media_type: "STORIES",
      image_url: "https://media.example.test/i1.png",
      user_tags: JSON.stringify([{ username: "ada", x: 0.5, y: 0.5 }]),
    });
    const clip = await publish({ body: "ignored", media: [video], params: params({ format: "story" }) });
    expect(containerOf(clip.externalId).fields).toEqual({ media_type: "STORIES", video_url: video.url });
    expect(fake.content.media.get(clip.externalId)!.productType).toBe("STORY");
  });

  it("a container in ERROR is rejected with Instagram's status; a failed download is refused at creation; nothing is published", async () => {
    const published = fake.publishedMedia("instagram").length;
    fake.scriptContainers({ status: "ERROR", message: "The video format is not supported. (2207026)" });
    await expect(publish({ media: [video] })).rejects.toMatchObject({
      kind: "rejected",
      details: {
        platformErrorCode: "ERROR",
        platformErrorMessage: "Error: The video format is not supported. (2207026)",
      },
    });
    fake.unfetchable("https://media.example.test/gone.png");
    await expect(
      publish({ media: [publishMedia("image", { url: "https://media.example.test/gone.png" })] }),
    ).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "9004", platformErrorSubcode: "2207052" },
    });
    expect(fake.publishedMedia("instagram")).toHaveLength(published);
  });

  it("a video still processing after the last status read is not published and can be tried later", async () => {
    fake.setVideoReads(1000);
    try {
      const published = fake.publishedMedia("instagram").length;
      await expect(publish({ media: [video] })).rejects.toMatchObject({
        kind: "rate_limited",
        retryAfterMs: expect.any(Number),
      });
      expect(fake.publishedMedia("instagram")).toHaveLength(published);
    } finally {
      fake.setVideoReads(2);
    }
  });

  it("maps throttling (usage headers) and dead tokens", async () => {
    fake.failNext({
      host: "graph.instagram.com",
      path: `${IG_ID}/media_publish`,
      error: { code: 4, message: "Application request limit reached" },
      headers: { "x-app-usage": '{"call_count":100}' },
    });
    await expect(publish()).rejects.toMatchObject({ kind: "rate_limited", retryAfterMs: APP_USAGE_BACKOFF_MS });
    const token = fake.issueToken("instagram", "app-scoped-501", INSTAGRAM_SCOPES);
    fake.revoke(token, 463);
    await expect(
      instagramConnector.publish!(ctx, input({ auth: { ...auth, tokens: { accessToken: token } } })),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});

describe("instagram findPublished and first comment", () => {
  it("after a lost media_publish answer the media is found by caption and kind, creating nothing", async () => {
    const body = `Lost ${Date.now()}`;
    fake.loseNext({ host: "graph.instagram.com", path: `${IG_ID}/media_publish` });
    await expect(publish({ body })).rejects.toMatchObject({ kind: "outcome_unknown" });
    const [created] = fake.publishedMedia("instagram").filter((m) => m.text === body);
    const counts = [fake.content.containers.size, fake.content.media.size];
    const found = await instagramConnector.findPublished!(ctx, input({ body }));
    expect(found).toEqual({ externalId: created!.id, url: created!.permalink });
    expect([fake.content.containers.size, fake.content.media.size]).toEqual(counts);
    expect(fake.calls("graph.instagram.com", `${IG_ID}/media`).at(-1)!.method).toBe("GET");
    // the same caption on a different kind of post is not it
    expect(await instagramConnector.findPublished!(ctx, input({ body, media: [image(1), image(2)] }))).toBeNull();
    expect(await instagramConnector.findPublished!(ctx, input({ body: "not posted" }))).toBeNull();
  });

  it("stories are read from /stories: none recent is null, a recent one cannot be told apart", async () => {
    const fresh = await startGraphFake();
    try {
      fresh.addApp("instagram", "2000000000002", "ig-secret");
      fresh.addInstagramUser({ id: "app-scoped-777", user_id: "17841400000000777", username: "story.teller" });
      const storyAuth = {
        externalId: "17841400000000777",
        tokens: { accessToken: fresh.issueToken("instagram", "app-scoped-777", INSTAGRAM_SCOPES) },
        credentials: null,
        metadata: {},
      };
      const freshCtx = { ...ctx, settings: { ...ctx.settings, graph_url: fresh.base("graph.instagram.com") } };
      const story = publishInput(storyAuth, { media: [image(1)], params: params({ format: "story" }) });
      expect(await instagramConnector.findPublished!(freshCtx, story)).toBeNull();
      await instagramConnector.publish!(freshCtx, story);
      await expect(instagramConnector.findPublished!(freshCtx, story)).rejects.toMatchObject({
        kind: "outcome_unknown",
      });
    } finally {
      await fresh.close();
    }
  });

  it("the first comment goes to /{media-id}/comments", async () => {
    const post = await publish({ body: "Comment me" });
    const { externalId } = await instagramConnector.createFirstComment!(ctx, {
      ...input(),
      postExternalId: post.externalId,
      body: "#tea #morning",
    });
    expect(fake.content.comments.get(externalId)).toMatchObject({
      objectId: post.externalId,
      message: "#tea #morning",
    });
  });
});
