import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, describe, expect, it } from "vitest";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as profileRoute from "@/app/api/profiles/[id]/route";
import * as profilesRoute from "@/app/api/profiles/route";
import * as profileStatsRoute from "@/app/api/profiles/[id]/stats/route";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { callRoute } from "@/testing/call-route";
import { connectViaOAuth } from "@/testing/connections";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import {
  HOUR,
  type Json,
  postSnapshots,
  profileSnapshots,
  sandboxPostId,
  sandboxTenant,
  seedPublishedPost,
  stopCollectingAfterTest,
  useStatsRunner,
} from "@/testing/stats";

// This file has a database of its own: the function takes every due profile and post of the database
// (at most 100 / 200 per tick), so on the run's shared database it would reach other files' tenants
// (and emit events into them) and might not reach ours.
await useOwnDatabase("stats_collect");
afterAll(() => db.$disconnect());

// Collection (lib/services/stats/collect-stats.ts) through the hourly scheduled function on the local
// runner with a manual clock: snapshots through the connectors (YouTube against the Google fake, the
// sandbox network for placement networks), profile.stats / platform_post.insights events. Each test
// connects its own profiles; they leave collection when it ends.

const runner = useStatsRunner();

// A live YouTube profile (its own channel on the Google fake) with one published video.
const youtubeProfile = async () => {
  const google = runner.google();
  const tenant = await seedTenant();
  stopCollectingAfterTest(tenant.account.id);
  const { token } = await seedKey({ accountId: tenant.account.id });
  const n = newId("post").slice(-10);
  const user = google.addUser({
    sub: `stats-yt-${n}`,
    email: `stats-${n}@example.com`,
    name: "Stats Creator",
    channel: {
      id: `UCstats${n}`.padEnd(24, "x"),
      title: "Stats Channel",
      statistics: { subscriberCount: 1200, viewCount: 50_000, videoCount: 7 },
    },
  });
  const { profile } = await connectViaOAuth({
    principal: tenant.principal,
    groupId: tenant.group.id,
    platform: "youtube",
    consent: google.consent({ user }),
  });
  expect(profile).toMatchObject({ platform: "youtube", status: "active" });
  const video = google.youtube.addVideo(user.sub, { title: "Launch video" });
  video.statistics = {
    viewCount: "2500",
    likeCount: "120",
    dislikeCount: "4",
    favoriteCount: "9",
    commentCount: "33",
  };
  const { postId, pps } = await seedPublishedPost(tenant.group, [
    { profileId: profile!.id, platform: "youtube", externalId: video.id, params: { title: "Launch video" } },
  ]);
  return { tenant, token, profile: profile!, video, postId, pp: pps[0]! };
};

