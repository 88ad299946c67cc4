import type { FakeRequest } from "./graph-oauth";
import { badParam, graphTime, ok, type ContentState, type PublishedMedia } from "./graph-content";
import type { Reply } from "./graph-state";
import {
  ACCOUNT_INSIGHT_METRICS,
  MEDIA_INSIGHT_METRICS,
  TOTAL_VALUE_ONLY_METRICS,
} from "@/lib/networks/instagram/insight-metrics";

// Insights on the Graph fake, in each network's answer shape: `{data: [{name, period, values |
// total_value, title, description, id}]}`. Only the metrics Meta currently accepts for the object are
// answered (Instagram's: lib/networks/instagram/insight-metrics.ts); a deprecated or unknown one
// (page_impressions, post_impressions, page_fans, Instagram's impressions, …) fails the whole call with
// code 100, as Graph does. Figures come from ContentState.metric: what the test set, else a stable
// number. Account-level figures are per day and multiplied over the requested range, so a test can tell
// which since/until were asked for.

const DAY_S = 86_400;

const FACEBOOK_METRICS = {
  page: [
    "page_media_view",
    "page_total_media_view_unique",
    "page_views_total",
    "page_post_engagements",
    "page_daily_follows",
    "page_daily_unfollows",
    "page_daily_follows_unique",
    "page_daily_unfollows_unique",
    "page_follows",
  ],
  post: [
    "post_media_view",
    "post_total_media_view_unique",
    "post_clicks",
    "post_reactions_like_total",
    "post_reactions_by_type_total",
  ],
  video: ["total_video_views", "total_video_reactions_by_type_total", "total_video_avg_time_watched"],
  reel: [
    "blue_reels_play_count",
    "fb_reels_total_plays",
    "post_video_likes_by_reaction_type",
    "post_video_social_actions",
    "post_video_avg_time_watched",
  ],
  none: [] as string[],
};
const BREAKDOWNS: Record<string, (n: number) => Record<string, number>> = {
  post_reactions_by_type_total: (n) => ({ like: n, love: 1 }),
  total_video_reactions_by_type_total: (n) => ({ like: n, love: 2 }),
  post_video_likes_by_reaction_type: (n) => ({ REACTION_LIKE: n, REACTION_LOVE: 1 }),
  post_video_social_actions: (n) => ({ SHARE: n, COMMENT: 3 }),
};

const INSTAGRAM_ACCOUNT: readonly string[] = ACCOUNT_INSIGHT_METRICS;
const INSTAGRAM_TOTAL_ONLY: readonly string[] = TOTAL_VALUE_ONLY_METRICS;
const INSTAGRAM_MEDIA = MEDIA_INSIGHT_METRICS;
const THREADS_USER = ["views", "likes", "replies", "reposts", "quotes", "clicks", "followers_count"];
const THREADS_MEDIA = ["views", "likes", "replies", "reposts", "quotes", "shares"];

const invalid = (name: string, why = "The value must be a valid insights metric") => badParam(`(#100) ${why}: ${name}`);

const metricsOf = (req: FakeRequest): string[] | Reply => {
  const names = (req.query.metric ?? "")
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);
  return names.length > 0 ? names : badParam("(#100) The parameter metric is required");
};

const entry = (id: string, name: string, period: string, body: Record<string, unknown>) => ({
  name,
  period,
  ...body,
  title: name.replace(/_/g, " "),
  description: `Fake ${name}`,
  id: `${id}/insights/${name}/${period}`,
});

const number = (value: unknown) => (typeof value === "number" ? value : 0);

export const facebookInsights = (
  content: ContentState,
  id: string,
  scope: keyof typeof FACEBOOK_METRICS,
  req: FakeRequest,
): Reply => {
  const names = metricsOf(req);
  if (!Array.isArray(names)) return names;
  const bad = names.find((n) => !FACEBOOK_METRICS[scope].includes(n));
  if (bad) return invalid(bad);
  const now = content.graph.now();
  if (scope === "page") {
    if (req.query.period && !["day", "week", "days_28"].includes(req.query.period))
      return badParam("(#100) period must be day, week or days_28");
    return ok({
      data: names.map((name) => {
        const today = number(content.metric(id, name));
        const values = [
          { value: Math.max(0, today - 1), end_time: graphTime(now - DAY_S * 1000) },
          { value: today, end_time: graphTime(now) },
        ];
        return entry(id, name, req.query.period ?? "day", { values });
      }),
    });
  }
  return ok({
    data: names.map((name) => {
      const value = content.metric(id, name);
      const shaped = BREAKDOWNS[name] && typeof value === "number" ? BREAKDOWNS[name](value) : value;
      return entry(id, name, "lifetime", { values: [{ value: shaped }] });
    }),
  });
};

