import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, describe, expect, it } from "vitest";
import * as profileRoute from "@/app/api/profiles/[id]/route";
import * as dailyStatsRoute from "@/app/api/profiles/[id]/daily_stats/route";
import * as profileStatsRoute from "@/app/api/profiles/[id]/stats/route";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";
import { seedKey } from "@/testing/seed";
import { HOUR, type Json, profileSnapshots, sandboxTenant, seedSnapshot, useStatsRunner } from "@/testing/stats";

// Reading stats (lib/services/stats/read-stats.ts) through the routes: GET /api/profiles/:id
// (latest_stats, summary_stats), /stats and /daily_stats. Each test seeds its own sandbox tenant,
// collected once by the scheduled function, plus the snapshots it needs. GET /api/posts/stats is in
// posts-stats.test.ts.

await useOwnDatabase("stats_read");
afterAll(() => db.$disconnect());

const runner = useStatsRunner();

// A sandbox tenant (facebook with two pages, telegram, bluesky, tiktok) collected at `collectedAt`.
const collected = async () => {
  const sb = await sandboxTenant();
  return { sb, collectedAt: await runner.tick() };
};

const getProfile = (token: string, id: string) =>
  callRoute(profileRoute.GET, { path: `/api/profiles/${id}`, token, params: { id } });
const getStats = (token: string, id: string, query = "") =>
  callRoute(profileStatsRoute.GET, { path: `/api/profiles/${id}/stats${query}`, token, params: { id } });
const getDaily = (token: string, id: string, query = "") =>
  callRoute(dailyStatsRoute.GET, { path: `/api/profiles/${id}/daily_stats${query}`, token, params: { id } });

describe("GET /api/profiles/:id latest stats", () => {
  it("before any collection a placement network has no latest stats and an empty summary", async () => {
    const sb = await sandboxTenant();
    const res = await getProfile(sb.token, sb.profiles.facebook!.id);
    expect(res.json).toMatchObject({ latest_stats: [], summary_stats: {} });
  });

  it("a placement network has each placement's latest snapshot, in placement order, and sums their numeric stats", async () => {
    const { sb, collectedAt } = await collected();
    const facebook = sb.profiles.facebook!;
    const [page1, page2] = [...facebook.placements].sort((a, b) => a.position - b.position);
    // A newer snapshot of page 1 replaces its collected one; an older one of page 2 does not.
    const newer = new Date(collectedAt.getTime() + 5 * 60_000).toISOString();
    await seedSnapshot(
      facebook,
      newer,
      { fan_count: 10, followers_count: 20, page_views_total: 3, label: "x" },
      { placementId: page1!.externalId! },
    );
    await seedSnapshot(
      facebook,
      new Date(collectedAt.getTime() - HOUR).toISOString(),
      { fan_count: 1, followers_count: 1 },
      { placementId: page2!.externalId! },
    );
    const page2Latest = (await profileSnapshots(facebook.id))
      .filter((s) => s.placementId === page2!.externalId)
      .at(-1)!;
    const p2 = page2Latest.stats as Json;

    const res = await getProfile(sb.token, facebook.id);
    expect(res.status).toBe(200);
    expect(res.json.latest_stats).toEqual([
      {
        placement_id: page1!.externalId,
        stats: { fan_count: 10, followers_count: 20, page_views_total: 3, label: "x" },
        recorded_at: newer,
      },
      { placement_id: page2!.externalId, stats: p2, recorded_at: collectedAt.toISOString() },
    ]);
    const summary = res.json.summary_stats as Json;
    expect(summary).not.toHaveProperty("label");
    expect(summary).toMatchObject({
      fan_count: 10 + p2.fan_count,
      followers_count: 20 + p2.followers_count,
      page_views_total: 3 + p2.page_views_total,
    });
    expect(summary).toHaveProperty("page_post_engagements", p2.page_post_engagements); // only page 2 has it
  });

  it("the summary leaves out stats that are not numbers (telegram's channel title and username)", async () => {
    const { sb } = await collected();
    const tg = await getProfile(sb.token, sb.profiles.telegram!.id);
    const tgStats = (tg.json.latest_stats as Json[])[0]!.stats as Json;
    expect(tg.json.summary_stats).toEqual({ followers_count: tgStats.followers_count });
  });

  it("a network without placements has one latest entry with placement_id null and no summary", async () => {
    const { sb, collectedAt } = await collected();
    const bsky = await getProfile(sb.token, sb.profiles.bluesky!.id);
    expect(bsky.json).toMatchObject({
      latest_stats: [{ placement_id: null, recorded_at: collectedAt.toISOString() }],
      summary_stats: null,
    });
  });
});

