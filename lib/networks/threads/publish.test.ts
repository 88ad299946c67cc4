import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import { timedFetch } from "../http";
import type { PublishInput } from "../types";
import { THREADS_SCOPES, threadsConnector } from ".";
import { threadsPostRules } from "./post-rules";
import { ZThreadsSettings } from "./settings";

// Threads publishing against the Graph fake: text, media and carousel containers, topic tags, chains as
// replies, status polling, errors, and the read-back after a lost answer.

let fake: GraphFake;
let ctx: Parameters<NonNullable<typeof threadsConnector.publish>>[0];
let auth: PublishInput["auth"];
let token: string;
const USER = "9001";

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("threads", "3000000000003", "th-secret");
  fake.addThreadsUser({ id: USER, username: "katherine.j" });
  token = fake.issueToken("threads", USER, THREADS_SCOPES);
  auth = { externalId: USER, tokens: { accessToken: token }, credentials: null, metadata: {} };
  ctx = {
    settings: ZThreadsSettings.parse({
      client_id: "3000000000003",
      client_secret: "th-secret",
      graph_url: fake.base("graph.threads.com"),
    }),
    fetch: timedFetch(5_000),
    sleep: noSleep,
  };
});
afterAll(() => fake.close());

const params = (p: Record<string, unknown> = {}) => threadsPostRules.params.parse(p) as Record<string, unknown>;
const input = (over: Partial<PublishInput> = {}) => publishInput(auth, { params: params(), ...over });
const publish = (over: Partial<PublishInput> = {}) => threadsConnector.publish!(ctx, input(over));
const image = (n: number) => publishMedia("image", { url: `https://media.example.test/t${n}.png` });
const video = publishMedia("video", { url: "https://media.example.test/t.mp4" });
const media = (id: string) => fake.content.media.get(id)!;
const containerOf = (id: string) => fake.content.containers.get(media(id).containerId)!;

describe("threads publish", () => {
  it("a text post with a topic tag: TEXT container, status read, threads_publish, permalink", async () => {
    const result = await publish({ body: "Tea time", params: params({ topic_tag: "#Tea Lovers" }) });
    const container = containerOf(result.externalId);
    expect(container.fields).toEqual({ media_type: "TEXT", text: "Tea time", topic_tag: "Tea Lovers" });
    expect(fake.calls("graph.threads.com", `${USER}/threads`).at(-1)!.query).toEqual({ access_token: token }); // the form Threads documents
    expect(fake.calls("graph.threads.com", container.id).map((r) => r.query)).toEqual([
      { fields: "status,error_message", access_token: token },
    ]);
    expect(fake.calls("graph.threads.com", `${USER}/threads_publish`).at(-1)!.form).toEqual({
      creation_id: container.id,
    });
    expect(media(result.externalId)).toMatchObject({
      mediaType: "TEXT_POST",
      text: "Tea time",
      topicTag: "Tea Lovers",
    });
    expect(result.url).toMatch(/^https:\/\/www\.threads\.com\/@katherine\.j\/post\//);
  });

  it("one image or one video with alt text", async () => {
    const photo = await publish({ body: "Pic", media: [image(1)], params: params({ alt_text: "A cup" }) });
    expect(containerOf(photo.externalId).fields).toMatchObject({
      media_type: "IMAGE",
      image_url: "https://media.example.test/t1.png",
      alt_text: "A cup",
      text: "Pic",
    });
    fake.setVideoReads(3);
    const clip = await publish({ body: "", media: [video] });
    expect(containerOf(clip.externalId).fields).toMatchObject({ media_type: "VIDEO", video_url: video.url });
    expect(containerOf(clip.externalId).fields.text).toBeUndefined();
    expect(fake.calls("graph.threads.com", containerOf(clip.externalId).id)).toHaveLength(4);
  });

  it("a carousel: children with is_carousel_item and per-item alt text, then the CAROUSEL parent with text and topic tag", async () => {
    const result = await publish({
      body: "Many",
      media: [image(1), video, image(2)],
      params: params({ alt_text: ["a", "b", "c"], topic_tag: "tea" }),
    });
    const parent = containerOf(result.externalId);
    const children = parent.fields.children!.split(",").map((id) => fake.content.containers.get(id)!.fields);
    expect(children).toEqual([
      { media_type: "IMAGE", image_url: "https://media.example.test/t1.png", alt_text: "a", is_carousel_item: "true" },
      { media_type: "VIDEO", video_url: video.url, alt_text: "b", is_carousel_item: "true" },
      { media_type: "IMAGE", image_url: "https://media.example.test/t2.png", alt_text: "c", is_carousel_item: "true" },
    ]);
    expect(parent.fields).toMatchObject({ media_type: "CAROUSEL", text: "Many", topic_tag: "tea" });
    expect(media(result.externalId).mediaType).toBe("CAROUSEL_ALBUM");
  });

  it("a chain: each follow-up replies to the previous link; the root stays the first post", async () => {
    const root = await publish({ body: "1/3", params: params({ topic_tag: "tea" }) });
    const second = await publish({
      body: "2/3",
      replyTo: { externalId: root.externalId, rootExternalId: root.externalId },
      params: params({ topic_tag: "tea" }),
    });
    const third = await publish({
      body: "3/3",
      media: [image(3)],
      replyTo: { externalId: second.externalId, rootExternalId: root.externalId },
    });
    expect(containerOf(second.externalId).fields).toMatchObject({ reply_to_id: root.externalId, topic_tag: "tea" });
    expect(containerOf(third.externalId).fields).toMatchObject({ reply_to_id: second.externalId, media_type: "IMAGE" });
    expect(media(third.externalId)).toMatchObject({ repliedTo: second.externalId, rootPost: root.externalId });
  });

  it("a container in ERROR (a video Threads could not download) is rejected with its error_message", async () => {
    fake.unfetchable("https://media.example.test/missing.mp4");
    const before = fake.publishedMedia("threads").length;
    await expect(
      publish({ media: [publishMedia("video", { url: "https://media.example.test/missing.mp4" })] }),
    ).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "ERROR", platformErrorMessage: "FAILED_DOWNLOADING_VIDEO" },
    });
    expect(fake.publishedMedia("threads")).toHaveLength(before);
  });

  it("maps refusals, throttling and dead tokens", async () => {
    fake.failNext({
      host: "graph.threads.com",
      path: `${USER}/threads`,
      error: { code: 100, error_subcode: 4279009, message: "Text is too long" },
    });
    await expect(publish()).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "100", platformErrorSubcode: "4279009" },
    });
    fake.failNext({
      host: "graph.threads.com",
      path: `${USER}/threads_publish`,
      status: 429,
      error: { code: 613, message: "Calls to this api have exceeded the rate limit." },
      headers: { "retry-after": "90" },
    });
    await expect(publish()).rejects.toMatchObject({ kind: "rate_limited", retryAfterMs: 90_000 });
    const dead = fake.issueToken("threads", USER, THREADS_SCOPES);
    fake.revoke(dead, 460);
    await expect(
      threadsConnector.publish!(ctx, input({ auth: { ...auth, tokens: { accessToken: dead } } })),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});