describe("collection through the scheduled function: a live YouTube profile", () => {
  it("takes a profile snapshot (network-native keys) and a post snapshot (impressions, likes, comments, saved), with their events", async () => {
    const { tenant, token, profile, video, postId, pp } = await youtubeProfile();

    // Never collected: latest_stats is empty, summary_stats null (not a placement network).
    const before = await callRoute(profileRoute.GET, {
      path: `/api/profiles/${profile.id}`,
      token,
      params: { id: profile.id },
    });
    expect(before.json).toMatchObject({ id: profile.id, latest_stats: [], summary_stats: null });

    const at = await runner.tick();
    const iso = at.toISOString();

    const [snap, ...more] = await profileSnapshots(profile.id);
    expect(more).toHaveLength(0);
    expect(snap).toMatchObject({
      placementId: null,
      stats: { subscriberCount: 1200, viewCount: 50_000, videoCount: 7 },
      rawStats: { subscriberCount: 1200, viewCount: 50_000, videoCount: 7, hiddenSubscriberCount: false },
      recordedAt: at,
    });
    const [postSnap, ...morePost] = await postSnapshots(pp.id);
    expect(morePost).toHaveLength(0);
    expect(postSnap).toMatchObject({
      profileId: profile.id,
      stats: { impressions: 2500, likes: 120, comments: 33, saved: 9 },
      rawStats: { viewCount: 2500, likeCount: 120, dislikeCount: 4, favoriteCount: 9, commentCount: 33 },
      recordedAt: at,
    });

    const profileEvents = await eventsOf(tenant.account.id, "profile.stats");
    expect(profileEvents.map((e) => e.data)).toEqual([
      {
        profile_id: profile.id,
        platform: "youtube",
        placement_id: null,
        stats: { subscriberCount: 1200, viewCount: 50_000, videoCount: 7 },
        recorded_at: iso,
      },
    ]);
    expect(profileEvents[0]).toMatchObject({ environment: "live", profileGroupId: tenant.group.id });
    const insightEvents = await eventsOf(tenant.account.id, "platform_post.insights");
    expect(insightEvents).toHaveLength(1);
    expect(insightEvents[0]!.data).toEqual({
      id: pp.id,
      post_id: postId,
      platform: "youtube",
      profile_id: profile.id,
      profile_name: profile.name,
      status: "published",
      error: null,
      error_details: null,
      platform_id: video.id,
      insights: { impressions: 2500, likes: 120, comments: 33, saved: 9 },
    });

    // GET /api/posts/:id: the platform entry's insights {impressions, on}.
    const post = await callRoute(postRoute.GET, { path: `/api/posts/${postId}`, token, params: { id: postId } });
    expect(post.status).toBe(200);
    expect((post.json.platforms as Json[])[0]).toMatchObject({
      platform: "youtube",
      status: "published",
      insights: { impressions: 2500, on: iso },
    });

    // GET /api/profiles/:id: the latest snapshot; the list does not carry stats.
    const got = await callRoute(profileRoute.GET, {
      path: `/api/profiles/${profile.id}`,
      token,
      params: { id: profile.id },
    });
    expect(got.json).toMatchObject({
      id: profile.id,
      platform: "youtube",
      latest_stats: [
        { placement_id: null, stats: { subscriberCount: 1200, viewCount: 50_000, videoCount: 7 }, recorded_at: iso },
      ],
      summary_stats: null,
    });
    const list = await callRoute(profilesRoute.GET, { path: "/api/profiles", token });
    const listed = (list.json.data as Json[]).find((p) => p.id === profile.id)!;
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty("latest_stats");
    expect(listed).not.toHaveProperty("summary_stats");
  });

  it("takes no new snapshot an hour later, and the next ones 23 hours after the last", async () => {
    const { tenant, token, profile, video, postId, pp } = await youtubeProfile();
    const firstTick = await runner.tick();
    await runner.tick(); // an hour later
    expect(await profileSnapshots(profile.id)).toHaveLength(1);
    expect(await postSnapshots(pp.id)).toHaveLength(1);

    // 22 hours after the first: still not due.
    await runner.tick(new Date(firstTick.getTime() + 22 * HOUR));
    expect(await profileSnapshots(profile.id)).toHaveLength(1);

    runner.google().youtube.videos.get(video.id)!.statistics.viewCount = "4100";
    const later = await runner.tick(new Date(firstTick.getTime() + 23 * HOUR));
    const snaps = await profileSnapshots(profile.id);
    expect(snaps.map((s) => s.recordedAt)).toEqual([firstTick, later]);
    const postSnaps = await postSnapshots(pp.id);
    expect(postSnaps.map((s) => (s.stats as Json).impressions)).toEqual([2500, 4100]);
    expect(await eventsOf(tenant.account.id, "profile.stats")).toHaveLength(2);
    expect(await eventsOf(tenant.account.id, "platform_post.insights")).toHaveLength(2);

    const post = await callRoute(postRoute.GET, { path: `/api/posts/${postId}`, token, params: { id: postId } });
    expect((post.json.platforms as Json[])[0]!.insights).toEqual({ impressions: 4100, on: later.toISOString() });

    // The timeseries, oldest first; placement_id is not needed off placement networks.
    const stats = await callRoute(profileStatsRoute.GET, {
      path: `/api/profiles/${profile.id}/stats`,
      token,
      params: { id: profile.id },
    });
    expect(stats.status).toBe(200);
    expect((stats.json.data as Json).records.map((r: Json) => r.recorded_at)).toEqual([
      firstTick.toISOString(),
      later.toISOString(),
    ]);
    const latest = await callRoute(profileRoute.GET, {
      path: `/api/profiles/${profile.id}`,
      token,
      params: { id: profile.id },
    });
    expect((latest.json.latest_stats as Json[]).map((e) => e.recorded_at)).toEqual([later.toISOString()]);
  });

  it("a network that is briefly down (5xx) is asked again at the next hourly run, not a day later", async () => {
    const { profile, pp } = await youtubeProfile();
    const firstTick = await runner.tick();
    const unavailable = {
      status: 503,
      body: {
        error: { code: 503, message: "Backend Error", status: "UNAVAILABLE", errors: [{ reason: "backendError" }] },
      },
    };
    const dueAt = new Date(firstTick.getTime() + 23 * HOUR);
    await runner.tick(new Date(dueAt.getTime() - HOUR));
    runner.google().failNext("channels", unavailable);
    runner.google().failNext("videos.list", unavailable);
    const due = await runner.tick(dueAt);
    expect(await profileSnapshots(profile.id)).toHaveLength(1);
    expect(await postSnapshots(pp.id)).toHaveLength(1);
    const retried = await runner.tick();
    expect(retried.getTime()).toBe(due.getTime() + HOUR);
    expect((await profileSnapshots(profile.id)).at(-1)!.recordedAt).toEqual(retried);
    expect((await postSnapshots(pp.id)).at(-1)!.recordedAt).toEqual(retried);
    // Then a day again.
    await runner.tick();
    expect(await profileSnapshots(profile.id)).toHaveLength(2);
  });
});

