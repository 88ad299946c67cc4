import { useOwnDatabase } from "@/testing/own-database";
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
import { callRoute } from "@/testing/call-route";
import { eventsOf } from "@/testing/network-tests";
import { seedSandboxTenant } from "@/testing/posts";

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

type Row = Awaited<ReturnType<typeof row>>;

// Each flow runs in its suite's beforeAll (the runner stops after each test) and keeps the rows as they
// were at each step; the tests read those.
describe("publishing a comment", () => {
  let top: Json;
  let published: Row;
  let reply: Json;
  let publishedReply: Row;
  beforeAll(async () => {
    await start();
    top = await comment({ body: "Thanks for coming!" });
    await runner.drain();
    published = await row(top.id);
    reply = await comment({ text: "And see you soon", parent_id: published.externalId });
    await runner.drain();
    publishedReply = await row(reply.id);
  });
  const created = async () =>
    (await eventsOf(t.account.id, "comment.created")).filter((e) => [top.id, reply.id].includes((e.data as Json).id));

  it("goes from pending to published with the network's id", () => {
    expect(published).toMatchObject({
      status: "published",
      externalId: expect.stringMatching(/^sbx_comment_/),
      attempts: 1,
      sendingSince: null,
      error: null,
    });
  });

  it("a reply to it is published under it", () => {
    expect(publishedReply).toMatchObject({
      status: "published",
      parentExternalId: published.externalId,
      rootExternalId: published.externalId,
    });
  });

  it("lists the comment published with the reply under it", async () => {
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
  });

  it("emits comment.created once for the comment and once for the reply", async () => {
    expect((await created()).map((e) => (e.data as Json).id).sort()).toEqual([top.id, reply.id].sort());
  });

  it("comment.created carries the published comment and where it is", async () => {
    expect((await created()).find((e) => (e.data as Json).id === top.id)!.data).toMatchObject({
      status: "published",
      external_id: published.externalId,
      post_id: post.id,
      profile_id: profileId,
      platform: "facebook",
    });
  });
});

describe("a rejection", () => {
  let failed: Row;
  let later: Row;
  beforeAll(async () => {
    await start();
    const c = await comment({ body: "Nope #sandbox-fail" });
    await runner.drain();
    failed = await row(c.id);
    clock.advance("3h");
    await runner.drain();
    later = await row(c.id);
  });

  it("fails the comment at once with the network's error details", () => {
    expect(failed).toMatchObject({ status: "failed", attempts: 1, externalId: null });
    expect(failed.error).toContain("rejected");
    expect(failed.errorDetails).toMatchObject({ platformErrorCode: "SANDBOX_REJECTED" });
  });

  it("is not retried", () => {
    expect(later).toMatchObject({ status: "failed", attempts: 1 });
  });
});

describe("a rate limit", () => {
  let limited: Row;
  let retried: Row;
  beforeAll(async () => {
    await start();
    const c = await comment({ body: "Again #sandbox-retry" });
    await runner.drain();
    limited = await row(c.id);
    clock.advance("61s");
    await runner.drain();
    retried = await row(c.id);
  });

  it("leaves the comment failed_waiting_for_retry", () => {
    expect(limited).toMatchObject({
      status: "failed_waiting_for_retry",
      attempts: 1,
      errorDetails: expect.objectContaining({ platformErrorCode: "SANDBOX_RATE_LIMITED" }),
    });
  });

  it("is followed by the next attempt, which publishes it", () => {
    expect(retried).toMatchObject({ status: "published", attempts: 2, error: null });
  });
});

describe("no answer", () => {
  it("the comment is read back: found means published, sent once", async () => {
    await start();
    const c = await comment({ body: "Slow #sandbox-timeout" });
    await runner.drain();
    const found = await row(c.id);
    expect(found).toMatchObject({ status: "published", attempts: 1 });
    expect(sandboxCommentOf(c.id)?.externalId).toBe(found.externalId);
  });

  describe("when the network cannot tell", () => {
    let c: Json;
    let unconfirmed: Row;
    let later: Row;
    beforeAll(async () => {
      await start();
      c = await comment({ body: "Lost #sandbox-unconfirmed" });
      await runner.drain();
      unconfirmed = await row(c.id);
      clock.advance("3h");
      await runner.drain();
      later = await row(c.id);
    });

    it("the comment is delivery_unconfirmed", () => {
      expect(unconfirmed).toMatchObject({ status: "delivery_unconfirmed", attempts: 1, externalId: null });
    });

    it("is never retried", () => {
      expect(later).toMatchObject({ status: "delivery_unconfirmed", attempts: 1 });
      expect(sandboxCommentOf(c.id)).toBeNull();
    });
  });
});

describe("an attempt interrupted while sending", () => {
  let c: Json;
  let readBack: Row;
  let absentOnNetwork: boolean;
  let retried: Row;
  beforeAll(async () => {
    await start();
    c = await comment({ body: "Interrupted" });
    // what a crash leaves behind: the attempt was committed as sending, then nothing
    await db.comment.update({ where: { id: c.id }, data: { sendingSince: new Date(), attempts: 1 } });
    await runner.drain();
    readBack = await row(c.id);
    absentOnNetwork = sandboxCommentOf(c.id) === null;
    clock.advance("61s");
    await runner.drain();
    retried = await row(c.id);
  });

  it("is read back first and, absent, waits for a retry", () => {
    expect(readBack).toMatchObject({ status: "failed_waiting_for_retry", attempts: 1 });
    expect(absentOnNetwork).toBe(true);
  });

  it("is then retried and published once", () => {
    expect(retried).toMatchObject({ status: "published", attempts: 2 });
  });
});

describe("actions", () => {
  let c: Json;
  let reply: Json;
  let moderated: Row;
  let unliked: Row;
  beforeAll(async () => {
    await start();
    c = await comment({ body: "Moderate me" });
    await runner.drain();
    await act(hideRoute.POST, c.id);
    await act(likeRoute.POST, c.id);
    await runner.drain();
    moderated = await row(c.id);
    await act(likeRoute.POST, c.id); // liking twice counts once
    await act(unlikeRoute.POST, c.id);
    await runner.drain();
    unliked = await row(c.id);
    reply = await comment({ body: "under it", parent_id: c.id });
    await runner.drain();
    await act(commentRoute.DELETE, c.id);
    await runner.drain();
  });

  it("hide and like are carried out in the background and then show", () => {
    expect(moderated).toMatchObject({ isHidden: true, isLiked: true, likeCount: 1 });
  });

  it("a second like counts once and unlike takes it back", () => {
    expect(unliked).toMatchObject({ isLiked: false, likeCount: 0 });
  });

  it("delete removes the comment and the replies under it", async () => {
    expect(await db.comment.count({ where: { id: { in: [c.id, reply.id] } } })).toBe(0);
  });
});
