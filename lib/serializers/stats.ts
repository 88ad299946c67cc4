import type { z } from "zod";
import type { TLatestStats, TProfileStatsSummary, ZDailyStats, ZPostsStats, ZProfileStats } from "@/lib/schemas/stats";

// Stat snapshots as the stats endpoints answer them (lib/contracts/stats.ts, lib/contracts/profiles.ts); the services
// (lib/services/stats/read-stats.ts) answer the snapshot rows.

export type StatSnapshot = { stats: unknown; rawStats: unknown; recordedAt: Date; placementId: string | null };
type ProfileRef = { id: string; platform: string };

const statsOf = (s: Pick<StatSnapshot, "stats">) => (s.stats ?? {}) as Record<string, unknown>;

export const serializeStatsRecord = (s: Omit<StatSnapshot, "placementId">) => ({
  stats: statsOf(s),
  raw_stats: (s.rawStats ?? {}) as Record<string, unknown>,
  recorded_at: s.recordedAt.toISOString(),
});

// GET /api/profiles/:id/stats: the series asked for, oldest first.
export const serializeProfileStats = ({
  profile,
  placement,
  rows,
}: {
  profile: ProfileRef;
  placement: string | null;
  rows: StatSnapshot[];
}): z.input<typeof ZProfileStats> => ({
  data: {
    profile_id: profile.id,
    platform: profile.platform,
    placement_id: placement,
    records: rows.map((s) => ({ placement_id: s.placementId, ...serializeStatsRecord(s) })),
  },
});

export type StatsDay = {
  date: string;
  placementId: string | null;
  stats: Record<string, unknown>;
  platformStats: Record<string, unknown>;
  recordedAt: Date;
};

// GET /api/profiles/:id/daily_stats: one entry per UTC day (and placement).
export const serializeDailyStats = ({
  profile,
  placement,
  days,
}: {
  profile: ProfileRef;
  placement: string | null;
  days: StatsDay[];
}): z.input<typeof ZDailyStats> => ({
  data: {
    profile_id: profile.id,
    platform: profile.platform,
    placement_id: placement,
    days: days.map((d) => ({
      date: d.date,
      placement_id: d.placementId,
      stats: d.stats,
      platform_stats: d.platformStats,
      recorded_at: d.recordedAt.toISOString(),
    })),
  },
});

export type PostStats = {
  postId: string;
  platforms: { profileId: string; platform: string; snapshots: Omit<StatSnapshot, "placementId">[] }[];
};

// GET /api/posts/stats: by post id, in the order asked for.
export const serializePostsStats = (posts: PostStats[]): z.input<typeof ZPostsStats> => ({
  data: Object.fromEntries(
    posts.map((p) => [
      p.postId,
      {
        platforms: p.platforms.map((pp) => ({
          profile_id: pp.profileId,
          platform: pp.platform,
          records: pp.snapshots.map(serializeStatsRecord),
        })),
      },
    ]),
  ),
});

// GET /api/profiles/:id: the latest snapshot per placement (or of the profile) and, on placement
// networks, the numeric stats summed across them.
export const serializeLatestStats = ({
  latest,
  summed,
}: {
  latest: StatSnapshot[];
  summed: boolean;
}): TProfileStatsSummary => {
  const entries: TLatestStats[] = latest.map((snap) => ({
    placement_id: snap.placementId,
    stats: statsOf(snap),
    recorded_at: snap.recordedAt.toISOString(),
  }));
  if (!summed) return { latest_stats: entries, summary_stats: null };
  const summary: Record<string, number> = {};
  for (const entry of entries) {
    for (const [key, value] of Object.entries(entry.stats)) {
      if (typeof value === "number" && Number.isFinite(value)) summary[key] = (summary[key] ?? 0) + value;
    }
  }
  return { latest_stats: entries, summary_stats: summary };
};
