import { useOwnDatabase } from "@/lib/testing/own-database";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as commentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import * as hideRoute from "@/app/api/posts/[id]/comments/[comment_id]/hide/route";
import * as likeRoute from "@/app/api/posts/[id]/comments/[comment_id]/like/route";
import * as unlikeRoute from "@/app/api/posts/[id]/comments/[comment_id]/unlike/route";
import * as postsRoute from "@/app/api/posts/route";
import { commentActionFn, publishCommentFn } from "@/inngest/functions/comments";
import { dispatchPostFn, processPostMediaFn, publishChainFn } from "@/inngest/functions/publish-posts";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import type { RouteHandler } from "@/lib/api/route";
import { db } from "@/lib/db/client";
import { sandboxCommentOf } from "@/lib/networks/sandbox/comments";
import { callRoute } from "@/lib/testing/call-route";
import { eventsOf } from "@/lib/testing/network-tests";
import { seedSandboxTenant } from "@/lib/testing/posts";

await useOwnDatabase("comments");

// Comment writes through the API and the local runner on a manual clock, on the sandbox network, whose
// body tags rehearse every outcome: published (with comment.created), rejected, rate limited and
// retried, no answer but found on read-back (never sent twice), no answer and cannot tell
// (delivery_unconfirmed, never retried), an attempt interrupted mid-send (read back, absent: retried);
// then hide, like/unlike and delete carried out in the background.

type Json = Record<string, any>;
let t: Awaited<ReturnType<typeof seedSandboxTenant>>;
let runner: LocalRunner;
let clock: ManualClock;
let post: { id: string };
let profileId: string;

const start = async () => {
  clock = new ManualClock(new Date());
  runner = await startLocalRunner({
    functions: [processPostMediaFn, dispatchPostFn, publishChainFn, publishCommentFn, commentActionFn],
    clock,
    pollIntervalMs: 0,
  });
};

