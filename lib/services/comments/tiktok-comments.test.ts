import { useOwnDatabase } from "@/testing/own-database";
import { beforeAll, describe, expect, it } from "vitest";
import { businessApiError, type TikTokFake } from "@/testing/fakes/tiktok";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as commentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import * as hideRoute from "@/app/api/posts/[id]/comments/[comment_id]/hide/route";
import * as likeRoute from "@/app/api/posts/[id]/comments/[comment_id]/like/route";
import * as pinRoute from "@/app/api/posts/[id]/comments/[comment_id]/pin/route";
import * as unpinRoute from "@/app/api/posts/[id]/comments/[comment_id]/unpin/route";
import { commentActionFn, publishCommentFn } from "@/inngest/functions/comments";
import type { LocalRunner } from "@/inngest/local-runner";
import type { RouteHandler } from "@/lib/api/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { eventsOf, seedTenant, type Tenant } from "@/testing/network-tests";
import { seedGroup, seedKey } from "@/testing/seed";
import { seedTikTokVideo, useTikTokComments } from "@/testing/tiktok-comments";
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

const fake = useTikTokComments([publishCommentFn, commentActionFn]);
beforeAll(async () => {
  ({ tiktok, runner } = { tiktok: fake.tiktok(), runner: fake.runner() });
  tenant = await seedTenant();
  token = (await seedKey({ accountId: tenant.account.id })).token;
});