describe("threads findPublished", () => {
  it("after a lost threads_publish answer the post is found by text on /threads, creating nothing", async () => {
    const body = `Lost ${Date.now()}`;
    fake.loseNext({ host: "graph.threads.com", path: `${USER}/threads_publish` });
    await expect(publish({ body })).rejects.toMatchObject({ kind: "outcome_unknown" });
    const created = fake.publishedMedia("threads").find((m) => m.text === body)!;
    const counts = [fake.content.containers.size, fake.content.media.size];
    expect(await threadsConnector.findPublished!(ctx, input({ body }))).toEqual({
      externalId: created.id,
      url: created.permalink,
    });
    expect([fake.content.containers.size, fake.content.media.size]).toEqual(counts);
    expect(await threadsConnector.findPublished!(ctx, input({ body: "never sent" }))).toBeNull();
    expect(await threadsConnector.findPublished!(ctx, input({ body, media: [image(1)] }))).toBeNull(); // not an image post
  });

  it("a chain's follow-up is found among /replies to the same parent only", async () => {
    const root = await publish({ body: "Root post" });
    const other = await publish({ body: "Other root" });
    fake.loseNext({ host: "graph.threads.com", path: `${USER}/threads_publish` });
    const replyTo = { externalId: root.externalId, rootExternalId: root.externalId };
    await expect(publish({ body: "Same words", replyTo })).rejects.toMatchObject({ kind: "outcome_unknown" });
    const found = await threadsConnector.findPublished!(ctx, input({ body: "Same words", replyTo }));
    expect(media(found!.externalId)).toMatchObject({ repliedTo: root.externalId, text: "Same words" });
    expect(fake.calls("graph.threads.com", `${USER}/replies`).at(-1)!.query.fields).toContain("replied_to");
    expect(
      await threadsConnector.findPublished!(
        ctx,
        input({ body: "Same words", replyTo: { externalId: other.externalId, rootExternalId: other.externalId } }),
      ),
    ).toBeNull();
  });

  it("an old post with the same text is not taken for this one", async () => {
    fake.advanceTime(-8 * 3600_000);
    await publish({ body: "Good morning" });
    fake.advanceTime(8 * 3600_000);
    expect(await threadsConnector.findPublished!(ctx, input({ body: "Good morning" }))).toBeNull();
  });
});
