import { useOwnDatabase } from "@/lib/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTikTokFake, tiktokApiError, type TikTokFake } from "@/e2e/fakes/tiktok";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as commentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import * as hideRoute from "@/app/api/posts/[id]/comments/[comment_id]/hide/route";
import * as likeRoute from "@/app/api/posts/[id]/comments/[comment_id]/like/route";
import * as pinRoute from "@/app/api/posts/[id]/comments/[comment_id]/pin/route";
import * as unpinRoute from "@/app/api/posts/[id]/comments/[comment_id]/unpin/route";
import { commentActionFn, publishCommentFn } from "@/inngest/functions/comments";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import type { RouteHandler } from "@/lib/api/route";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { callRoute } from "@/lib/testing/call-route";
import { seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/lib/testing/comments";
import { eventsOf, seedTenant, setEnv, type Tenant } from "@/lib/testing/network-tests";
import { seedGroup, seedKey } from "@/lib/testing/seed";
import { findPostsDueForComments, syncPostComments } from "./poll-post-comments";

await useOwnDatabase("tiktok_comments");

// TikTok comments on profiles connected on or after 2026-09-30, through the API for Business against the
// TikTok fake (which refuses unknown parameters, fields and enum values, and tokens it did not issue):
// polled with comment.created, written through the API and the local runner exactly once.

type Json = Record<string, any>;
let tiktok: TikTokFake;
let tenant: Tenant;
let token: string;
let runner: LocalRunner;

beforeAll(async () => {
  tiktok = await startTikTokFake();
  tenant = await seedTenant();
  token = (await seedKey({ accountId: tenant.account.id })).token;
  runner = await startLocalRunner({
    functions: [publishCommentFn, commentActionFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  return setEnv({
    NETWORK_TIKTOK_CLIENT_KEY: tiktok.clientKey,
    NETWORK_TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
    NETWORK_TIKTOK_WEB_URL: tiktok.url,
    NETWORK_TIKTOK_API_URL: tiktok.url,
    NETWORK_TIKTOK_BUSINESS_API_URL: tiktok.url,
  });
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await tiktok?.close();
});

// A published video on a tiktok profile connected at `connectedAt` (in a group of its own), holding the
// fake's token.
const world = async (connectedAt = new Date("2026-10-01T00:00:00Z")) => {
  const group = await seedGroup({ accountId: tenant.account.id }); // one tiktok account per group
  const profile = await seedNetworkProfile({
    group,
    platform: "tiktok",
    externalId: tiktok.user.open_id,
    connectedAt,
  });
  await db.profile.update({ where: { id: profile.id }, data: { accessToken: encryptSecret(tiktok.grant()) } });
  const videoId = `73${uniqueDigits(17)}`;
  tiktok.comments.addVideo(videoId);
  const { post, platformPost } = await seedPublishedPost({ group, profile, externalId: videoId });
  await db.platformPost.update({ where: { id: platformPost.id }, data: { publishedAt: new Date() } });
  return { profile, post, platformPost, videoId };
};
type World = Awaited<ReturnType<typeof world>>;

const create = (w: World, body: Json, headers: Record<string, string> = {}) =>
  callRoute(postCommentsRoute.POST, {
    path: `/api/posts/${w.post.id}/comments?profile_id=${w.profile.id}`,
    token,
    body,
    params: { id: w.post.id },
    headers,
  });
const act = (route: RouteHandler, w: World, id: string) =>
  callRoute(route, {
    path: `/api/posts/${w.post.id}/comments/${id}?profile_id=${w.profile.id}`,
    token,
    params: { id: w.post.id, comment_id: id },
  });
const row = (id: string) => db.comment.findUniqueOrThrow({ where: { id } });
const held = (id: string) => tiktok.comments.comments.get(id);

describe("tiktok comment polling", () => {
  describe("a video with two comments and a reply", () => {
    let w: World;
    let first: string;
    let dueBefore: string[];
    let synced: Awaited<ReturnType<typeof syncPostComments>>;
    beforeAll(async () => {
      w = await world();
      first = tiktok.comments.addViewerComment(w.videoId, "first!");
      tiktok.comments.addViewerComment(w.videoId, "thanks", { parent: first });
      tiktok.comments.addViewerComment(w.videoId, "second");
      dueBefore = await findPostsDueForComments();
      synced = await syncPostComments({ platformPostId: w.platformPost.id });
    });

    it("is due for a poll", () => {
      expect(dueBefore).toContain(w.platformPost.id);
    });

    it("is read with replies, newest first, in TikTok's documented parameters", () => {
      expect(tiktok.comments.requestsTo("/list/").at(-1)!.query).toEqual({
        business_id: tiktok.user.open_id,
        video_id: w.videoId,
        include_replies: "true",
        sort_field: "create_time",
        sort_order: "desc",
        max_count: "30",
      });
    });

    it("has its comments and the reply stored, keyed on TikTok's ids", async () => {
      expect(synced).toMatchObject({ state: "synced", counts: { created: 3 } });
      const rows = await db.comment.findMany({
        where: { platformPostId: w.platformPost.id },
        orderBy: { body: "asc" },
      });
      expect(rows.map((r) => [r.body, r.externalId === first ? "first" : "-", r.parentExternalId])).toEqual([
        ["first!", "first", null],
        ["second", "-", null],
        ["thanks", "-", first],
      ]);
      expect(rows[0]).toMatchObject({ authorName: "Viewer", authorUsername: "viewer" });
    });

    it("the next poll updates the same rows", async () => {
      const again = await syncPostComments({ platformPostId: w.platformPost.id, now: new Date(Date.now() + 1000) });
      expect(again.counts).toEqual({ updated: 3 });
    });

    it("emits comment.created once each, whatever the polls", async () => {
      const announced = (await eventsOf(tenant.account.id, "comment.created")).filter(
        (e) => (e.data as Json).post_id === w.post.id,
      );
      expect(announced).toHaveLength(3);
    });
  });

  it("profiles connected before 2026-09-30 are not polled", async () => {
    const w = await world(new Date("2026-09-29T23:59:59Z"));
    tiktok.comments.addViewerComment(w.videoId, "never read");
    expect(await findPostsDueForComments()).not.toContain(w.platformPost.id);
    expect(await syncPostComments({ platformPostId: w.platformPost.id })).toEqual({ state: "unsupported" });
    expect(await db.comment.count({ where: { platformPostId: w.platformPost.id } })).toBe(0);
  });
});

describe("tiktok comment writes", () => {
  describe("a comment and a reply", () => {
    let top: Awaited<ReturnType<typeof create>>;
    let published: Awaited<ReturnType<typeof row>>;
    let replied: Awaited<ReturnType<typeof row>>;
    beforeAll(async () => {
      const w = await world();
      top = await create(w, { body: "Thanks for watching!" });
      await runner.drain();
      published = await row(top.json.id as string);
      const reply = await create(w, { text: "And another", parent_id: published.id });
      await runner.drain();
      replied = await row(reply.json.id as string);
    });

    it("the comment is published with the id TikTok holds", () => {
      expect(top.status, JSON.stringify(top.json)).toBe(201);
      expect(published, published.error ?? "").toMatchObject({ status: "published", attempts: 1, error: null });
      expect(held(published.externalId!)).toMatchObject({ text: "Thanks for watching!", owner: true });
    });

    it("the reply is published under it", () => {
      expect(replied, replied.error ?? "").toMatchObject({
        status: "published",
        parentExternalId: published.externalId,
      });
      expect(held(replied.externalId!)).toMatchObject({
        text: "And another",
        parent_comment_id: published.externalId,
      });
    });

    it("comment.created is emitted once for each", async () => {
      const announced = (await eventsOf(tenant.account.id, "comment.created")).filter((e) =>
        [published.id, replied.id].includes((e.data as Json).id),
      );
      expect(announced).toHaveLength(2);
    });
  });

  it("an answer lost after the comment was made is read back: published, held once", async () => {
    const w = await world();
    tiktok.loseAnswerNext("POST /open_api/v1.3/business/comment/create/");
    const listsBefore = tiktok.comments.requestsTo("/list/").length;
    const c = await create(w, { body: "Lost in the mail" });
    await runner.drain();
    const stored = await row(c.json.id as string);
    expect(stored, stored.error ?? "").toMatchObject({ status: "published", attempts: 1 });
    const onNetwork = [...tiktok.comments.comments.values()].filter((x) => x.text === "Lost in the mail");
    expect(onNetwork.map((x) => x.comment_id)).toEqual([stored.externalId]);
    expect(tiktok.comments.requestsTo("/list/").length).toBeGreaterThan(listsBefore); // found by the read-back
  });

  it("a rejection by TikTok fails the comment with TikTok's error code", async () => {
    const w = await world();
    tiktok.failNext("/open_api/v1.3/business/comment/create/", tiktokApiError("spam_risk_text", "Text is spam", 400));
    const c = await create(w, { body: "buy followers" });
    await runner.drain();
    expect(await row(c.json.id as string)).toMatchObject({
      status: "failed",
      errorDetails: expect.objectContaining({ platformErrorCode: "spam_risk_text" }),
    });
    expect([...tiktok.comments.comments.values()].filter((x) => x.text === "buy followers")).toHaveLength(0);
  });

  describe("actions", () => {
    let w: World;
    let viewer: string;
    beforeAll(async () => {
      w = await world();
      viewer = tiktok.comments.addViewerComment(w.videoId, "Nice!");
      await syncPostComments({ platformPostId: w.platformPost.id });
    });

    it("hide, like and pin reach TikTok for a viewer's comment", async () => {
      for (const route of [hideRoute.POST, likeRoute.POST, pinRoute.POST])
        expect((await act(route, w, viewer)).json).toEqual({ accepted: true });
      await runner.drain();
      expect(held(viewer)).toMatchObject({ status: "HIDDEN", liked: true, pinned: true });
    });

    it("unpin reaches TikTok as the documented UNPIN", async () => {
      expect((await act(unpinRoute.POST, w, viewer)).json).toEqual({ accepted: true });
      await runner.drain();
      expect(held(viewer)).toMatchObject({ pinned: false });
      expect(tiktok.comments.requestsTo("/pin/").at(-1)!.body).toEqual({
        business_id: tiktok.user.open_id,
        video_id: w.videoId,
        comment_id: viewer,
        action: "UNPIN",
      });
    });

    it("delete removes our own comment on TikTok and here", async () => {
      const ours = await create(w, { body: "Oops" });
      await runner.drain();
      const published = await row(ours.json.id as string);
      expect((await act(commentRoute.DELETE, w, published.id)).json).toEqual({ accepted: true });
      await runner.drain();
      expect(held(published.externalId!)).toBeUndefined();
      expect(await db.comment.count({ where: { id: published.id } })).toBe(0);
    });
  });
});

describe("the TikTok comments fake", () => {
  let w: World;
  beforeAll(async () => {
    w = await world();
  });
  const base = () => `${tiktok.url}/open_api/v1.3/business/comment`;
  const get = async (query: Record<string, string>, accessToken = tiktok.grant()) => {
    const res = await fetch(`${base()}/list/?${new URLSearchParams(query)}`, {
      headers: { "access-token": accessToken },
    });
    return [res.status, ((await res.json()) as Json).error.code];
  };
  const post = async (path: string, body: Json) => {
    const res = await fetch(`${base()}${path}`, {
      method: "POST",
      headers: { "access-token": tiktok.grant(), "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return [res.status, ((await res.json()) as Json).error.code];
  };
  const listQuery = () => ({ business_id: tiktok.user.open_id, video_id: w.videoId });
  const likeBody = () => ({
    business_id: tiktok.user.open_id,
    comment_id: tiktok.comments.addViewerComment(w.videoId, "hi"),
    action: "LIKE",
  });

  it("answers a well-formed list and like", async () => {
    expect(await get(listQuery())).toEqual([200, "ok"]);
    expect(await post("/like/", likeBody())).toEqual([200, "ok"]);
  });

  it("refuses a token it did not issue", async () => {
    expect(await get(listQuery(), "act.forged")).toEqual([401, "access_token_invalid"]);
  });

  it("refuses another account's business_id", async () => {
    expect(await get({ ...listQuery(), business_id: "someone-else" })).toEqual([403, "permission_denied"]);
  });

  it("refuses an unknown query parameter", async () => {
    expect(await get({ ...listQuery(), fields: "text" })).toEqual([400, "invalid_params"]);
  });

  it("refuses an unknown query enum value", async () => {
    expect(await get({ ...listQuery(), sort_order: "newest" })).toEqual([400, "invalid_params"]);
  });

  it("refuses an unknown body field", async () => {
    expect(await post("/like/", { ...likeBody(), video_id: w.videoId })).toEqual([400, "invalid_params"]);
  });

  it("refuses an unknown body enum value", async () => {
    expect(await post("/like/", { ...likeBody(), action: "LOVE" })).toEqual([400, "invalid_params"]);
  });
});
