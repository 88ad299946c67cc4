import "server-only";
import { groupScope, type Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import { networkMeta } from "@/lib/networks/meta";
import { PLATFORMS, type TPlatform } from "@/lib/schemas/common";
import { serializeStatsRecord, type PostStats, type StatSnapshot, type StatsDay } from "@/lib/serializers/stats";
import { getProfileOrThrow } from "@/lib/services/profiles/profiles";
import { statsPerPlacement } from "./collect-stats";

// GET /api/profiles/:id/stats, /daily_stats and /api/posts/stats: snapshots oldest first, within
// from/to (inclusive). On placement networks (facebook, linkedin, telegram) `placement_id` picks one
// placement's series; without it (the spec makes it optional) every placement's series comes back
// interleaved in time, each record and day carrying its own `placement_id` (null off placement networks).
// GET /api/profiles/:id adds the latest snapshots (latestStatsOf). They answer snapshot rows; routes render
// them (lib/serializers/stats.ts).

type Range = { from?: string; to?: string };
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 60 * 60 * 1000;
// A date alone is a whole UTC day: `from` its first instant, `to` its last.
const instant = (value: string, edge: "start" | "end") =>
  DATE_ONLY.test(value) && edge === "end"
    ? new Date(Date.parse(`${value}T00:00:00Z`) + DAY_MS - 1)
    : new Date(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
const recordedAt = ({ from, to }: Range): Prisma.DateTimeFilter | undefined =>
  from || to ? { ...(from && { gte: instant(from, "start") }), ...(to && { lte: instant(to, "end") }) } : undefined;

const statsOf = (s: Pick<StatSnapshot, "stats">) => ({ ...((s.stats ?? {}) as Record<string, unknown>) });

const profileSnapshots = async ({
  principal,
  id,
  placementId,
  range,
}: {
  principal: Principal;
  id: string;
  placementId?: string;
  range: Range;
}) => {
  const profile = await getProfileOrThrow({ principal, id });
  const placement = statsPerPlacement(profile.platform) ? (placementId ?? null) : null;
  // Without placement_id on a placement network: every placement's snapshots.
  const placementFilter = statsPerPlacement(profile.platform) && !placement ? {} : { placementId: placement };
  const rows = await db.statSnapshot.findMany({
    where: { profileId: profile.id, platformPostId: null, ...placementFilter, recordedAt: recordedAt(range) },
    orderBy: [{ recordedAt: "asc" }, { placementId: "asc" }, { id: "asc" }],
  });
  return { profile, placement, rows };
};

export const getProfileStats = profileSnapshots;

// One entry per UTC day (and placement, when every placement is asked for): that day's last snapshot,
// by date then placement. Network-specific daily metrics (`stats.dailyExtras` in the network's meta) go
// under platform_stats.

export const getDailyStats = async (input: {
  principal: Principal;
  id: string;
  placementId?: string;
  range: Range;
}) => {
  const { profile, placement, rows } = await profileSnapshots(input);
  const byDay = new Map<string, (typeof rows)[number]>();
  // oldest first: the last one of a day wins
  for (const row of rows)
    byDay.set(JSON.stringify([row.recordedAt.toISOString().slice(0, 10), row.placementId ?? ""]), row);
  const extras = networkMeta(profile.platform).stats?.dailyExtras ?? [];
  const entries = [...byDay.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const days = entries.map(([key, row]): StatsDay => {
    const [date] = JSON.parse(key) as [string, string];
    const stats = statsOf(row);
    const raw = (row.rawStats ?? {}) as Record<string, unknown>;
    const platformStats: Record<string, unknown> = {};
    for (const key of extras) {
      const value = stats[key] ?? raw[key];
      if (value !== undefined) platformStats[key] = value;
      delete stats[key];
    }
    return { date, placementId: row.placementId, stats, platformStats, recordedAt: row.recordedAt };
  });
  return { profile, placement, days };
};

const isPlatform = (value: string): value is TPlatform => (PLATFORMS as readonly string[]).includes(value);

export const getPostsStats = async ({
  principal,
  postIds,
  profiles,
  range,
}: {
  principal: Principal;
  postIds: string[];
  profiles?: string[];
  range: Range;
}): Promise<PostStats[]> => {
  const names = (profiles ?? []).filter(isPlatform);
  const ids = (profiles ?? []).filter((p) => !isPlatform(p));
  const pps = await db.platformPost.findMany({
    where: {
      postId: { in: postIds },
      post: { ...groupScope(principal), parentId: null },
      ...(profiles?.length && { OR: [{ profileId: { in: ids } }, { platform: { in: names } }] }),
    },
    select: { id: true, postId: true, profileId: true, platform: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const snapshots = await db.statSnapshot.findMany({
    where: { platformPostId: { in: pps.map((p) => p.id) }, recordedAt: recordedAt(range) },
    orderBy: [{ recordedAt: "asc" }, { id: "asc" }],
  });
  const byPlatformPost = new Map<string, typeof snapshots>();
  for (const s of snapshots) {
    const list = byPlatformPost.get(s.platformPostId!) ?? [];
    list.push(s);
    byPlatformPost.set(s.platformPostId!, list);
  }
  // In the order asked for, each once; unknown ids (or another tenant's) are left out.
  return [...new Set(postIds)].flatMap((postId) => {
    const mine = pps.filter((pp) => pp.postId === postId);
    return mine.length === 0
      ? []
      : [
          {
            postId,
            platforms: mine.map((pp) => ({
              profileId: pp.profileId,
              platform: pp.platform,
              snapshots: byPlatformPost.get(pp.id) ?? [],
            })),
          },
        ];
  });
};

// GET /api/profiles/:id (lib/contracts/profiles.ts): each placement's latest snapshot on placement networks
// (the placements the profile has now, in their order), else the profile's latest one; `summed` on
// placement networks (their numeric stats are summed across those snapshots when rendered).
export const latestStatsOf = async (profile: {
  id: string;
  platform: TPlatform;
}): Promise<{ latest: StatSnapshot[]; summed: boolean }> => {
  const latest = (placementId: string | null) =>
    db.statSnapshot.findFirst({
      where: { profileId: profile.id, platformPostId: null, placementId },
      orderBy: [{ recordedAt: "desc" }, { id: "desc" }],
    });
  if (!statsPerPlacement(profile.platform)) {
    const snap = await latest(null);
    return { latest: snap ? [snap] : [], summed: false };
  }
  const placements = await db.placement.findMany({
    where: { profileId: profile.id, externalId: { not: null } },
    select: { externalId: true },
    orderBy: [{ position: "asc" }, { id: "asc" }],
  });
  const snaps = await Promise.all(placements.map((p) => latest(p.externalId)));
  return { latest: snaps.filter((snap) => snap !== null), summed: true };
};

// GET /api/profiles/:id: the caller's profile (404 otherwise) and its latest stats.
export const getProfileWithLatestStats = async ({ principal, id }: { principal: Principal; id: string }) => {
  const profile = await getProfileOrThrow({ principal, id });
  return { profile, stats: await latestStatsOf(profile) };
};

// The admin profile page: the profile, its placements with stats (placement networks), the one shown
// (`placement`, else the first) and that series' latest `limit` snapshots, oldest first.
export const getProfileStatsView = async ({
  principal,
  id,
  placement,
  limit = 120,
}: {
  principal: Principal;
  id: string;
  placement?: string;
  limit?: number;
}) => {
  const profile = await getProfileOrThrow({ principal, id });
  const perPlacement = statsPerPlacement(profile.platform);
  const placements = perPlacement
    ? (
        await db.placement.findMany({
          where: { profileId: profile.id, externalId: { not: null } },
          select: { externalId: true, name: true },
          orderBy: [{ position: "asc" }, { id: "asc" }],
        })
      ).map((p) => ({ id: p.externalId!, name: p.name }))
    : null;
  const selected = placements ? (placements.find((p) => p.id === placement)?.id ?? placements[0]?.id ?? null) : null;
  const rows =
    placements && !selected
      ? []
      : await db.statSnapshot.findMany({
          where: { profileId: profile.id, platformPostId: null, placementId: selected },
          orderBy: [{ recordedAt: "desc" }, { id: "desc" }],
          take: limit,
        });
  return { profile, placements, selectedPlacement: selected, records: rows.reverse().map(serializeStatsRecord) };
};

// The admin post page: the post's networks that have snapshots, each with its profile's name.
export const getPostStatsView = async ({ principal, postId }: { principal: Principal; postId: string }) => {
  const [post] = await getPostsStats({ principal, postIds: [postId], range: {} });
  const platforms = (post?.platforms ?? []).filter((p) => p.snapshots.length > 0);
  const profiles = platforms.length
    ? await db.profile.findMany({
        where: { AND: [groupScope(principal), { id: { in: platforms.map((p) => p.profileId) } }] },
        select: { id: true, name: true },
      })
    : [];
  const names = new Map(profiles.map((p) => [p.id, p.name]));
  return platforms.map((p) => ({
    profile_id: p.profileId,
    platform: p.platform as TPlatform,
    records: p.snapshots.map(serializeStatsRecord),
    profile_name: names.get(p.profileId) ?? null,
  }));
};
