import { z } from "zod";

// Stats (networks-and-messaging "Placements and stats"; client-compat 6.5).

const ZIso = (field: string) => z.iso.datetime({ offset: true, error: `${field} must be an ISO 8601 timestamp` }).optional();

export const ZProfileStatsQuery = z.object({
  placement_id: z.string().trim().min(1).optional(),
  from: ZIso("from"),
  to: ZIso("to"),
  profile_group_id: z.string().optional(),
});

const commaList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).map((s) => s.trim()).filter(Boolean));

export const ZPostsStatsQuery = z.object({
  post_ids: commaList.pipe(z.array(z.string()).min(1, "post_ids can't be empty").max(50, "post_ids takes at most 50 ids")),
  profiles: commaList.optional(),
  from: ZIso("from"),
  to: ZIso("to"),
  profile_group_id: z.string().optional(),
});

export const ZStatsRecord = z
  .object({ stats: z.record(z.string(), z.unknown()), raw_stats: z.record(z.string(), z.unknown()), recorded_at: z.string() })
  .meta({ id: "StatsRecord" });

export const ZProfileStats = z.object({
  data: z.object({ profile_id: z.string(), platform: z.string(), placement_id: z.string().nullable(), records: z.array(ZStatsRecord) }),
});

export const ZDailyStats = z.object({
  data: z.object({
    profile_id: z.string(),
    platform: z.string(),
    placement_id: z.string().nullable(),
    days: z.array(z.object({ date: z.string(), stats: z.record(z.string(), z.unknown()), platform_stats: z.record(z.string(), z.unknown()), recorded_at: z.string() })),
  }),
});

export const ZPostsStats = z.object({
  data: z.record(z.string(), z.object({ platforms: z.array(z.object({ profile_id: z.string(), platform: z.string(), records: z.array(ZStatsRecord) })) })),
});