describe("GET /api/profiles/:id/stats", () => {
  // Three older snapshots of the telegram channel, written out of order, before the collected one.
  const telegramSeries = async () => {
    const { sb, collectedAt } = await collected();
    const telegram = sb.profiles.telegram!;
    const chat = telegram.placements[0]!.externalId!;
    const day = (n: number) => new Date(collectedAt.getTime() - n * 24 * HOUR).toISOString();
    for (const [n, followers] of [
      [2, 102],
      [3, 101],
      [1, 103],
    ] as const)
      await seedSnapshot(
        telegram,
        day(n),
        { followers_count: followers, channel_title: "C", channel_username: "c" },
        { placementId: chat },
      );
    const query = (extra = "") => `?placement_id=${encodeURIComponent(chat)}${extra}`;
    return { sb, telegram, chat, day, query, collectedAt };
  };

  it("without placement_id a placement network answers every placement's snapshots, each naming its placement", async () => {
    const { sb } = await collected();
    const facebook = sb.profiles.facebook!;
    const pages = facebook.placements.map((p) => p.externalId!);
    const every = await getStats(sb.token, facebook.id);
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
  });

  it("with placement_id only that placement's snapshots", async () => {
    const { sb } = await collected();
    const facebook = sb.profiles.facebook!;
    const page = facebook.placements[0]!.externalId!;
    const one = await getStats(sb.token, facebook.id, `?placement_id=${page}`);
    const records = (one.json.data as Json).records as Json[];
    expect(records.length).toBe((await profileSnapshots(facebook.id)).filter((s) => s.placementId === page).length);
    expect(records.every((r) => r.placement_id === page)).toBe(true);
  });

  it("a placement's series comes oldest first, each record with stats, raw_stats and recorded_at", async () => {
    const { sb, telegram, chat, day, query, collectedAt } = await telegramSeries();
    const all = await getStats(sb.token, telegram.id, query());
    expect(all.status).toBe(200);
    const data = all.json.data as Json;
    expect(data).toMatchObject({ profile_id: telegram.id, platform: "telegram", placement_id: chat });
    expect(data.records.map((r: Json) => r.recorded_at)).toEqual([day(3), day(2), day(1), collectedAt.toISOString()]);
    expect(data.records[0]).toEqual({
      placement_id: chat,
      stats: { followers_count: 101, channel_title: "C", channel_username: "c" },
      raw_stats: { followers_count: 101, channel_title: "C", channel_username: "c" },
      recorded_at: day(3),
    });
  });

  it("from and to are inclusive", async () => {
    const { sb, telegram, day, query } = await telegramSeries();
    const range = `&from=${encodeURIComponent(day(2))}&to=${encodeURIComponent(day(1))}`;
    const ranged = await getStats(sb.token, telegram.id, query(range));
    expect((ranged.json.data as Json).records.map((r: Json) => (r.stats as Json).followers_count)).toEqual([102, 103]);
  });

  it("a date alone as from and to is the whole UTC day", async () => {
    const { sb, telegram, day, query } = await telegramSeries();
    const dateOnly = day(1).slice(0, 10);
    const byDate = await getStats(sb.token, telegram.id, query(`&from=${dateOnly}&to=${dateOnly}`));
    expect((byDate.json.data as Json).records.map((r: Json) => r.recorded_at)).toEqual([day(1)]);
  });

  it("a from that is not a date or time is a 400 naming it", async () => {
    const { sb, telegram, query } = await telegramSeries();
    const bad = await getStats(sb.token, telegram.id, query("&from=yesterday"));
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status: 400, error: "Bad Request", message: expect.stringContaining("from") });
  });

  it("a placement id the profile does not have answers its own, empty, series", async () => {
    const { sb, telegram } = await telegramSeries();
    const other = await getStats(sb.token, telegram.id, "?placement_id=-100123");
    expect(other.json.data).toMatchObject({ placement_id: "-100123", records: [] });
  });
});

describe("stats tenancy", () => {
  it("another tenant's profile is 404 on the profile, its stats and its daily stats", async () => {
    const { sb } = await collected();
    const other = await seedSandboxTenant([]);
    const telegram = sb.profiles.telegram!;
    const chat = encodeURIComponent(telegram.placements[0]!.externalId!);
    expect((await getProfile(other.token, telegram.id)).status).toBe(404);
    expect((await getStats(other.token, telegram.id, `?placement_id=${chat}`)).status).toBe(404);
    expect((await getDaily(other.token, telegram.id, `?placement_id=${chat}`)).status).toBe(404);
  });

  it("a key scoped to another profile group of the account gets 404 for the profile's stats", async () => {
    const { sb } = await collected();
    const telegram = sb.profiles.telegram!;
    const group = await db.profileGroup.create({
      data: { id: newId("profileGroup"), accountId: sb.account.id, environment: "sandbox", name: "Other group" },
    });
    const { token: scoped } = await seedKey({
      accountId: sb.account.id,
      environment: "sandbox",
      kind: "scoped",
      profileGroupId: group.id,
    });
    const res = await getStats(scoped, telegram.id, `?placement_id=${telegram.placements[0]!.externalId!}`);
    expect(res.status).toBe(404);
  });
});

