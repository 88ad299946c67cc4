import { z } from "zod";
import type { ProfileAuth, PublishInput, StatsReading } from "../types";
import { ZInsights, metricsByName, numberOf, partOf } from "../graph/insights";
import { pageCall, pageOf, type Ctx } from "./page";

// Facebook stats (Graph API Page and post insights; keys in lib/schemas/stats.ts).
// Page: the fan and follower counts from the Page node, and the daily Page insights. The deprecated
// page_impressions* and page_fans* are not asked for; their successors are page_media_view (views),
// page_total_media_view_unique (viewers) and page_follows.
// Posts: `{page}_{post}` ids (feed posts, photos) read /{post-id}/insights: post_media_view (views, the
// successor of post_impressions), post_total_media_view_unique, post_clicks, post_reactions_like_total.
// Videos and reels (ids without `_`) read /{video-id}/video_insights. Stories have no post insights.

export const PAGE_STAT_METRICS = [
  "page_media_view",
  "page_views_total",
  "page_post_engagements",
  "page_daily_follows",
  "page_daily_unfollows",
  "page_daily_follows_unique",
  "page_daily_unfollows_unique",
] as const;
const PAGE_EXTRA_METRICS = ["page_total_media_view_unique", "page_follows"];

export const POST_METRICS = [
  "post_media_view",
  "post_total_media_view_unique",
  "post_clicks",
  "post_reactions_like_total",
];
export const VIDEO_METRICS = ["total_video_views", "total_video_reactions_by_type_total"];
export const REEL_METRICS = [
  "blue_reels_play_count",
  "fb_reels_total_plays",
  "post_video_likes_by_reaction_type",
  "post_video_social_actions",
];

const ZPageFields = z
  .object({
    id: z.coerce.string().optional(),
    fan_count: z.number().optional(),
    followers_count: z.number().optional(),
  })
  .loose();

export const facebookProfileStats = async (
  ctx: Ctx,
  input: { auth: ProfileAuth; placement: PublishInput["placement"] },
): Promise<StatsReading> => {
  const page = pageOf(input.placement);
  const fields = await pageCall(ctx, page, page.id, ZPageFields, { query: { fields: "fan_count,followers_count" } });
  const insights = await pageCall(ctx, page, `${page.id}/insights`, ZInsights, {
    query: { metric: [...PAGE_STAT_METRICS, ...PAGE_EXTRA_METRICS].join(","), period: "day" },
  });
  const metrics = metricsByName(insights.data);
  const stats: Record<string, number | null> = {
    fan_count: fields.fan_count ?? null,
    followers_count: fields.followers_count ?? null,
  };
  for (const name of PAGE_STAT_METRICS) stats[name] = numberOf(metrics[name]);
  return {
    stats,
    raw: { fan_count: fields.fan_count ?? null, followers_count: fields.followers_count ?? null, ...metrics },
  };
};

export const facebookPostStats = async (
  ctx: Ctx,
  input: {
    auth: ProfileAuth;
    placement: PublishInput["placement"];
    postExternalId: string;
    params: Record<string, unknown>;
  },
): Promise<StatsReading | null> => {
  const format = input.params.format ?? "post";
  if (format === "story") return null;
  const page = pageOf(input.placement);
  const id = input.postExternalId;
  if (id.includes("_")) {
    const { data } = await pageCall(ctx, page, `${id}/insights`, ZInsights, {
      query: { metric: POST_METRICS.join(",") },
    });
    const raw = metricsByName(data);
    return {
      stats: {
        impressions: numberOf(raw.post_media_view),
        clicks: numberOf(raw.post_clicks),
        likes: numberOf(raw.post_reactions_like_total),
      },
      raw,
    };
  }
  const reel = format === "reel";
  const { data } = await pageCall(ctx, page, `${id}/video_insights`, ZInsights, {
    query: { metric: (reel ? REEL_METRICS : VIDEO_METRICS).join(",") },
  });
  const raw = metricsByName(data);
  const stats = reel
    ? {
        impressions: numberOf(raw.fb_reels_total_plays) ?? numberOf(raw.blue_reels_play_count),
        clicks: null,
        likes: partOf(raw.post_video_likes_by_reaction_type, "REACTION_LIKE"),
      }
    : {
        impressions: numberOf(raw.total_video_views),
        clicks: null,
        likes: partOf(raw.total_video_reactions_by_type_total, "like"),
      };
  return { stats, raw };
};