beforeAll(async () => {
  t = await seedSandboxTenant(["facebook"]);
  profileId = t.profiles.facebook!.id;
  const pageId = t.profiles.facebook!.placements[0]!.externalId;
  await start();
  const res = await callRoute(postsRoute.POST, {
    path: "/api/posts",
    token: t.token,
    body: { post: { body: "Spring menu" }, profiles: ["facebook"], platforms: { facebook: { page_id: pageId } } },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  post = { id: res.json.id as string };
  await runner.drain();
  expect(await db.platformPost.findFirstOrThrow({ where: { postId: post.id } })).toMatchObject({ status: "published" });
  await runner.stop();
}, 60_000);
afterEach(async () => {
  await runner?.stop();
});
afterAll(() => db.$disconnect());

const comment = async (body: Json) => {
  const res = await callRoute(postCommentsRoute.POST, {
    path: `/api/posts/${post.id}/comments?profile_id=${profileId}`,
    token: t.token,
    body,
    params: { id: post.id },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as Json;
};
const row = (id: string) => db.comment.findUniqueOrThrow({ where: { id } });
const act = async (route: RouteHandler, id: string) => {
  const res = await callRoute(route, {
    path: `/api/posts/${post.id}/comments/${id}?profile_id=${profileId}`,
    token: t.token,
    params: { id: post.id, comment_id: id },
  });
  expect(res.json).toEqual({ accepted: true });
};

describe("publishing a comment", () => {
  it("pending -> published with the network's id; a reply goes under it; comment.created once each", async () => {
    await start();
    const top = await comment({ body: "Thanks for coming!" });
    await runner.drain();
    const published = await row(top.id);
    expect(published).toMatchObject({
      status: "published",
      externalId: expect.stringMatching(/^sbx_comment_/),
      attempts: 1,
      sendingSince: null,
      error: null,
    });
    const reply = await comment({ text: "And see you soon", parent_id: published.externalId });
    await runner.drain();
    expect(await row(reply.id)).toMatchObject({
      status: "published",
      parentExternalId: published.externalId,
      rootExternalId: published.externalId,
    });

    const list = await callRoute(postCommentsRoute.GET, {
      path: `/api/posts/${post.id}/comments?profile_id=${profileId}`,
      token: t.token,
      params: { id: post.id },
    });
    const entry = (list.json.data as Json[]).find((c) => c.id === top.id)!;
    expect(entry).toMatchObject({
      status: "published",
      external_id: published.externalId,
      replies: [{ id: reply.id, status: "published", parent_external_id: published.externalId }],
    });

    const created = (await eventsOf(t.account.id, "comment.created")).filter((e) =>
      [top.id, reply.id].includes((e.data as Json).id),
    );
    expect(created.map((e) => (e.data as Json).id).sort()).toEqual([top.id, reply.id].sort());
    expect(created.find((e) => (e.data as Json).id === top.id)!.data).toMatchObject({
      status: "published",
      external_id: published.externalId,
      post_id: post.id,
      profile_id: profileId,
      platform: "facebook",
    });
  });

  it("a rejection fails at once with the network's error details", async () => {
    await start();
    const c = await comment({ body: "Nope #sandbox-fail" });
    await runner.drain();
    const failed = await row(c.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, externalId: null });
    expect(failed.error).toContain("rejected");
    expect(failed.errorDetails).toMatchObject({ platformErrorCode: "SANDBOX_REJECTED" });
    clock.advance("3h");
    await runner.drain();
    expect(await row(c.id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("a rate limit is failed_waiting_for_retry, then published on the next attempt", async () => {
    await start();
    const c = await comment({ body: "Again #sandbox-retry" });
    await runner.drain();
    expect(await row(c.id)).toMatchObject({
      status: "failed_waiting_for_retry",
      attempts: 1,
      errorDetails: expect.objectContaining({ platformErrorCode: "SANDBOX_RATE_LIMITED" }),
    });
    clock.advance("61s");
    await runner.drain();
    expect(await row(c.id)).toMatchObject({ status: "published", attempts: 2, error: null });
  });

  it("no answer: read back, found means published, sent once", async () => {
    await start();
    const c = await comment({ body: "Slow #sandbox-timeout" });
    await runner.drain();
    const found = await row(c.id);
    expect(found).toMatchObject({ status: "published", attempts: 1 });
    expect(sandboxCommentOf(c.id)?.externalId).toBe(found.externalId);
  });

  it("no answer and the network cannot tell: delivery_unconfirmed, never retried", async () => {
    await start();
    const c = await comment({ body: "Lost #sandbox-unconfirmed" });
    await runner.drain();
    expect(await row(c.id)).toMatchObject({ status: "delivery_unconfirmed", attempts: 1, externalId: null });
    clock.advance("3h");
    await runner.drain();
    expect(await row(c.id)).toMatchObject({ status: "delivery_unconfirmed", attempts: 1 });
    expect(sandboxCommentOf(c.id)).toBeNull();
  });

  it("an attempt interrupted while sending is read back first: absent, so it is retried and published once", async () => {
    await start();
    const c = await comment({ body: "Interrupted" });
    // what a crash leaves behind: the attempt was committed as sending, then nothing
    await db.comment.update({ where: { id: c.id }, data: { sendingSince: new Date(), attempts: 1 } });
    await runner.drain();
    expect(await row(c.id)).toMatchObject({ status: "failed_waiting_for_retry", attempts: 1 });
    expect(sandboxCommentOf(c.id)).toBeNull();
    clock.advance("61s");
    await runner.drain();
    expect(await row(c.id)).toMatchObject({ status: "published", attempts: 2 });
  });
});

describe("actions", () => {
  it("hide, like/unlike and delete are carried out in the background and then show", async () => {
    await start();
    const c = await comment({ body: "Moderate me" });
    await runner.drain();
    await act(hideRoute.POST, c.id);
    await act(likeRoute.POST, c.id);
    await runner.drain();
    expect(await row(c.id)).toMatchObject({ isHidden: true, isLiked: true, likeCount: 1 });
    await act(likeRoute.POST, c.id); // liking twice counts once
    await act(unlikeRoute.POST, c.id);
    await runner.drain();
    expect(await row(c.id)).toMatchObject({ isLiked: false, likeCount: 0 });
    const reply = await comment({ body: "under it", parent_id: c.id });
    await runner.drain();
    await act(commentRoute.DELETE, c.id);
    await runner.drain();
    expect(await db.comment.count({ where: { id: { in: [c.id, reply.id] } } })).toBe(0);
  });
});
