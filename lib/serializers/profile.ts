import type { TPlacement, TProfile, TProfileDetail } from "@/lib/schemas/profiles";
import type { TProfileStatsSummary } from "@/lib/schemas/stats";

type ProfileRow = {
  id: string;
  name: string;
  platform: TProfile["platform"];
  status: TProfile["status"];
  profileGroupId: string;
  expiresAt: Date | null;
  avatarUrl: string | null;
  username: string | null;
  createdAt: Date;
};

// Never carries tokens or credentials.
export const serializeProfile = (p: ProfileRow, { postCount = 0 }: { postCount?: number } = {}): TProfile => ({
  id: p.id,
  name: p.name,
  platform: p.platform,
  status: p.status,
  profile_group_id: p.profileGroupId,
  expires_at: p.expiresAt?.toISOString() ?? null,
  post_count: postCount,
  avatar_url: p.avatarUrl,
  username: p.username,
  created_at: p.createdAt.toISOString(),
});

// GET /api/profiles/:id: the profile with its latest stats (lib/services/stats/read-stats latestStatsOf).
export const serializeProfileDetail = (
  p: ProfileRow,
  stats: TProfileStatsSummary,
  options: { postCount?: number } = {},
): TProfileDetail => ({
  ...serializeProfile(p, options),
  latest_stats: stats.latest_stats,
  summary_stats: stats.summary_stats,
});

export const serializePlacement = (p: {
  externalId: string | null;
  name: string;
  avatarUrl: string | null;
  metadata: unknown;
}): TPlacement => ({
  id: p.externalId,
  name: p.name,
  avatar_url: p.avatarUrl,
  metadata: (p.metadata ?? {}) as Record<string, unknown>,
});
