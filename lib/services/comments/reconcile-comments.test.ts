import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as postsRoute from "@/app/api/posts/route";
import { publishCommentFn } from "@/inngest/functions/comments";
import { dispatchPostFn, processPostMediaFn, publishChainFn } from "@/inngest/functions/publish-posts";
import { ManualClock, runIdFor, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";
import { PUBLISH_STUCK_AFTER_MS, requestStuckComments } from "./reconcile-comments";

await useOwnDatabase("comments_reconcile");

// A comment whose publish run was lost stays `pending`: the reconcile cron requests its publication
// again, once per time window (the event id carries the window), and the new run publishes it; fresh
// pending comments (their run may still be on its way) and finished ones are left alone.

let runner: LocalRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});
afterAll(() => db.$disconnect());

const start = () =>
  startLocalRunner({
    functions: [processPostMediaFn, dispatchPostFn, publishChainFn, publishCommentFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });

// Steps in order: each test goes on from the state the one before left.
describe("requestStuckComments, with a pending comment whose run was lost and a fresh one", () => {
  let lost: string;
  let fresh: string;
  let now: Date; // the reconcile's clock, from just after the comments were written
  const runsOf = (commentId: string) =>
    db.jobRun.findMany({
      where: {
        functionId: { endsWith: "publish-comment" },
        event: { path: ["data", "commentId"], equals: commentId },
      },
    });
  beforeAll(async () => {
    const t = await seedSandboxTenant(["facebook"]);
    const profileId = t.profiles.facebook!.id;
    const publisher = await start();
    const created = await callRoute(postsRoute.POST, {
      path: "/api/posts",
      token: t.token,
      body: {
        post: { body: "Spring menu" },
        profiles: ["facebook"],
        platforms: { facebook: { page_id: t.profiles.facebook!.placements[0]!.externalId } },
      },
    });
    const postId = created.json.id as string;
    await publisher.drain();
    await publisher.stop();

    const comment = async (body: string) => {
      const res = await callRoute(postCommentsRoute.POST, {
        path: `/api/posts/${postId}/comments?profile_id=${profileId}`,
        token: t.token,
        body: { body },
        params: { id: postId },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      return res.json.id as string;
    };
    lost = await comment("Lost on the way");
    fresh = await comment("Still on its way");
    // Neither request reached a runner (none runs here); the lost one's never will (a purged queue), and
    // it was written 20 minutes ago.
    const requestsOf = (commentId: string) =>
      db.outboxEvent.findMany({
        where: { name: "app/comment.publish.requested", event: { path: ["data", "commentId"], equals: commentId } },
      });
    expect(await requestsOf(lost)).toHaveLength(1);
    await db.outboxEvent.deleteMany({
      where: { id: { in: [...(await requestsOf(lost)), ...(await requestsOf(fresh))].map((e) => e.id) } },
    });
    await db.$executeRaw`UPDATE comments SET updated_at = now() - interval '20 minutes' WHERE id = ${lost}`;
    now = new Date();
  });

  it("requests the stuck comment's publication again, with a run", async () => {
    expect(await requestStuckComments({ now })).toEqual([lost]);
    const eventId = `comment-reconcile|${lost}|${Math.floor(now.getTime() / PUBLISH_STUCK_AFTER_MS)}`;
    expect(await db.outboxEvent.findUnique({ where: { id: eventId } })).toMatchObject({
      name: "app/comment.publish.requested",
    });
    const run = await db.jobRun.findUniqueOrThrow({
      where: { id: runIdFor(eventId, "social-publisher-publish-comment") },
    });
    expect(run.event).toMatchObject({ data: { commentId: lost } });
  });

  it("requests it once per window", async () => {
    await requestStuckComments({ now }); // the same window: no second run
    expect(await runsOf(lost)).toHaveLength(1);
  });

  it("the new run publishes it", async () => {
    runner = await start();
    await runner.drain();
    expect(await db.comment.findUniqueOrThrow({ where: { id: lost } })).toMatchObject({
      status: "published",
      attempts: 1,
      externalId: expect.stringMatching(/^sbx_comment_/),
    });
  });

  it("leaves the fresh comment alone: not stuck yet", async () => {
    expect(await db.comment.findUniqueOrThrow({ where: { id: fresh } })).toMatchObject({
      status: "pending",
      attempts: 0,
    }); // not stuck yet: not asked again
  });

  it("a later window requests only the comment stuck by then: the fresh one, not the published one", async () => {
    await db.$executeRaw`UPDATE comments SET updated_at = now() - interval '20 minutes' WHERE id = ${lost}`;
    expect(await requestStuckComments({ now: new Date(now.getTime() + PUBLISH_STUCK_AFTER_MS) })).toEqual([fresh]); // the published one is not stuck; the fresh one is by now
  });
});