// A published video on a tiktok profile connected at `connectedAt` (in a group of its own: one tiktok
// account per group) through TikTok's Authorization for Business (`loginKit`: through Login Kit).
const world = async (connectedAt?: Date, { loginKit = false } = {}) =>
  seedTikTokVideo(tiktok, await seedGroup({ accountId: tenant.account.id }), { connectedAt, loginKit });
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
  it("stores comments and their replies once, keyed on TikTok's ids, with comment.created", async () => {
    const w = await world();
    const first = tiktok.comments.addViewerComment(w.videoId, "first!");
    tiktok.comments.addViewerComment(w.videoId, "thanks", { parent: first });
    tiktok.comments.addViewerComment(w.videoId, "second");
    expect(await findPostsDueForComments()).toContain(w.platformPost.id);

    expect(await syncPostComments({ platformPostId: w.platformPost.id })).toMatchObject({
      state: "synced",
      counts: { created: 3 },
    });
    expect(tiktok.comments.requestsTo("/list/").at(-1)!.query).toEqual({
      business_id: tiktok.user.open_id,
      video_id: w.videoId,
      include_replies: "true",
      sort_field: "create_time",
      sort_order: "desc",
      max_count: "30",
    });
    const rows = await db.comment.findMany({ where: { platformPostId: w.platformPost.id }, orderBy: { body: "asc" } });
    expect(rows.map((r) => [r.body, r.externalId === first ? "first" : "-", r.parentExternalId])).toEqual([
      ["first!", "first", null],
      ["second", "-", null],
      ["thanks", "-", first],
    ]);
    expect(rows[0]).toMatchObject({ authorName: "Viewer", authorUsername: "viewer" });

    const again = await syncPostComments({ platformPostId: w.platformPost.id, now: new Date(Date.now() + 1000) });
    expect(again.counts).toEqual({ updated: 3 });
    const announced = (await eventsOf(tenant.account.id, "comment.created")).filter(
      (e) => (e.data as Json).post_id === w.post.id,
    );
    expect(announced).toHaveLength(3);
  });

  it("a thread with more replies than the list shows is read in full through the reply list", async () => {
    const w = await world();
    const top = tiktok.comments.addViewerComment(w.videoId, "question?");
    for (let i = 1; i <= 5; i++) tiktok.comments.addViewerComment(w.videoId, `answer ${i}`, { parent: top });
    expect(await syncPostComments({ platformPostId: w.platformPost.id })).toMatchObject({ counts: { created: 6 } });
    expect(tiktok.comments.requestsTo("/reply/list/").at(-1)!.query).toEqual({
      business_id: tiktok.user.open_id,
      video_id: w.videoId,
      comment_id: top,
      sort_field: "create_time",
      sort_order: "desc",
      max_count: "30",
    });
    const replies = await db.comment.findMany({ where: { platformPostId: w.platformPost.id, parentExternalId: top } });
    expect(replies.map((r) => r.body).sort()).toEqual(["answer 1", "answer 2", "answer 3", "answer 4", "answer 5"]);
  });

  it("TikTok's rate limit code 40100 on a poll backs the profile off", async () => {
    const w = await world();
    tiktok.failNext("/open_api/v1.3/business/comment/list/", businessApiError(40100, "Too many requests"));
    expect(await syncPostComments({ platformPostId: w.platformPost.id })).toEqual({ state: "rate_limited" });
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
  it("a comment and a reply are published with the id TikTok holds, the reply under it, with comment.created", async () => {
    const w = await world();
    const top = await create(w, { body: "Thanks for watching!" });
    expect(top.status, JSON.stringify(top.json)).toBe(201);
    await runner.drain();
    const published = await row(top.json.id as string);
    expect(published, published.error ?? "").toMatchObject({ status: "published", attempts: 1, error: null });
    expect(held(published.externalId!)).toMatchObject({ text: "Thanks for watching!", owner: true });

    const reply = await create(w, { text: "And another", parent_id: published.id });
    await runner.drain();
    const replied = await row(reply.json.id as string);
    expect(replied, replied.error ?? "").toMatchObject({ status: "published", parentExternalId: published.externalId });
    expect(held(replied.externalId!)).toMatchObject({ text: "And another", parent_comment_id: published.externalId });
    const announced = (await eventsOf(tenant.account.id, "comment.created")).filter((e) =>
      [published.id, replied.id].includes((e.data as Json).id),
    );
    expect(announced).toHaveLength(2);
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

  it("a reply whose answer was lost is read back from its parent's replies: published, held once", async () => {
    const w = await world();
    const viewer = tiktok.comments.addViewerComment(w.videoId, "Where was this?");
    await syncPostComments({ platformPostId: w.platformPost.id });
    const parent = await db.comment.findFirstOrThrow({
      where: { platformPostId: w.platformPost.id, externalId: viewer },
    });
    tiktok.loseAnswerNext("POST /open_api/v1.3/business/comment/reply/create/");
    const c = await create(w, { body: "In the Alps", parent_id: parent.id });
    await runner.drain();
    const stored = await row(c.json.id as string);
    expect(stored, stored.error ?? "").toMatchObject({ status: "published", attempts: 1, parentExternalId: viewer });
    const onNetwork = [...tiktok.comments.comments.values()].filter((x) => x.text === "In the Alps");
    expect(onNetwork.map((x) => x.comment_id)).toEqual([stored.externalId]);
    expect(tiktok.comments.requestsTo("/reply/list/").at(-1)!.query).toMatchObject({ comment_id: viewer });
  });

  it("polled and published comments link to their video's URL, TikTok's share_url without its tracking query", async () => {
    const w = await world();
    const videoUrl = `https://www.tiktok.com/@${tiktok.user.username}/video/${w.videoId}`;
    const viewer = tiktok.comments.addViewerComment(w.videoId, "Love it");
    await syncPostComments({ platformPostId: w.platformPost.id });
    expect(await db.comment.findFirstOrThrow({ where: { externalId: viewer } })).toMatchObject({ permalink: videoUrl });
    expect(tiktok.comments.requestsTo("/video/list/").at(-1)!.query).toEqual({
      business_id: tiktok.user.open_id,
      fields: '["item_id","share_url"]',
      filters: `{"video_ids":["${w.videoId}"]}`,
    });
    const c = await create(w, { body: "Thank you" });
    await runner.drain();
    expect(await row(c.json.id as string)).toMatchObject({ status: "published", permalink: videoUrl });
  });

  it("a rejection by TikTok fails the comment with TikTok's error code", async () => {
    const w = await world();
    tiktok.failNext("/open_api/v1.3/business/comment/create/", businessApiError(40002, "Text is spam"));
    const c = await create(w, { body: "buy followers" });
    await runner.drain();
    expect(await row(c.json.id as string)).toMatchObject({
      status: "failed",
      errorDetails: expect.objectContaining({ platformErrorCode: "40002", platformErrorMessage: "Text is spam" }),
    });
    expect([...tiktok.comments.comments.values()].filter((x) => x.text === "buy followers")).toHaveLength(0);
  });

  it("deleting a comment TikTok no longer holds (40007) counts as deleted", async () => {
    const w = await world();
    const ours = await create(w, { body: "Gone already" });
    await runner.drain();
    const published = await row(ours.json.id as string);
    tiktok.comments.comments.delete(published.externalId!);
    expect((await act(commentRoute.DELETE, w, published.id)).json).toEqual({ accepted: true });
    await runner.drain();
    expect(await db.comment.count({ where: { id: published.id } })).toBe(0);
  });

  it("hide, like and pin reach TikTok for a viewer's comment; delete removes our own", async () => {
    const w = await world();
    const viewer = tiktok.comments.addViewerComment(w.videoId, "Nice!");
    await syncPostComments({ platformPostId: w.platformPost.id });
    for (const route of [hideRoute.POST, likeRoute.POST, pinRoute.POST])
      expect((await act(route, w, viewer)).json).toEqual({ accepted: true });
    await runner.drain();
    expect(held(viewer)).toMatchObject({ status: "HIDDEN", liked: true, pinned: true });
    expect((await act(unpinRoute.POST, w, viewer)).json).toEqual({ accepted: true });
    await runner.drain();
    expect(held(viewer)).toMatchObject({ pinned: false });
    expect(tiktok.comments.requestsTo("/pin/").at(-1)!.body).toEqual({
      business_id: tiktok.user.open_id,
      video_id: w.videoId,
      comment_id: viewer,
      action: "UNPIN",
    });

    const ours = await create(w, { body: "Oops" });
    await runner.drain();
    const published = await row(ours.json.id as string);
    expect((await act(commentRoute.DELETE, w, published.id)).json).toEqual({ accepted: true });
    await runner.drain();
    expect(held(published.externalId!)).toBeUndefined();
    expect(await db.comment.count({ where: { id: published.id } })).toBe(0);
  });
});

describe("tiktok comments on a profile connected through Login Kit", () => {
  it("polling reads nothing for it and asks TikTok nothing", async () => {
    const w = await world(undefined, { loginKit: true });
    tiktok.comments.addViewerComment(w.videoId, "unseen");
    const asked = tiktok.comments.requests.length;
    expect(await syncPostComments({ platformPostId: w.platformPost.id })).toEqual({ state: "synced", counts: {} });
    expect(tiktok.comments.requests).toHaveLength(asked);
  });

  it("a comment fails with a message to reconnect through the API for Business, without calling TikTok", async () => {
    const w = await world(undefined, { loginKit: true });
    const asked = tiktok.comments.requests.length;
    const c = await create(w, { body: "hello" });
    await runner.drain();
    expect(await row(c.json.id as string)).toMatchObject({
      status: "failed",
      errorDetails: expect.objectContaining({ platformErrorCode: "business_grant_required" }),
    });
    expect((await row(c.json.id as string)).error).toMatch(/reconnect the profile through TikTok's API for Business/);
    expect(tiktok.comments.requests).toHaveLength(asked);
  });
});
