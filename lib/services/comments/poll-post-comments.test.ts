import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleApiError, startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { signIn, contextFor as googleCtx } from "@/lib/networks/google/test-support";
import { youtubeConnector } from "@/lib/networks/youtube";
import { seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { findPostsDueForComments, pollIntervalMs, syncPostComments } from "./poll-post-comments";

// YouTube comment threads polled through the inbound layer's applyComment, against the Google fake's
// commentThreads.list (which refuses unknown parameters): replies under their thread, idempotent on
// YouTube's ids, no comment.created (the spec emits none for youtube), quotaExceeded backs the profile off.

let google: GoogleFake;
beforeAll(async () => {
  google = await startGoogleFake();
  return setEnv(google.env("youtube"));
});
afterAll(async () => {
  await google?.close();
  await db.$disconnect();
});

const world = async () => {
  const tenant = await seedTenant();
  const n = uniqueDigits(6);
  const user = google.addUser({
    sub: `yt-${n}`,
    email: `${n}@example.com`,
    name: "Creator",
    channel: { id: `UC${n}`, title: "Channel" },
  });
  const { ctx } = googleCtx(youtubeConnector, google, "youtube");
  const auth = await signIn(youtubeConnector, ctx, google, user);
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "youtube", externalId: `UC${n}` });
  await db.profile.update({
    where: { id: profile.id },
    data: { accessToken: encryptSecret(auth.tokens!.accessToken), scopes: auth.tokens!.scopes ?? [] },
  });
  const video = google.youtube.addVideo(user.sub, { title: "Launch" });
  const { platformPost } = await seedPublishedPost({ group: tenant.group, profile, externalId: video.id });
  await db.platformPost.update({ where: { id: platformPost.id }, data: { publishedAt: new Date() } });
  return { tenant, profile, video, platformPost };
};

describe("youtube comment polling", () => {
  describe("a video with two threads, one with two replies", () => {
    let w: Awaited<ReturnType<typeof world>>;
    let t1: string;
    let dueBefore: string[];
    let first: Awaited<ReturnType<typeof syncPostComments>>;
    beforeAll(async () => {
      w = await world();
      t1 = google.youtubeComments.addViewerThread(w.video.id, "first!", ["thanks", "agreed"]);
      google.youtubeComments.addViewerThread(w.video.id, "second");
      dueBefore = await findPostsDueForComments();
      first = await syncPostComments({ platformPostId: w.platformPost.id });
    });

    it("is due for a poll", () => {
      expect(dueBefore).toContain(w.platformPost.id);
    });

    it("is read newest first with replies, in YouTube's documented parameters", () => {
      const q = google.requestsTo("commentThreads.list").at(-1)!.url.searchParams;
      expect(Object.fromEntries(q)).toEqual({
        part: "snippet,replies",
        videoId: w.video.id,
        order: "time",
        textFormat: "plainText",
        maxResults: "100",
      });
    });

    it("has its threads and replies stored, keyed on YouTube's ids", async () => {
      expect(first).toMatchObject({ state: "synced", counts: { created: 4 } });
      const rows = await db.comment.findMany({
        where: { platformPostId: w.platformPost.id },
        orderBy: { body: "asc" },
      });
      expect(rows.map((r) => [r.body, r.parentExternalId, r.rootExternalId])).toEqual([
        ["agreed", t1, t1],
        ["first!", null, null],
        ["second", null, null],
        ["thanks", t1, t1],
      ]);
      expect(rows.find((r) => r.body === "first!")).toMatchObject({
        authorName: "Viewer",
        authorUsername: "@viewer",
        authorExternalId: "UCViewer",
      });
    });

    it("the next poll updates the same rows", async () => {
      const again = await syncPostComments({ platformPostId: w.platformPost.id, now: new Date(Date.now() + 1000) });
      expect(again.counts).toEqual({ updated: 4 });
      expect(await db.comment.count({ where: { platformPostId: w.platformPost.id } })).toBe(4);
    });

    it("emits no comment.created", async () => {
      expect(await eventsOf(w.tenant.account.id, "comment.created")).toHaveLength(0);
    });

    it("is not due again right after a poll", async () => {
      expect(await findPostsDueForComments()).not.toContain(w.platformPost.id); // just polled
    });
  });

  it("quotaExceeded backs the profile off: its posts are not polled until the quota resets", async () => {
    const { profile, platformPost } = await world();
    google.failNext("commentThreads.list", {
      status: 403,
      body: googleApiError(
        403,
        "PERMISSION_DENIED",
        "The request cannot be completed because you have exceeded your quota.",
        { reason: "quotaExceeded", domain: "youtube.quota" },
      ),
    });
    const now = new Date();
    expect(await syncPostComments({ platformPostId: platformPost.id, now })).toEqual({ state: "rate_limited" });
    const { backoffUntil } = await db.commentSync.findUniqueOrThrow({ where: { profileId: profile.id } });
    expect(backoffUntil!.getTime()).toBeGreaterThan(now.getTime() + 60_000);
    expect(await findPostsDueForComments({ now })).not.toContain(platformPost.id);
    expect(await syncPostComments({ platformPostId: platformPost.id, now })).toEqual({ state: "backing_off" });
  });

  it("polls a fresh post at the connector's minimum", () => {
    expect(pollIntervalMs(30 * 60_000, 10 * 60_000)).toBe(10 * 60_000);
  });

  it("polls an older post every twelfth of its age", () => {
    expect(pollIntervalMs(24 * 3600_000, 10 * 60_000)).toBe(2 * 3600_000);
  });

  it("polls an old post at most daily", () => {
    expect(pollIntervalMs(20 * 24 * 3600_000, 10 * 60_000)).toBe(24 * 3600_000);
  });
});