// since/until in unix seconds; the range in whole days (at least one).
const rangeOf = (
  req: FakeRequest,
  now: number,
  maxDays: number | null,
): { since: number; until: number; days: number } | Reply => {
  const until = req.query.until ? Number(req.query.until) : Math.floor(now / 1000);
  const since = req.query.since ? Number(req.query.since) : until - DAY_S;
  if (!Number.isFinite(since) || !Number.isFinite(until) || since >= until)
    return badParam("(#100) since must be before until");
  const days = Math.max(1, Math.round((until - since) / DAY_S));
  if (maxDays !== null && days > maxDays) return badParam(`(#100) The time range cannot exceed ${maxDays} days`);
  return { since, until, days };
};

const dailySeries = (value: number, until: number, days: number) =>
  Array.from({ length: days }, (_, i) => ({ value, end_time: graphTime((until - (days - 1 - i) * DAY_S) * 1000) }));

export const instagramAccountInsights = (content: ContentState, userKey: string, req: FakeRequest): Reply => {
  const names = metricsOf(req);
  if (!Array.isArray(names)) return names;
  const bad = names.find((n) => !INSTAGRAM_ACCOUNT.includes(n));
  if (bad) return invalid(bad);
  if (req.query.period !== "day") return badParam("(#100) period must be day");
  const total = req.query.metric_type === "total_value";
  const wrongType = names.find((n) => (total ? n === "follower_count" : INSTAGRAM_TOTAL_ONLY.includes(n)));
  if (wrongType)
    return invalid(
      wrongType,
      total ? "metric_type=total_value is not supported for" : "metric_type=total_value is required for",
    );
  const range = rangeOf(req, content.graph.now(), 30);
  if (!("days" in range)) return range;
  return ok({
    data: names.map((name) => {
      const perDay = number(content.metric(userKey, name));
      return entry(
        userKey,
        name,
        "day",
        total
          ? { total_value: { value: perDay * range.days } }
          : { values: dailySeries(perDay, range.until, range.days) },
      );
    }),
  });
};

export const instagramMediaInsights = (content: ContentState, media: PublishedMedia, req: FakeRequest): Reply => {
  const names = metricsOf(req);
  if (!Array.isArray(names)) return names;
  const supported = INSTAGRAM_MEDIA[media.productType ?? "FEED"]!;
  const bad = names.find((n) => !supported.includes(n));
  if (bad) return invalid(bad, `The Media Insights API does not support this metric for ${media.productType} media`);
  return ok({
    data: names.map((name) =>
      entry(media.id, name, "lifetime", { values: [{ value: content.metric(media.id, name) }] }),
    ),
  });
};

export const threadsUserInsights = (content: ContentState, userId: string, req: FakeRequest): Reply => {
  const names = metricsOf(req);
  if (!Array.isArray(names)) return names;
  const bad = names.find((n) => !THREADS_USER.includes(n));
  if (bad) return invalid(bad);
  if (names.includes("followers_count") && (req.query.since || req.query.until))
    return badParam("(#100) followers_count does not support since and until");
  const range = rangeOf(req, content.graph.now(), null);
  if (!("days" in range)) return range;
  return ok({
    data: names.map((name) => {
      const figure = number(content.metric(userId, name));
      if (name === "views") return entry(userId, name, "day", { values: dailySeries(figure, range.until, range.days) });
      return entry(userId, name, "day", {
        total_value: { value: name === "followers_count" ? figure : figure * range.days },
      });
    }),
  });
};

export const threadsMediaInsights = (content: ContentState, media: PublishedMedia, req: FakeRequest): Reply => {
  const names = metricsOf(req);
  if (!Array.isArray(names)) return names;
  const bad = names.find((n) => !THREADS_MEDIA.includes(n));
  if (bad) return invalid(bad);
  return ok({
    data: names.map((name) =>
      entry(media.id, name, "lifetime", { values: [{ value: content.metric(media.id, name) }] }),
    ),
  });
};
