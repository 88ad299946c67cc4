import "server-only";
import { badRequest } from "@/lib/api/errors";
import { groupScope, type Principal } from "@/lib/auth/principal";
import { db, type Prisma } from "@/lib/db/client";
import { PLATFORMS } from "@/lib/schemas/common";
import { getProfileOrThrow } from "@/lib/services/profiles/profiles";
import { PER_PLACEMENT } from "./collect-stats";

// GET /api/profiles/:id/stats, /daily_stats and /api/posts/stats: snapshots oldest first, within
// from/to (inclusive). Placement networks need `placement_id` (400 without it).

type Range = { from?: string; to?: string };
const recordedAt = ({ from, to }: Range): Prisma.DateTimeFilter | undefined =>
  from || to ? { ...(from && { gte: new Date(from) }), ...(to && { lte: new Date(to) }) } : undefined;

const record = (s: { stats: unknown; rawStats: unknown; recordedAt: Date }) => ({
  stats: (s.stats ?? {}) as Record<string, unknown>,
  raw_stats: (s.rawStats ?? {}) as Record<string, unknown>,
  recorded_at: s.recordedAt.toISOString(),
});

const profileSnapshots = async ({ principal, id, placementId, range }: { principal: Principal; id: string; placementId?: string; range: Range }) => {
  const profile = await getProfileOrThrow({ principal, id });
  if (PER_PLACEMENT.has(profile.platform) && !placementId) throw badRequest("param is missing or the value is empty: placement_id");
  const placement = PER_PLACEMENT.has(profile.platform) ? placementId! : null;
  const rows = await db.statSnapshot.findMany({
    where: { profileId: profile.id, platformPostId: null, placementId: placement, recordedAt: recordedAt(range) },
    orderBy: { recordedAt: "asc" },
  });
  return { profile, placement, rows };
};

export const getProfileStats = async (input: { principal: Principal; id: string; placementId?: string; range: Range }) => {
  const { profile, placement, rows } = await profileSnapshots(input);
  return { data: { profile_id: profile.id, platform: profile.platform, placement_id: placement, records: rows.map(record) } };
};

// One entry per UTC day: that day's last snapshot. Network-specific daily metrics (tiktok profile_views)
// go under platform_stats.
const PLATFORM_STATS_KEYS: Record<string, string[]> = { tiktok: ["profile_views"] };

export const getDailyStats = async (input: { principal: Principal; id: string; placementId?: string; range: Range }) => {
  const { profile, placement, rows } = await profileSnapshots(input);
  const byDay = new Map<string, (typeof rows)[number]>();
  for (const row of rows) byDay.set(row.recordedAt.toISOString().slice(0, 10), row);
  const extras = PLATFORM_STATS_KEYS[profile.platform] ?? [];
  const days = [...byDay.entries()].map(([date, row]) => {
    const stats = { ...((row.stats ?? {}) as Record<string, unknown>) };
    const raw = (row.rawStats ?? {}) as Record<string, unknown>;
    const platformStats: Record<string, unknown> = {};
    for (const key of extras) {
      const value = stats[key] ?? raw[key];
      if (value !== undefined) platformStats[key] = value;
      delete stats[key];
    }
    return { date, stats, platform_stats: platformStats, recorded_at: row.recordedAt.toISOString() };
  });
  return { data: { profile_id: profile.id, platform: profile.platform, placement_id: placement, days } };
};

export const getPostsStats = async ({ principal, postIds, profiles, range }: { principal: Principal; postIds: string[]; profiles?: string[]; range: Range }) => {
  const names = (profiles ?? []).filter((p) => (PLATFORMS as readonly string[]).includes(p));
  const ids = (profiles ?? []).filter((p) => !names.includes(p));
  const pps = await db.platformPost.findMany({
    where: {
      postId: { in: postIds },
      post: { ...groupScope(principal), parentId: null },
      ...(profiles?.length && { OR: [{ profileId: { in: ids } }, { platform: { in: names as (typeof PLATFORMS)[number][] } }] }),
    },
    include: { post: { select: { id: true } } },
    orderBy: { createdAt: "asc" },
  });
  const snapshots = await db.statSnapshot.findMany({ where: { platformPostId: { in: pps.map((p) => p.id) }, recordedAt: recordedAt(range) }, orderBy: { recordedAt: "asc" } });
  const data: Record<string, { platforms: { profile_id: string; platform: string; records: ReturnType<typeof record>[] }[] }> = {};
  for (const pp of pps) {
    (data[pp.postId] ??= { platforms: [] }).platforms.push({
      profile_id: pp.profileId,
      platform: pp.platform,
      records: snapshots.filter((s) => s.platformPostId === pp.id).map(record),
    });
  }
  return { data };
};
