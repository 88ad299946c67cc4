import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  deleteFromNetworkFn,
  dispatchDuePostsFn,
  dispatchPostFn,
  processPostMediaFn,
  publishChainFn,
} from "@/inngest/functions/publish-posts";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import * as deleteOnPlatformRoute from "@/app/api/posts/[id]/delete_on_platform/route";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as publishRoute from "@/app/api/posts/[id]/publish/route";
import * as postsRoute from "@/app/api/posts/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { eventsOf } from "@/testing/network-tests";
import { seedSandboxTenant } from "@/testing/posts";
import { PNG_BYTES } from "@/testing/publish-media";
import { listen } from "@/testing/fakes/support";

await useOwnDatabase("posts");

// Publishing through the local runner on a manual clock, to the sandbox network (its documented
// triggers exercise every outcome): statuses, events, retries, read-back after an unknown outcome,
// chains, media, scheduling.

type Tenant = Awaited<ReturnType<typeof seedSandboxTenant>>;
type Json = Record<string, any>;
let t: Tenant;
let runner: LocalRunner;
let clock: ManualClock;
let files: Awaited<ReturnType<typeof listen>>;
let flakyCalls = 0;

beforeAll(async () => {
  t = await seedSandboxTenant(["bluesky", "twitter", "telegram", "facebook"]);
  files = await listen((req, res) => {
    if (req.url === "/flaky.png" && flakyCalls++ === 0) {
      res.writeHead(503);
      res.end();
    } else if (req.url === "/dot.png" || req.url === "/flaky.png") {
      res.writeHead(200, { "content-type": "image/png" });
      res.end(Buffer.from(PNG_BYTES));
    } else {
      res.writeHead(404);
      res.end();
    }
  });
}, 60_000);
afterEach(async () => {
  await runner?.stop();
});
afterAll(async () => {
  await files.close();
  await db.$disconnect();
});

