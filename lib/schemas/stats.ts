import { z } from "zod";
import { zDay, zTimestamp } from "./common";

// Stats (API reference, tag "Stats": lib/contracts/stats.ts; latest_stats/summary_stats of lib/contracts/profiles.ts).

// `from`/`to`: an ISO 8601 timestamp, or a date (a whole UTC day: `from` its start, `to` its end).
const ZIso = z.union([zTimestamp(), zDay()], { error: "must be an ISO 8601 timestamp or date" }).optional();

export const ZProfileStatsQuery = z.object({
  placement_id: z.string().trim().min(1).optional(),
  from: ZIso,
  to: ZIso,
  profile_group_id: z.string().optional(),
});

// `a,b`, `a&a`, `a[]=…`: one list. Missing is the spec's 400 "param is missing" (a string is expected).
const commaList = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(",") : v),
  z.string().transform((s) =>
    s
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  ),
);

export const ZPostsStatsQuery = z.object({
  post_ids: commaList.pipe(z.array(z.string()).min(1, "can't be empty").max(50, "takes at most 50 ids")),
  profiles: commaList.optional(),
  from: ZIso,
  to: ZIso,
  profile_group_id: z.string().optional(),
});

const ZStats = z.record(z.string(), z.unknown()).describe("values are numbers, strings or null; keys per network");

export const ZStatsRecord = z
  .object({
    stats: ZStats.describe("normalised keys (post stats) or the network's own (profile stats)"),
    raw_stats: z.record(z.string(), z.unknown()).describe("every metric under the network's own name"),
    recorded_at: z.string(),
  })
  .meta({ id: "StatsRecord" });

const ZPlacementOfRecord = z
  .string()
  .nullable()
  .describe("the placement the snapshot is of (facebook, linkedin, telegram); null on other networks");

export const ZProfileStats = z
  .object({
    data: z.object({
      profile_id: z.string(),
      platform: z.string(),
      placement_id: z
        .string()
        .nullable()
        .describe("echo of the request; null when every placement was asked for, and on other networks"),
      records: z.array(ZStatsRecord.extend({ placement_id: ZPlacementOfRecord })).describe("oldest first"),
    }),
  })
  .meta({ id: "ProfileStats" });

export const ZDailyStats = z.object({
  data: z.object({
    profile_id: z.string(),
    platform: z.string(),
    placement_id: z.string().nullable(),
    days: z.array(
      z.object({
        date: z.string().describe("YYYY-MM-DD (UTC)"),
        placement_id: ZPlacementOfRecord,
        stats: ZStats,
        platform_stats: z
          .record(z.string(), z.unknown())
          .describe("network-specific daily metrics (tiktok: profile_views)"),
        recorded_at: z.string().describe("the day's last snapshot"),
      }),
    ),
  }),
});

export const ZPostsStats = z
  .object({
    data: z.record(
      z.string().describe("post id"),
      z.object({
        platforms: z.array(z.object({ profile_id: z.string(), platform: z.string(), records: z.array(ZStatsRecord) })),
      }),
    ),
  })
  .meta({ id: "PostsStats" });

// GET /api/profiles/:id only (lib/contracts/profiles.ts).
export const ZLatestStats = z
  .object({ placement_id: z.string().nullable(), stats: ZStats, recorded_at: z.string() })
  .meta({ id: "LatestStats" });
export type TLatestStats = z.infer<typeof ZLatestStats>;

export const ZProfileStatsSummary = z.object({
  latest_stats: z
    .array(ZLatestStats)
    .describe(
      "one entry per placement on facebook, linkedin, telegram; one with placement_id null on other networks; empty until stats were collected",
    ),
  summary_stats: z
    .record(z.string(), z.number())
    .nullable()
    .describe(
      "placement networks: numeric stats summed across the placements' latest snapshots; null on other networks",
    ),
});
export type TProfileStatsSummary = z.infer<typeof ZProfileStatsSummary>;
