import { useOwnDatabase } from "@/lib/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectStatsFn } from "@/inngest/functions/collect-stats";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { startGoogleFake, type GoogleFake } from "@/e2e/fakes/google";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as postsStatsRoute from "@/app/api/posts/stats/route";
import * as profileRoute from "@/app/api/profiles/[id]/route";
import * as profilesRoute from "@/app/api/profiles/route";
import * as dailyStatsRoute from "@/app/api/profiles/[id]/daily_stats/route";
import * as profileStatsRoute from "@/app/api/profiles/[id]/stats/route";
import { db, type Prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { TPlatform } from "@/lib/schemas/common";
import { callRoute } from "@/lib/testing/call-route";
import { connectViaOAuth } from "@/lib/testing/connections";
import { eventsOf, seedTenant, setEnv } from "@/lib/testing/network-tests";
import { seedSandboxTenant } from "@/lib/testing/posts";
import { seedKey } from "@/lib/testing/seed";

// This file has a database of its own: the function takes every due profile and post of the database
// (at most 100 / 200 per tick), so on the run's shared database it would reach other files' tenants
// (and emit events into them) and might not reach ours.
await useOwnDatabase("stats");

// Stats end to end: the hourly scheduled function (collect-stats) on the local runner with a manual
// clock takes snapshots through the connectors (YouTube against the Google fake, the sandbox network for
// placement networks), records profile.stats / platform_post.insights, and the routes read them back:
// GET /api/profiles/:id (latest_stats, summary_stats), /stats, /daily_stats, GET /api/posts/stats,
// GET /api/posts/:id (insights).

type Json = Record<string, any>;

let google: GoogleFake;
let restoreEnv: () => void;
let clock: ManualClock;
let runner: LocalRunner;

beforeAll(async () => {
  google = await startGoogleFake();
  google.youtube.config.processingPolls = 0;
  restoreEnv = setEnv(google.env("youtube"));
  clock = new ManualClock(new Date());
  runner = await startLocalRunner({ functions: [collectStatsFn], clock, pollIntervalMs: 0 });
}, 60_000);

afterAll(async () => {
  await runner?.stop();
  await google?.close();
  restoreEnv?.();
});

// The cron runs at minute 17 of every hour (UTC): moves the clock to the next such minute and runs what
// is due, hour by hour until `at` (the runner folds missed ticks into one run that carries the first
// one's time), and returns the last tick's time (the snapshots' recorded_at).
const HOUR = 3_600_000;
const nextTickAfter = (at: Date) => {
  const tick = new Date(at);
  tick.setUTCMinutes(17, 0, 0);
  if (tick <= at) tick.setTime(tick.getTime() + HOUR);
  return tick;
};
const tick = async (at?: Date) => {
  const until = at ?? nextTickAfter(clock.now());
  let when = clock.now();
  while (nextTickAfter(when) <= until) {
    when = clock.set(nextTickAfter(when));
    await runner.drain();
  }
  return when;
};

const profileSnapshots = (profileId: string) =>
  db.statSnapshot.findMany({
    where: { profileId, platformPostId: null },
    orderBy: [{ recordedAt: "asc" }, { placementId: "asc" }],
  });
const postSnapshots = (platformPostId: string) =>
  db.statSnapshot.findMany({ where: { platformPostId }, orderBy: { recordedAt: "asc" } });

// A published post written straight to the database (publishing itself is tested elsewhere).
const seedPublishedPost = async (
  group: { id: string; accountId: string; environment: "live" | "sandbox" },
  targets: { profileId: string; platform: TPlatform; externalId: string; placementId?: string | null; params?: Json }[],
) => {
  const postId = newId("post");
  await db.post.create({
    data: {
      id: postId,
      accountId: group.accountId,
      environment: group.environment,
      profileGroupId: group.id,
      body: "Stats",
      status: "processed",
      processedAt: new Date(),
    },
  });
  const pps = [];
  for (const t of targets) {
    pps.push(
      await db.platformPost.create({
        data: {
          id: newId("platformPost"),
          postId,
          rootPostId: postId,
          profileId: t.profileId,
          platform: t.platform,
          placementId: t.placementId ?? null,
          status: "published",
          params: (t.params ?? {}) as Prisma.InputJsonObject,
          externalId: t.externalId,
          attempts: 1,
          publishedAt: new Date(),
        },
      }),
    );
  }
  return { postId, pps };
};

const seedSnapshot = (
  profile: { id: string; accountId: string; environment: "live" | "sandbox" },
  at: string,
  stats: Json,
  extra: { placementId?: string; raw?: Json } = {},
) =>
  db.statSnapshot.create({
    data: {
      id: newId("statSnapshot"),
      accountId: profile.accountId,
      environment: profile.environment,
      profileId: profile.id,
      placementId: extra.placementId ?? null,
      stats,
      rawStats: extra.raw ?? stats,
      recordedAt: new Date(at),
    },
  });

const sandboxPostId = () => `sbx_post_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

// ---------------------------------------------------------------------------------------------------

let yt: {
  token: string;
  accountId: string;
  profileId: string;
  postId: string;
  platformPostId: string;
  videoId: string;
  firstTick: Date;
};

describe("collection through the scheduled function: a live YouTube profile", () => {
  it("takes a profile snapshot (network-native keys) and a post snapshot (impressions, likes, comments, saved), with their events", async () => {
    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const user = google.addUser({
      sub: "stats-yt-1",
      email: "stats@example.com",
      name: "Stats Creator",
      channel: {
        id: "UCstatsE2Exxxxxxxxxxxxxx",
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
    const pp = pps[0]!;

    // Never collected: latest_stats is empty, summary_stats null (not a placement network).
    const before = await callRoute(profileRoute.GET, {
      path: `/api/profiles/${profile!.id}`,
      token,
      params: { id: profile!.id },
    });
    expect(before.json).toMatchObject({ id: profile!.id, latest_stats: [], summary_stats: null });

    const at = await tick();
    const iso = at.toISOString();

    const [snap, ...more] = await profileSnapshots(profile!.id);
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
      profileId: profile!.id,
      stats: { impressions: 2500, likes: 120, comments: 33, saved: 9 },
      rawStats: { viewCount: 2500, likeCount: 120, dislikeCount: 4, favoriteCount: 9, commentCount: 33 },
      recordedAt: at,
    });

    const profileEvents = await eventsOf(tenant.account.id, "profile.stats");
    expect(profileEvents.map((e) => e.data)).toEqual([
      {
        profile_id: profile!.id,
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
      profile_id: profile!.id,
      profile_name: profile!.name,
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
      path: `/api/profiles/${profile!.id}`,
      token,
      params: { id: profile!.id },
    });
    expect(got.json).toMatchObject({
      id: profile!.id,
      platform: "youtube",
      latest_stats: [
        { placement_id: null, stats: { subscriberCount: 1200, viewCount: 50_000, videoCount: 7 }, recorded_at: iso },
      ],
      summary_stats: null,
    });
    const list = await callRoute(profilesRoute.GET, { path: "/api/profiles", token });
    const listed = (list.json.data as Json[]).find((p) => p.id === profile!.id)!;
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty("latest_stats");
    expect(listed).not.toHaveProperty("summary_stats");

    yt = {
      token,
      accountId: tenant.account.id,
      profileId: profile!.id,
      postId,
      platformPostId: pp.id,
      videoId: video.id,
      firstTick: at,
    };
  });

  it("takes no new snapshot an hour later, and the next ones 23 hours after the last", async () => {
    await tick(); // an hour later
    expect(await profileSnapshots(yt.profileId)).toHaveLength(1);
    expect(await postSnapshots(yt.platformPostId)).toHaveLength(1);

    // 22 hours after the first: still not due.
    await tick(new Date(yt.firstTick.getTime() + 22 * HOUR));
    expect(await profileSnapshots(yt.profileId)).toHaveLength(1);

    google.youtube.videos.get(yt.videoId)!.statistics.viewCount = "4100";
    const later = await tick(new Date(yt.firstTick.getTime() + 23 * HOUR));
    const snaps = await profileSnapshots(yt.profileId);
    expect(snaps.map((s) => s.recordedAt)).toEqual([yt.firstTick, later]);
    const postSnaps = await postSnapshots(yt.platformPostId);
    expect(postSnaps.map((s) => (s.stats as Json).impressions)).toEqual([2500, 4100]);
    expect(await eventsOf(yt.accountId, "profile.stats")).toHaveLength(2);
    expect(await eventsOf(yt.accountId, "platform_post.insights")).toHaveLength(2);

    const post = await callRoute(postRoute.GET, {
      path: `/api/posts/${yt.postId}`,
      token: yt.token,
      params: { id: yt.postId },
    });
    expect((post.json.platforms as Json[])[0]!.insights).toEqual({ impressions: 4100, on: later.toISOString() });

    // The timeseries, oldest first; placement_id is not needed off placement networks.
    const stats = await callRoute(profileStatsRoute.GET, {
      path: `/api/profiles/${yt.profileId}/stats`,
      token: yt.token,
      params: { id: yt.profileId },
    });
    expect(stats.status).toBe(200);
    expect((stats.json.data as Json).records.map((r: Json) => r.recorded_at)).toEqual([
      yt.firstTick.toISOString(),
      later.toISOString(),
    ]);
    const latest = await callRoute(profileRoute.GET, {
      path: `/api/profiles/${yt.profileId}`,
      token: yt.token,
      params: { id: yt.profileId },
    });
    expect((latest.json.latest_stats as Json[]).map((e) => e.recorded_at)).toEqual([later.toISOString()]);
    yt.firstTick = later;
  });

  it("a network that is briefly down (5xx) is asked again at the next hourly run, not a day later", async () => {
    const unavailable = {
      status: 503,
      body: {
        error: { code: 503, message: "Backend Error", status: "UNAVAILABLE", errors: [{ reason: "backendError" }] },
      },
    };
    google.failNext("channels", unavailable);
    google.failNext("videos.list", unavailable);
    const due = await tick(new Date(yt.firstTick.getTime() + 23 * HOUR));
    expect(await profileSnapshots(yt.profileId)).toHaveLength(2);
    expect(await postSnapshots(yt.platformPostId)).toHaveLength(2);
    const retried = await tick();
    expect(retried.getTime()).toBe(due.getTime() + HOUR);
    expect((await profileSnapshots(yt.profileId)).at(-1)!.recordedAt).toEqual(retried);
    expect((await postSnapshots(yt.platformPostId)).at(-1)!.recordedAt).toEqual(retried);
    // Then a day again.
    await tick();
    expect(await profileSnapshots(yt.profileId)).toHaveLength(3);
  });
});

// ---------------------------------------------------------------------------------------------------

type Sandbox = Awaited<ReturnType<typeof seedSandboxTenant>>;
let sb: Sandbox;
let sbTick: Date;

describe("sandbox profiles on placement networks", () => {
  it("takes one snapshot (and one profile.stats) per placement on telegram and facebook, one per profile elsewhere", async () => {
    sb = await seedSandboxTenant(["facebook", "telegram", "bluesky", "tiktok"]);
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

    sbTick = await tick();
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

  it("GET /api/profiles/:id: latest_stats per placement, summary_stats summing the numeric keys", async () => {
    const facebook = sb.profiles.facebook!;
    const [page1, page2] = [...facebook.placements].sort((a, b) => a.position - b.position);
    // A newer snapshot of page 1 replaces its collected one; an older one of page 2 does not.
    const newer = new Date(sbTick.getTime() + 5 * 60_000).toISOString();
    await seedSnapshot(
      facebook,
      newer,
      { fan_count: 10, followers_count: 20, page_views_total: 3, label: "x" },
      { placementId: page1!.externalId! },
    );
    await seedSnapshot(
      facebook,
      new Date(sbTick.getTime() - HOUR).toISOString(),
      { fan_count: 1, followers_count: 1 },
      { placementId: page2!.externalId! },
    );
    const page2Latest = (await profileSnapshots(facebook.id))
      .filter((s) => s.placementId === page2!.externalId)
      .at(-1)!;
    const p2 = page2Latest.stats as Json;

    const res = await callRoute(profileRoute.GET, {
      path: `/api/profiles/${facebook.id}`,
      token: sb.token,
      params: { id: facebook.id },
    });
    expect(res.status).toBe(200);
    expect(res.json.latest_stats).toEqual([
      {
        placement_id: page1!.externalId,
        stats: { fan_count: 10, followers_count: 20, page_views_total: 3, label: "x" },
        recorded_at: newer,
      },
      { placement_id: page2!.externalId, stats: p2, recorded_at: sbTick.toISOString() },
    ]);
    const summary = res.json.summary_stats as Json;
    expect(summary).not.toHaveProperty("label");
    expect(summary).toMatchObject({
      fan_count: 10 + p2.fan_count,
      followers_count: 20 + p2.followers_count,
      page_views_total: 3 + p2.page_views_total,
    });
    expect(summary).toHaveProperty("page_post_engagements", p2.page_post_engagements); // only page 2 has it

    // Telegram: channel_title / channel_username are strings, so only followers_count is summed.
    const telegram = sb.profiles.telegram!;
    const tg = await callRoute(profileRoute.GET, {
      path: `/api/profiles/${telegram.id}`,
      token: sb.token,
      params: { id: telegram.id },
    });
    const tgStats = (tg.json.latest_stats as Json[])[0]!.stats as Json;
    expect(tg.json.summary_stats).toEqual({ followers_count: tgStats.followers_count });

    // Bluesky: one entry with placement_id null, no summary.
    const bsky = await callRoute(profileRoute.GET, {
      path: `/api/profiles/${sb.profiles.bluesky!.id}`,
      token: sb.token,
      params: { id: sb.profiles.bluesky!.id },
    });
    expect(bsky.json).toMatchObject({
      latest_stats: [{ placement_id: null, recorded_at: sbTick.toISOString() }],
      summary_stats: null,
    });
  });

  it("GET /api/profiles/:id/stats: one placement's timeseries oldest first, from/to inclusive; without placement_id every placement's, each record naming it", async () => {
    const telegram = sb.profiles.telegram!;
    const chat = telegram.placements[0]!.externalId!;
    const path = `/api/profiles/${telegram.id}/stats`;

    // Facebook (two pages): without placement_id, both pages' snapshots, each naming its page.
    const facebook = sb.profiles.facebook!;
    const pages = facebook.placements.map((p) => p.externalId!);
    const every = await callRoute(profileStatsRoute.GET, {
      path: `/api/profiles/${facebook.id}/stats`,
      token: sb.token,
      params: { id: facebook.id },
    });
    expect(every.status).toBe(200);
    const everyData = every.json.data as Json;
    expect(everyData).toMatchObject({ profile_id: facebook.id, platform: "facebook", placement_id: null });
    const fbSnaps = await profileSnapshots(facebook.id);
    expect(everyData.records.map((r: Json) => [r.placement_id, r.recorded_at])).toEqual(
      [...fbSnaps]
        .sort(
          (a, b) =>
            a.recordedAt.getTime() - b.recordedAt.getTime() ||
            String(a.placementId).localeCompare(String(b.placementId)),
        )
        .map((s) => [s.placementId, s.recordedAt.toISOString()]),
    );
    expect(new Set(everyData.records.map((r: Json) => r.placement_id))).toEqual(new Set(pages));
    const one = await callRoute(profileStatsRoute.GET, {
      path: `/api/profiles/${facebook.id}/stats?placement_id=${pages[0]}`,
      token: sb.token,
      params: { id: facebook.id },
    });
    expect((one.json.data as Json).records.every((r: Json) => r.placement_id === pages[0])).toBe(true);
    expect((one.json.data as Json).records.length).toBe(fbSnaps.filter((s) => s.placementId === pages[0]).length);

    // Three older snapshots (written out of order) before the collected one.
    const day = (n: number) => new Date(sbTick.getTime() - n * 24 * HOUR).toISOString();
    await seedSnapshot(
      telegram,
      day(2),
      { followers_count: 102, channel_title: "C", channel_username: "c" },
      { placementId: chat },
    );
    await seedSnapshot(
      telegram,
      day(3),
      { followers_count: 101, channel_title: "C", channel_username: "c" },
      { placementId: chat },
    );
    await seedSnapshot(
      telegram,
      day(1),
      { followers_count: 103, channel_title: "C", channel_username: "c" },
      { placementId: chat },
    );

    const all = await callRoute(profileStatsRoute.GET, {
      path: `${path}?placement_id=${encodeURIComponent(chat)}`,
      token: sb.token,
      params: { id: telegram.id },
    });
    expect(all.status).toBe(200);
    const data = all.json.data as Json;
    expect(data).toMatchObject({ profile_id: telegram.id, platform: "telegram", placement_id: chat });
    expect(data.records.map((r: Json) => r.recorded_at)).toEqual([day(3), day(2), day(1), sbTick.toISOString()]);
    expect(data.records[0]).toEqual({
      placement_id: chat,
      stats: { followers_count: 101, channel_title: "C", channel_username: "c" },
      raw_stats: { followers_count: 101, channel_title: "C", channel_username: "c" },
      recorded_at: day(3),
    });

    const ranged = await callRoute(profileStatsRoute.GET, {
      path: `${path}?placement_id=${encodeURIComponent(chat)}&from=${encodeURIComponent(day(2))}&to=${encodeURIComponent(day(1))}`,
      token: sb.token,
      params: { id: telegram.id },
    });
    expect((ranged.json.data as Json).records.map((r: Json) => (r.stats as Json).followers_count)).toEqual([102, 103]);
    // A date alone is the whole UTC day.
    const dateOnly = day(1).slice(0, 10);
    const byDate = await callRoute(profileStatsRoute.GET, {
      path: `${path}?placement_id=${encodeURIComponent(chat)}&from=${dateOnly}&to=${dateOnly}`,
      token: sb.token,
      params: { id: telegram.id },
    });
    expect((byDate.json.data as Json).records.map((r: Json) => r.recorded_at)).toEqual([day(1)]);
    const bad = await callRoute(profileStatsRoute.GET, {
      path: `${path}?placement_id=${encodeURIComponent(chat)}&from=yesterday`,
      token: sb.token,
      params: { id: telegram.id },
    });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status: 400, error: "Bad Request", message: expect.stringContaining("from") });

    // Another placement id of the profile (or an unknown one) has its own, here empty, series.
    const other = await callRoute(profileStatsRoute.GET, {
      path: `${path}?placement_id=-100123`,
      token: sb.token,
      params: { id: telegram.id },
    });
    expect(other.json.data).toMatchObject({ placement_id: "-100123", records: [] });
  });

  it("tenancy: another tenant's (or another group's scoped key's) profile is 404", async () => {
    const other = await seedSandboxTenant([]);
    const telegram = sb.profiles.telegram!;
    const chat = telegram.placements[0]!.externalId!;
    for (const [route, suffix] of [
      [profileRoute.GET, ""],
      [profileStatsRoute.GET, `/stats?placement_id=${encodeURIComponent(chat)}`],
      [dailyStatsRoute.GET, `/daily_stats?placement_id=${encodeURIComponent(chat)}`],
    ] as const) {
      const res = await callRoute(route, {
        path: `/api/profiles/${telegram.id}${suffix}`,
        token: other.token,
        params: { id: telegram.id },
      });
      expect(res.status, suffix).toBe(404);
    }
    const group = await db.profileGroup.create({
      data: { id: newId("profileGroup"), accountId: sb.account.id, environment: "sandbox", name: "Other group" },
    });
    const { token: scoped } = await seedKey({
      accountId: sb.account.id,
      environment: "sandbox",
      kind: "scoped",
      profileGroupId: group.id,
    });
    const res = await callRoute(profileStatsRoute.GET, {
      path: `/api/profiles/${telegram.id}/stats?placement_id=${chat}`,
      token: scoped,
      params: { id: telegram.id },
    });
    expect(res.status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------------

describe("GET /api/posts/stats", () => {
  let first: Awaited<ReturnType<typeof seedPublishedPost>>;
  let second: Awaited<ReturnType<typeof seedPublishedPost>>;
  let collected: Date;

  it("per post, per network, each with its records (client-compat 6.5); profiles by id or by network name", async () => {
    const facebook = sb.profiles.facebook!;
    const bluesky = sb.profiles.bluesky!;
    const page = facebook.placements[0]!.externalId!;
    first = await seedPublishedPost(sb.group, [
      { profileId: bluesky.id, platform: "bluesky", externalId: sandboxPostId() },
      { profileId: facebook.id, platform: "facebook", externalId: sandboxPostId(), placementId: page },
    ]);
    second = await seedPublishedPost(sb.group, [
      { profileId: bluesky.id, platform: "bluesky", externalId: sandboxPostId() },
    ]);

    collected = await tick();
    for (const pp of [...first.pps, ...second.pps]) expect(await postSnapshots(pp.id)).toHaveLength(1);
    const insights = (await eventsOf(sb.account.id, "platform_post.insights")).map((e) => e.data as Json);
    expect(insights.map((e) => e.id).sort()).toEqual([...first.pps, ...second.pps].map((p) => p.id).sort());
    expect(insights.find((e) => e.platform === "facebook")!.insights).toEqual({
      impressions: expect.any(Number),
      clicks: expect.any(Number),
      likes: expect.any(Number),
    });

    const ids = `${first.postId},${second.postId}`;
    const res = await callRoute(postsStatsRoute.GET, { path: `/api/posts/stats?post_ids=${ids}`, token: sb.token });
    expect(res.status).toBe(200);
    const data = res.json.data as unknown as Json;
    expect(Object.keys(data)).toEqual([first.postId, second.postId]);
    expect(data[first.postId].platforms).toEqual([
      {
        profile_id: bluesky.id,
        platform: "bluesky",
        records: [
          {
            stats: {
              likes: expect.any(Number),
              reposts: expect.any(Number),
              comments: expect.any(Number),
              quotes: expect.any(Number),
            },
            raw_stats: expect.objectContaining({ likeCount: expect.any(Number) }),
            recorded_at: collected.toISOString(),
          },
        ],
      },
      {
        profile_id: facebook.id,
        platform: "facebook",
        records: [
          {
            stats: { impressions: expect.any(Number), clicks: expect.any(Number), likes: expect.any(Number) },
            raw_stats: expect.any(Object),
            recorded_at: collected.toISOString(),
          },
        ],
      },
    ]);
    expect(data[second.postId].platforms).toHaveLength(1);

    const platformsOf = async (query: string) => {
      const r = await callRoute(postsStatsRoute.GET, { path: `/api/posts/stats?${query}`, token: sb.token });
      expect(r.status, query).toBe(200);
      return Object.fromEntries(
        Object.entries(r.json.data as unknown as Json).map(([id, v]) => [
          id,
          (v as Json).platforms.map((p: Json) => p.platform),
        ]),
      );
    };
    expect(await platformsOf(`post_ids=${ids}&profiles=facebook`)).toEqual({ [first.postId]: ["facebook"] });
    expect(await platformsOf(`post_ids=${ids}&profiles=${bluesky.id}`)).toEqual({
      [first.postId]: ["bluesky"],
      [second.postId]: ["bluesky"],
    });
    expect(await platformsOf(`post_ids=${ids}&profiles=${bluesky.id},facebook`)).toEqual({
      [first.postId]: ["bluesky", "facebook"],
      [second.postId]: ["bluesky"],
    });
    expect(await platformsOf(`post_ids[]=${first.postId}&post_ids[]=${second.postId}&profiles[]=facebook`)).toEqual({
      [first.postId]: ["facebook"],
    });
    expect(await platformsOf(`post_ids=${first.postId}&profiles=twitter`)).toEqual({});
  });

  it("from/to narrow the records; unknown ids are left out", async () => {
    const bskyPp = first.pps[0]!;
    await db.statSnapshot.create({
      data: {
        id: newId("statSnapshot"),
        accountId: sb.account.id,
        environment: "sandbox",
        profileId: bskyPp.profileId,
        platformPostId: bskyPp.id,
        stats: { likes: 1 },
        rawStats: { likeCount: 1 },
        recordedAt: new Date(collected.getTime() - 24 * HOUR),
      },
    });
    const all = await callRoute(postsStatsRoute.GET, {
      path: `/api/posts/stats?post_ids=${first.postId},post_unknown&profiles=bluesky`,
      token: sb.token,
    });
    const records = (all.json.data as unknown as Json)[first.postId].platforms[0].records as Json[];
    expect(records.map((r) => r.recorded_at)).toEqual([
      new Date(collected.getTime() - 24 * HOUR).toISOString(),
      collected.toISOString(),
    ]);
    expect(Object.keys(all.json.data as object)).toEqual([first.postId]);
    const from = encodeURIComponent(collected.toISOString());
    const ranged = await callRoute(postsStatsRoute.GET, {
      path: `/api/posts/stats?post_ids=${first.postId}&profiles=bluesky&from=${from}`,
      token: sb.token,
    });
    expect(
      ((ranged.json.data as unknown as Json)[first.postId].platforms[0].records as Json[]).map((r) => r.recorded_at),
    ).toEqual([collected.toISOString()]);
  });

  it("400 without post_ids or with more than 50; another tenant's post ids give nothing", async () => {
    const missing = await callRoute(postsStatsRoute.GET, {
      path: "/api/posts/stats?profiles=bluesky",
      token: sb.token,
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: post_ids",
    });
    const empty = await callRoute(postsStatsRoute.GET, { path: "/api/posts/stats?post_ids=", token: sb.token });
    expect(empty.status).toBe(400);
    const fifty = Array.from({ length: 49 }, (_, i) => `post_x${i}`)
      .concat(first.postId)
      .join(",");
    const ok = await callRoute(postsStatsRoute.GET, { path: `/api/posts/stats?post_ids=${fifty}`, token: sb.token });
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.json.data as object)).toEqual([first.postId]);
    const tooMany = await callRoute(postsStatsRoute.GET, {
      path: `/api/posts/stats?post_ids=${fifty},post_y`,
      token: sb.token,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ status: 400, error: "Bad Request", message: expect.stringContaining("50") });

    const other = await seedSandboxTenant([]);
    const foreign = await callRoute(postsStatsRoute.GET, {
      path: `/api/posts/stats?post_ids=${first.postId},${second.postId}`,
      token: other.token,
    });
    expect(foreign.status).toBe(200);
    expect(foreign.json).toEqual({ data: {} });
    // The same tenant in live sees nothing of its sandbox posts either.
    const { token: live } = await seedKey({ accountId: sb.account.id, environment: "live" });
    expect(
      (await callRoute(postsStatsRoute.GET, { path: `/api/posts/stats?post_ids=${first.postId}`, token: live })).json,
    ).toEqual({ data: {} });
  });
});

// ---------------------------------------------------------------------------------------------------

describe("GET /api/profiles/:id/daily_stats", () => {
  it("one entry per UTC day (its last snapshot), oldest first", async () => {
    const bluesky = sb.profiles.bluesky!;
    await seedSnapshot(bluesky, "2025-03-01T20:00:00.000Z", { followersCount: 12 });
    await seedSnapshot(bluesky, "2025-03-01T08:00:00.000Z", { followersCount: 11 });
    await seedSnapshot(bluesky, "2025-03-02T09:30:00.000Z", { followersCount: 13 });
    await seedSnapshot(bluesky, "2025-03-04T00:00:00.000Z", { followersCount: 15 });
    const res = await callRoute(dailyStatsRoute.GET, {
      path: `/api/profiles/${bluesky.id}/daily_stats?from=2025-03-01&to=2025-03-04`,
      token: sb.token,
      params: { id: bluesky.id },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      profile_id: bluesky.id,
      platform: "bluesky",
      placement_id: null,
      days: [
        {
          date: "2025-03-01",
          placement_id: null,
          stats: { followersCount: 12 },
          platform_stats: {},
          recorded_at: "2025-03-01T20:00:00.000Z",
        },
        {
          date: "2025-03-02",
          placement_id: null,
          stats: { followersCount: 13 },
          platform_stats: {},
          recorded_at: "2025-03-02T09:30:00.000Z",
        },
        {
          date: "2025-03-04",
          placement_id: null,
          stats: { followersCount: 15 },
          platform_stats: {},
          recorded_at: "2025-03-04T00:00:00.000Z",
        },
      ],
    });
    // Without a range: every day, the collected one last.
    const all = await callRoute(dailyStatsRoute.GET, {
      path: `/api/profiles/${bluesky.id}/daily_stats`,
      token: sb.token,
      params: { id: bluesky.id },
    });
    expect(((all.json.data as Json).days as Json[]).map((d) => d.date)).toEqual([
      "2025-03-01",
      "2025-03-02",
      "2025-03-04",
      sbTick.toISOString().slice(0, 10),
    ]);
  });

  it("tiktok reports profile_views under platform_stats", async () => {
    const tiktok = sb.profiles.tiktok!;
    // The collected snapshot has the Display API's keys (no profile views there).
    const collected = (await profileSnapshots(tiktok.id)).at(-1)!;
    expect(Object.keys(collected.stats as Json).sort()).toEqual([
      "follower_count",
      "following_count",
      "likes_count",
      "video_count",
    ]);
    await seedSnapshot(tiktok, "2025-05-01T10:00:00.000Z", { follower_count: 500, profile_views: 42 });
    await seedSnapshot(
      tiktok,
      "2025-05-02T10:00:00.000Z",
      { follower_count: 510 },
      { raw: { follower_count: 510, profile_views: 17 } },
    );
    const res = await callRoute(dailyStatsRoute.GET, {
      path: `/api/profiles/${tiktok.id}/daily_stats?from=2025-05-01&to=2025-05-02`,
      token: sb.token,
      params: { id: tiktok.id },
    });
    expect((res.json.data as Json).days).toEqual([
      {
        date: "2025-05-01",
        placement_id: null,
        stats: { follower_count: 500 },
        platform_stats: { profile_views: 42 },
        recorded_at: "2025-05-01T10:00:00.000Z",
      },
      {
        date: "2025-05-02",
        placement_id: null,
        stats: { follower_count: 510 },
        platform_stats: { profile_views: 17 },
        recorded_at: "2025-05-02T10:00:00.000Z",
      },
    ]);
  });

  it("placement networks: one placement with placement_id; without it one entry per day and placement, by date then placement", async () => {
    const facebook = sb.profiles.facebook!;
    const [page1, page2] = facebook.placements.map((p) => p.externalId!).sort();
    await seedSnapshot(facebook, "2025-06-01T08:00:00.000Z", { fan_count: 1 }, { placementId: page2! });
    await seedSnapshot(facebook, "2025-06-01T09:00:00.000Z", { fan_count: 2 }, { placementId: page1! });
    await seedSnapshot(facebook, "2025-06-01T22:00:00.000Z", { fan_count: 3 }, { placementId: page1! });
    await seedSnapshot(facebook, "2025-06-02T10:00:00.000Z", { fan_count: 4 }, { placementId: page2! });
    const range = "from=2025-06-01&to=2025-06-02";
    const res = await callRoute(dailyStatsRoute.GET, {
      path: `/api/profiles/${facebook.id}/daily_stats?placement_id=${page1}&${range}`,
      token: sb.token,
      params: { id: facebook.id },
    });
    expect(res.status).toBe(200);
    expect(res.json.data).toEqual({
      profile_id: facebook.id,
      platform: "facebook",
      placement_id: page1,
      days: [
        {
          date: "2025-06-01",
          placement_id: page1,
          stats: { fan_count: 3 },
          platform_stats: {},
          recorded_at: "2025-06-01T22:00:00.000Z",
        },
      ],
    });
    const all = await callRoute(dailyStatsRoute.GET, {
      path: `/api/profiles/${facebook.id}/daily_stats?${range}`,
      token: sb.token,
      params: { id: facebook.id },
    });
    expect(all.status).toBe(200);
    expect(all.json.data).toEqual({
      profile_id: facebook.id,
      platform: "facebook",
      placement_id: null,
      days: [
        {
          date: "2025-06-01",
          placement_id: page1,
          stats: { fan_count: 3 },
          platform_stats: {},
          recorded_at: "2025-06-01T22:00:00.000Z",
        },
        {
          date: "2025-06-01",
          placement_id: page2,
          stats: { fan_count: 1 },
          platform_stats: {},
          recorded_at: "2025-06-01T08:00:00.000Z",
        },
        {
          date: "2025-06-02",
          placement_id: page2,
          stats: { fan_count: 4 },
          platform_stats: {},
          recorded_at: "2025-06-02T10:00:00.000Z",
        },
      ],
    });
  });
});