describe("collection through the scheduled function: sandbox profiles", () => {
  it("takes one snapshot (and one profile.stats) per placement on telegram and facebook, one per profile elsewhere", async () => {
    const sb = await sandboxTenant();
    const facebook = sb.profiles.facebook!;
    const telegram = sb.profiles.telegram!;
    expect(facebook.placements).toHaveLength(2);
    expect(telegram.placements).toHaveLength(1);

    // Never collected: a placement network sums nothing.
    const before = await callRoute(profileRoute.GET, {
      path: `/api/profiles/${facebook.id}`,
      token: sb.token,
      params: { id: facebook.id },
    });
    expect(before.json).toMatchObject({ latest_stats: [], summary_stats: {} });

    const sbTick = await runner.tick();
    const fbSnaps = await profileSnapshots(facebook.id);
    expect(fbSnaps.map((s) => s.placementId).sort()).toEqual(facebook.placements.map((p) => p.externalId).sort());
    expect(fbSnaps.every((s) => s.recordedAt.getTime() === sbTick.getTime())).toBe(true);
    for (const s of fbSnaps)
      expect(Object.keys(s.stats as Json)).toEqual(
        expect.arrayContaining(["fan_count", "followers_count", "page_views_total"]),
      );

    const [tgSnap, ...tgMore] = await profileSnapshots(telegram.id);
    expect(tgMore).toHaveLength(0);
    expect(tgSnap!.placementId).toBe(telegram.placements[0]!.externalId);
    expect(tgSnap!.stats).toMatchObject({
      followers_count: expect.any(Number),
      channel_title: telegram.placements[0]!.name,
      channel_username: expect.any(String),
    });

    const [bskySnap, ...bskyMore] = await profileSnapshots(sb.profiles.bluesky!.id);
    expect(bskyMore).toHaveLength(0);
    expect(bskySnap).toMatchObject({
      placementId: null,
      stats: { followersCount: expect.any(Number), followsCount: expect.any(Number), postsCount: expect.any(Number) },
    });

    const events = (await eventsOf(sb.account.id, "profile.stats")).map((e) => e.data as Json);
    expect(
      events
        .filter((e) => e.profile_id === facebook.id)
        .map((e) => e.placement_id)
        .sort(),
    ).toEqual(facebook.placements.map((p) => p.externalId).sort());
    expect(events.find((e) => e.profile_id === telegram.id)).toEqual({
      profile_id: telegram.id,
      platform: "telegram",
      placement_id: telegram.placements[0]!.externalId,
      stats: tgSnap!.stats,
      recorded_at: sbTick.toISOString(),
    });
    expect(events.find((e) => e.profile_id === sb.profiles.bluesky!.id)).toMatchObject({
      platform: "bluesky",
      placement_id: null,
    });
  });

  it("tiktok snapshots carry the Display API's keys", async () => {
    const sb = await sandboxTenant();
    await runner.tick();
    const [collected] = await profileSnapshots(sb.profiles.tiktok!.id);
    expect(Object.keys(collected!.stats as Json).sort()).toEqual([
      "follower_count",
      "following_count",
      "likes_count",
      "video_count",
    ]);
  });

  it("takes one snapshot per published post and network, with a platform_post.insights event each", async () => {
    const sb = await sandboxTenant();
    const facebook = sb.profiles.facebook!;
    const bluesky = sb.profiles.bluesky!;
    const first = await seedPublishedPost(sb.group, [
      { profileId: bluesky.id, platform: "bluesky", externalId: sandboxPostId() },
      {
        profileId: facebook.id,
        platform: "facebook",
        externalId: sandboxPostId(),
        placementId: facebook.placements[0]!.externalId!,
      },
    ]);
    const second = await seedPublishedPost(sb.group, [
      { profileId: bluesky.id, platform: "bluesky", externalId: sandboxPostId() },
    ]);
    await runner.tick();
    for (const pp of [...first.pps, ...second.pps]) expect(await postSnapshots(pp.id)).toHaveLength(1);
    const insights = (await eventsOf(sb.account.id, "platform_post.insights")).map((e) => e.data as Json);
    expect(insights.map((e) => e.id).sort()).toEqual([...first.pps, ...second.pps].map((p) => p.id).sort());
    expect(insights.find((e) => e.platform === "facebook")!.insights).toEqual({
      impressions: expect.any(Number),
      clicks: expect.any(Number),
      likes: expect.any(Number),
    });
  });
});
