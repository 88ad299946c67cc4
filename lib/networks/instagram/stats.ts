import { z } from "zod";
import type { ProfileAuth, PublishInput, StatsReading } from "../types";
import { ZInsights, metricsByName, numberOf, seriesSum, unixSeconds } from "../graph/insights";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import { FEED_MEDIA_METRICS, REEL_MEDIA_METRICS, type AccountInsightMetric } from "./insight-metrics";
import { igUserOf, instagramApi, type Ctx } from "./settings";

// Instagram stats (Instagram Graph API insights; keys in lib/schemas/stats.ts).
// Account: followers_count, follows_count and media_count from the account node, then for each window
// (1, 7, 14 and 30 days) GET /{ig-id}/insights?metric=…&period=day&metric_type=total_value&since&until,
// giving reach_7d, profile_views_7d, …, and follower_count (new followers per day, a series) summed over
// each window. `impressions` is deprecated (v22+), so post impressions are `views`.
// Media: /{media-id}/insights with the metrics the media's product type supports (profile_visits and
// follows exist for feed media only). Stories have none.

export const ACCOUNT_METRICS: readonly AccountInsightMetric[] = [
  "reach",
  "profile_views",
  "accounts_engaged",
  "total_interactions",
  "website_clicks",
];
export const WINDOWS_DAYS = [1, 7, 14, 30] as const;
// Feed media: every metric but profile_activity (a breakdown by action type the readings do not keep).
export const FEED_METRICS = FEED_MEDIA_METRICS.filter((m) => m !== "profile_activity");
export const REEL_METRICS = REEL_MEDIA_METRICS;

const DAY_MS = 24 * 3600_000;
const ZAccount = z
  .object({
    followers_count: z.number().optional(),
    follows_count: z.number().optional(),
    media_count: z.number().optional(),
  })
  .loose();
const ZMediaKind = z.object({ media_type: z.string().optional(), media_product_type: z.string().optional() }).loose();

type Query = Record<string, string | number>;
const read = <S extends z.ZodType>(ctx: Ctx, auth: ProfileAuth, path: string, query: Query, schema: S) =>
  graphRequest(
    ctx,
    instagramApi,
    { url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, path), query, token: requireToken(auth) },
    schema,
  );

export const instagramProfileStats = async (
  ctx: Ctx,
  { auth }: { auth: ProfileAuth; placement: PublishInput["placement"] },
): Promise<StatsReading> => {
  const user = igUserOf(auth);
  const account = await read(ctx, auth, user, { fields: "followers_count,follows_count,media_count" }, ZAccount);
  const until = Date.now();
  const counts = {
    followers_count: account.followers_count ?? null,
    follows_count: account.follows_count ?? null,
    media_count: account.media_count ?? null,
  };
  const stats: Record<string, number | null> = { ...counts };
  const windows: Record<string, Record<string, unknown>> = {};
  for (const days of WINDOWS_DAYS) {
    const { data } = await read(
      ctx,
      auth,
      `${user}/insights`,
      {
        metric: ACCOUNT_METRICS.join(","),
        period: "day",
        metric_type: "total_value",
        since: unixSeconds(until - days * DAY_MS),
        until: unixSeconds(until),
      },
      ZInsights,
    );
    const values = metricsByName(data);
    windows[`${days}d`] = values;
    for (const name of ACCOUNT_METRICS) stats[`${name}_${days}d`] = numberOf(values[name]);
  }
  const followers = await read(
    ctx,
    auth,
    `${user}/insights`,
    { metric: "follower_count", period: "day", since: unixSeconds(until - 30 * DAY_MS), until: unixSeconds(until) },
    ZInsights,
  );
  const series = followers.data.find((m) => m.name === "follower_count");
  for (const days of WINDOWS_DAYS) stats[`follower_count_${days}d`] = seriesSum(series, days);
  return { stats, raw: { ...counts, insights: windows, follower_count: series?.values ?? [] } };
};

export const instagramPostStats = async (
  ctx: Ctx,
  input: {
    auth: ProfileAuth;
    placement: PublishInput["placement"];
    postExternalId: string;
    params: Record<string, unknown>;
  },
): Promise<StatsReading | null> => {
  if (input.params.format === "story") return null;
  const kind = await read(
    ctx,
    input.auth,
    input.postExternalId,
    { fields: "media_type,media_product_type" },
    ZMediaKind,
  );
  if (kind.media_product_type === "STORY") return null;
  const reel = kind.media_product_type === "REELS";
  const { data } = await read(
    ctx,
    input.auth,
    `${input.postExternalId}/insights`,
    { metric: (reel ? REEL_METRICS : FEED_METRICS).join(",") },
    ZInsights,
  );
  const raw = metricsByName(data);
  return {
    stats: {
      impressions: numberOf(raw.views),
      likes: numberOf(raw.likes),
      comments: numberOf(raw.comments),
      saved: numberOf(raw.saved),
      profile_visits: numberOf(raw.profile_visits),
      follows: numberOf(raw.follows),
    },
    raw: { ...raw, media_product_type: kind.media_product_type ?? null },
  };
};