describe("GET /api/profiles/:id/daily_stats", () => {
  const blueskyDays = async () => {
    const { sb, collectedAt } = await collected();
    const bluesky = sb.profiles.bluesky!;
    await seedSnapshot(bluesky, "2025-03-01T20:00:00.000Z", { followersCount: 12 });
    await seedSnapshot(bluesky, "2025-03-01T08:00:00.000Z", { followersCount: 11 });
    await seedSnapshot(bluesky, "2025-03-02T09:30:00.000Z", { followersCount: 13 });
    await seedSnapshot(bluesky, "2025-03-04T00:00:00.000Z", { followersCount: 15 });
    return { sb, bluesky, collectedAt };
  };

  it("one entry per UTC day with that day's last snapshot, oldest first", async () => {
    const { sb, bluesky } = await blueskyDays();
    const res = await getDaily(sb.token, bluesky.id, "?from=2025-03-01&to=2025-03-04");
    expect(res.status).toBe(200);
    const day = (date: string, followersCount: number, recorded_at: string) => ({
      date,
      placement_id: null,
      stats: { followersCount },
      platform_stats: {},
      recorded_at,
    });
    expect(res.json.data).toEqual({
      profile_id: bluesky.id,
      platform: "bluesky",
      placement_id: null,
      days: [
        day("2025-03-01", 12, "2025-03-01T20:00:00.000Z"),
        day("2025-03-02", 13, "2025-03-02T09:30:00.000Z"),
        day("2025-03-04", 15, "2025-03-04T00:00:00.000Z"),
      ],
    });
  });

  it("without a range every day is listed, up to the latest collection", async () => {
    const { sb, bluesky, collectedAt } = await blueskyDays();
    const all = await getDaily(sb.token, bluesky.id);
    expect(((all.json.data as Json).days as Json[]).map((d) => d.date)).toEqual([
      "2025-03-01",
      "2025-03-02",
      "2025-03-04",
      collectedAt.toISOString().slice(0, 10),
    ]);
  });

  it("tiktok reports profile_views under platform_stats, from stats or raw stats", async () => {
    const { sb } = await collected();
    const tiktok = sb.profiles.tiktok!;
    await seedSnapshot(tiktok, "2025-05-01T10:00:00.000Z", { follower_count: 500, profile_views: 42 });
    await seedSnapshot(
      tiktok,
      "2025-05-02T10:00:00.000Z",
      { follower_count: 510 },
      { raw: { follower_count: 510, profile_views: 17 } },
    );
    const res = await getDaily(sb.token, tiktok.id, "?from=2025-05-01&to=2025-05-02");
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

  describe("on a placement network", () => {
    const facebookDays = async () => {
      const { sb } = await collected();
      const facebook = sb.profiles.facebook!;
      const [page1, page2] = facebook.placements.map((p) => p.externalId!).sort();
      await seedSnapshot(facebook, "2025-06-01T08:00:00.000Z", { fan_count: 1 }, { placementId: page2! });
      await seedSnapshot(facebook, "2025-06-01T09:00:00.000Z", { fan_count: 2 }, { placementId: page1! });
      await seedSnapshot(facebook, "2025-06-01T22:00:00.000Z", { fan_count: 3 }, { placementId: page1! });
      await seedSnapshot(facebook, "2025-06-02T10:00:00.000Z", { fan_count: 4 }, { placementId: page2! });
      return { sb, facebook, page1: page1!, page2: page2!, range: "from=2025-06-01&to=2025-06-02" };
    };
    const day = (date: string, placement_id: string, fan_count: number, recorded_at: string) => ({
      date,
      placement_id,
      stats: { fan_count },
      platform_stats: {},
      recorded_at,
    });

    it("placement_id gives that placement's days only", async () => {
      const { sb, facebook, page1, range } = await facebookDays();
      const res = await getDaily(sb.token, facebook.id, `?placement_id=${page1}&${range}`);
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual({
        profile_id: facebook.id,
        platform: "facebook",
        placement_id: page1,
        days: [day("2025-06-01", page1, 3, "2025-06-01T22:00:00.000Z")],
      });
    });

    it("without placement_id one entry per day and placement, by date then placement", async () => {
      const { sb, facebook, page1, page2, range } = await facebookDays();
      const all = await getDaily(sb.token, facebook.id, `?${range}`);
      expect(all.status).toBe(200);
      expect(all.json.data).toEqual({
        profile_id: facebook.id,
        platform: "facebook",
        placement_id: null,
        days: [
          day("2025-06-01", page1, 3, "2025-06-01T22:00:00.000Z"),
          day("2025-06-01", page2, 1, "2025-06-01T08:00:00.000Z"),
          day("2025-06-02", page2, 4, "2025-06-02T10:00:00.000Z"),
        ],
      });
    });
  });
});
