// The insight metrics the Instagram Graph API accepts today (Meta's reference: "Instagram User Insights"
// and "Instagram Media Insights"); a deprecated one (impressions, …) fails the whole call with code 100.
// The connector (stats.ts) asks for some of them; the tests' Graph fake accepts exactly these.

// GET /{ig-user-id}/insights, period=day.
export const ACCOUNT_INSIGHT_METRICS = [
  "reach",
  "profile_views",
  "accounts_engaged",
  "total_interactions",
  "website_clicks",
  "views",
  "likes",
  "comments",
  "shares",
  "saves",
  "follower_count",
] as const;
export type AccountInsightMetric = (typeof ACCOUNT_INSIGHT_METRICS)[number];

// The account metrics answered only with metric_type=total_value: all but reach (either way) and
// follower_count (only as a daily series, without it).
export const TOTAL_VALUE_ONLY_METRICS: readonly AccountInsightMetric[] = ACCOUNT_INSIGHT_METRICS.filter(
  (m) => m !== "reach" && m !== "follower_count",
);

// GET /{ig-media-id}/insights, by the media's product type.
const INTERACTIONS = ["views", "reach", "likes", "comments", "shares", "saved", "total_interactions"] as const;
export const FEED_MEDIA_METRICS = [...INTERACTIONS, "profile_visits", "follows", "profile_activity"] as const;
export const REEL_MEDIA_METRICS = [
  ...INTERACTIONS,
  "ig_reels_avg_watch_time",
  "ig_reels_video_view_total_time",
] as const;
const STORY = ["views", "reach", "replies", "navigation", "shares", "total_interactions", "follows", "profile_visits"];
export const MEDIA_INSIGHT_METRICS: Record<string, readonly string[]> = {
  FEED: FEED_MEDIA_METRICS,
  REELS: REEL_MEDIA_METRICS,
  STORY,
};