const start = async () => {
  clock = new ManualClock(new Date());
  runner = await startLocalRunner({
    functions: [processPostMediaFn, dispatchPostFn, dispatchDuePostsFn, publishChainFn, deleteFromNetworkFn],
    clock,
    pollIntervalMs: 0,
  });
};
const create = async (body: unknown) => {
  const res = await callRoute(postsRoute.POST, { path: "/api/posts", token: t.token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as Json;
};
const platformPosts = (postId: string) =>
  db.platformPost.findMany({
    where: { rootPostId: postId },
    include: { post: { select: { position: true } } },
    orderBy: { createdAt: "asc" },
  });
const typesOf = async (postId: string) =>
  (await db.event.findMany({ where: { accountId: t.account.id }, orderBy: { createdAt: "asc" } }))
    .filter((e) => (e.data as Json).post_id === postId || (e.data as Json).id === postId)
    .map((e) => e.type);

describe("publishing", () => {
  it("publishes an immediate post to each profile: post.processed, then platform_post.published with the network's id", async () => {
    await start();
    const post = await create({ post: { body: "Hello sandbox" }, profiles: ["bluesky", "twitter"] });
    await runner.drain();
    const pps = await platformPosts(post.id);
    expect(pps.map((p) => p.status)).toEqual(["published", "published"]);
    expect(pps.every((p) => p.externalId?.startsWith("sbx_post_") && p.attempts === 1 && p.sendingSince === null)).toBe(
      true,
    );
    expect((await db.post.findUniqueOrThrow({ where: { id: post.id } })).status).toBe("processed");
    const events = await typesOf(post.id);
    expect(events.filter((e) => e === "post.processed")).toHaveLength(1);
    expect(events.filter((e) => e === "platform_post.published")).toHaveLength(2);
    const published = (await eventsOf(t.account.id, "platform_post.published")).find(
      (e) => (e.data as Json).post_id === post.id,
    )!;
    expect(published.data).toMatchObject({
      post_id: post.id,
      status: "published",
      error: null,
      platform_id: expect.stringMatching(/^sbx_post_/),
    });
  });

  it("retries after a rate limit (failed_waiting_for_retry), then publishes", async () => {
    await start();
    const post = await create({ post: { body: "Try again #sandbox-retry" }, profiles: ["bluesky"] });
    await runner.drain();
    expect((await platformPosts(post.id))[0]).toMatchObject({ status: "failed_waiting_for_retry", attempts: 1 });
    expect(await typesOf(post.id)).toContain("platform_post.failed_waiting_for_retry");
    clock.advance("61s");
    await runner.drain();
    expect((await platformPosts(post.id))[0]).toMatchObject({ status: "published", attempts: 2, error: null });
  });

  it("fails at once on a rejection, with the network's error details, and never retries", async () => {
    await start();
    const post = await create({ post: { body: "No #sandbox-fail" }, profiles: ["twitter"] });
    await runner.drain();
    const [pp] = await platformPosts(post.id);
    expect(pp).toMatchObject({ status: "failed", attempts: 1 });
    expect(pp!.error).toBeTruthy();
    expect((pp!.errorDetails as Json).platformErrorCode).toBe("SANDBOX_REJECTED");
    expect(await typesOf(post.id)).toContain("platform_post.failed");
  });

  it("reads back after an unknown outcome: found means published once; cannot tell means delivery_unconfirmed", async () => {
    await start();
    const found = await create({ post: { body: "Slow #sandbox-timeout" }, profiles: ["bluesky"] });
    const unknown = await create({ post: { body: "Lost #sandbox-unconfirmed" }, profiles: ["twitter"] });
    await runner.drain();
    expect((await platformPosts(found.id))[0]).toMatchObject({ status: "published", attempts: 1 });
    const [lost] = await platformPosts(unknown.id);
    expect(lost).toMatchObject({ status: "delivery_unconfirmed", attempts: 1 });
    expect(await typesOf(unknown.id)).toContain("platform_post.delivery_unconfirmed");
    clock.advance("3h");
    await runner.drain();
    expect((await platformPosts(unknown.id))[0]).toMatchObject({ status: "delivery_unconfirmed", attempts: 1 });
  });

  it("publishes a thread in order, each link replying to the previous one; a failed link halts the rest", async () => {
    await start();
    const post = await create({
      post: { body: "1/3" },
      profiles: ["bluesky"],
      thread: [{ body: "2/3" }, { body: "3/3" }],
    });
    await runner.drain();
    const pps = (await platformPosts(post.id)).sort((a, b) => a.post.position - b.post.position);
    expect(pps.map((p) => p.status)).toEqual(["published", "published", "published"]);
    expect(pps[1]!.publishedAt! >= pps[0]!.publishedAt!).toBe(true);

    const broken = await create({
      post: { body: "1/3" },
      profiles: ["bluesky"],
      thread: [{ body: "2/3 #sandbox-fail" }, { body: "3/3" }],
    });
    await runner.drain();
    const links = (await platformPosts(broken.id)).sort((a, b) => a.post.position - b.post.position);
    expect(links.map((p) => p.status)).toEqual(["published", "failed", "failed"]);
    expect(links[2]!.attempts).toBe(0);
  });

  it("publish on a processed post retries only its failed links, once; published and unconfirmed links are not sent again", async () => {
    await start();
    const post = await create({
      post: { body: "1/3" },
      profiles: ["bluesky", "twitter"],
      thread: [{ body: "2/3 #sandbox-fail" }, { body: "3/3" }],
    });
    const lost = await create({ post: { body: "Lost #sandbox-unconfirmed" }, profiles: ["twitter"] });
    await runner.drain();
    const statuses = async (id: string) =>
      (await platformPosts(id))
        .sort((a, b) => a.profileId.localeCompare(b.profileId) || a.post.position - b.post.position)
        .map((p) => `${p.platform}:${p.status}:${p.attempts}`);
    expect(await statuses(post.id)).toEqual(
      expect.arrayContaining(["bluesky:published:1", "bluesky:failed:1", "bluesky:failed:0"]),
    );
    // The cause goes away (the network would accept the link now).
    await db.post.updateMany({ where: { parentId: post.id, position: 1 }, data: { body: "2/3" } });
    const retry = (id: string) =>
      callRoute(publishRoute.POST, { path: `/api/posts/${id}/publish`, token: t.token, params: { id } });
    const answer = await retry(post.id);
    expect(answer.status, JSON.stringify(answer.json)).toBe(200);
    await runner.drain();
    const after = await statuses(post.id);
    expect(after.filter((s) => s.startsWith("bluesky")).sort()).toEqual([
      "bluesky:published:1",
      "bluesky:published:1",
      "bluesky:published:1",
    ]);
    expect(new Set((await platformPosts(post.id)).map((p) => p.externalId)).size).toBe(6); // nothing sent twice
    // Nothing failed any more, and an unconfirmed delivery is not resent: 422, nothing changes.
    expect((await retry(post.id)).json.errors).toEqual([
      "Only drafts, or posts with failed networks, can be published",
    ]);
    expect((await retry(lost.id)).status).toBe(422);
    await runner.drain();
    expect((await platformPosts(lost.id))[0]).toMatchObject({ status: "delivery_unconfirmed", attempts: 1 });
  });

  it("publishes a scheduled post once its time has come (the every-minute dispatcher), not before", async () => {
    await start();
    const post = await create({
      post: { body: "Later", scheduled_at: new Date(Date.now() + 1500).toISOString() },
      profiles: ["twitter"],
    });
    expect(post.status).toBe("scheduled");
    await runner.drain();
    expect((await platformPosts(post.id))[0]!.status).toBe("pending");
    await new Promise((r) => setTimeout(r, 1600));
    // The next tick of the every-minute cron (kept in job_crons; earlier tests moved their clocks on).
    const cron = await db.jobCron.findFirstOrThrow({ where: { functionId: { endsWith: "dispatch-due-posts" } } });
    clock.set(new Date(Math.max(cron.nextRunAt.getTime(), clock.now().getTime() + 61_000) + 1000));
    await runner.drain();
    expect((await platformPosts(post.id))[0]!.status).toBe("published");
  });

  it("downloads URL media before publishing; a file that cannot be fetched fails the post with media.failed", async () => {
    await start();
    const ok = await create({
      post: { body: "With a picture" },
      profiles: ["bluesky"],
      media: [`${files.url.replace("127.0.0.1", "localhost")}/dot.png`],
    });
    expect(ok.status).toBe("pending");
    await runner.drain();
    const row = await db.postMedia.findFirstOrThrow({ where: { postId: ok.id } });
    expect(row).toMatchObject({ status: "processed", contentType: "image/png", sizeBytes: PNG_BYTES.byteLength });
    expect((await platformPosts(ok.id))[0]!.status).toBe("published");

    const bad = await create({
      post: { body: "Missing picture" },
      profiles: ["bluesky"],
      media: [`${files.url.replace("127.0.0.1", "localhost")}/missing.png`],
    });
    await runner.drain();
    expect((await db.post.findUniqueOrThrow({ where: { id: bad.id } })).status).toBe("media_processing_failed");
    const failed = (await eventsOf(t.account.id, "media.failed")).find((e) => (e.data as Json).post_id === bad.id);
    expect(failed?.data).toMatchObject({
      post_id: bad.id,
      status: "failed",
      error_message: `media ${files.url.replace("127.0.0.1", "localhost")}/missing.png: could not be downloaded`,
    });
    expect((await platformPosts(bad.id))[0]!.status).toBe("pending");
  });

  it("checks downloaded files against the network's limits: a 1x1 image fails on facebook, not on bluesky", async () => {
    await start();
    const page = t.profiles.facebook!.placements[0]!.externalId!;
    const post = await create({
      post: { body: "Tiny picture" },
      profiles: ["bluesky", "facebook"],
      platforms: { facebook: { page_id: page } },
      media: [`${files.url.replace("127.0.0.1", "localhost")}/dot.png`],
    });
    await runner.drain();
    const byPlatform = Object.fromEntries((await platformPosts(post.id)).map((p) => [p.platform, p]));
    expect(byPlatform.bluesky!.status).toBe("published");
    expect(byPlatform.facebook).toMatchObject({
      status: "failed",
      attempts: 1,
      error: "media[0] is 1x1 pixels (minimum 200x200)",
    });
  });

  it("retries a media download that failed for a passing reason (503), then publishes", async () => {
    await start();
    const post = await create({
      post: { body: "Flaky picture" },
      profiles: ["bluesky"],
      media: [`${files.url.replace("127.0.0.1", "localhost")}/flaky.png`],
    });
    await runner.drain();
    expect((await db.postMedia.findFirstOrThrow({ where: { postId: post.id } })).status).toBe("pending");
    clock.advance("2m");
    await runner.drain();
    expect((await db.postMedia.findFirstOrThrow({ where: { postId: post.id } })).status).toBe("processed");
    expect((await platformPosts(post.id))[0]!.status).toBe("published");
    expect(flakyCalls).toBe(2);
  });

  it("delete_on_platform removes one network's copy (the whole thread), keeps the record, and refuses networks without deletion", async () => {
    await start();
    const post = await create({
      post: { body: "Delete me" },
      profiles: ["bluesky", "twitter"],
      thread: [{ body: "and my reply" }],
    });
    await runner.drain();
    const twitterRoot = (await platformPosts(post.id)).find((p) => p.platform === "twitter" && p.post.position === 0)!;
    const res = await callRoute(deleteOnPlatformRoute.POST, {
      path: `/api/posts/${post.id}/delete_on_platform`,
      token: t.token,
      params: { id: post.id },
      body: { network: "twitter" },
    });
    expect(res.json).toEqual({ success: true, deleting: [{ post_profile_id: twitterRoot.id, platform: "twitter" }] });
    expect((await platformPosts(post.id)).filter((p) => p.platform === "twitter").map((p) => p.status)).toEqual([
      "pending_deletion",
      "pending_deletion",
    ]);
    await runner.drain();
    const after = await platformPosts(post.id);
    expect(after.filter((p) => p.platform === "twitter").map((p) => p.status)).toEqual(["deleted", "deleted"]);
    expect(after.filter((p) => p.platform === "bluesky").map((p) => p.status)).toEqual(["published", "published"]);
    const twoScopes = await callRoute(deleteOnPlatformRoute.POST, {
      path: `/api/posts/${post.id}/delete_on_platform`,
      token: t.token,
      params: { id: post.id },
      body: { network: "bluesky", profile_id: "x" },
    });
    expect(twoScopes.status).toBe(422);
  });

  it("DELETE with delete_on_platform=true deletes the networks' copies, then the record", async () => {
    await start();
    const post = await create({
      post: { body: "Gone everywhere" },
      profiles: ["bluesky", "telegram"],
      platforms: { telegram: { chat_id: t.profiles.telegram!.placements[0]!.externalId } },
    });
    await runner.drain();
    const res = await callRoute(postRoute.DELETE, {
      path: `/api/posts/${post.id}?delete_on_platform=true`,
      token: t.token,
      params: { id: post.id },
    });
    expect(res.json).toEqual({ deleted: true });
    expect((await platformPosts(post.id)).map((p) => p.status)).toEqual(["pending_deletion", "pending_deletion"]);
    await runner.drain();
    expect(await db.post.findUnique({ where: { id: post.id } })).toBeNull();
  });
});
