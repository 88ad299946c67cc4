import { z } from "zod";
import { count, googleJson, rejected, withQuery } from "../google/api";
import type { ConnectorContext, ProfileAuth, StatsReading } from "../types";

// Stats from the Data API's statistics parts (YouTube Analytics would need another scope and API).
// - Profile: channels?part=statistics&mine=true -> subscriberCount, viewCount, videoCount under their own
//   names (youtube profile keys are network-native: lib/schemas/stats.ts). A channel that hides its
//   subscriber count has none: subscriberCount is null.
// - Post: videos?part=statistics&id=… The normalised keys (lib/schemas/stats.ts: youtube impressions,
//   likes, comments, saved): the Data API has no impression count (thumbnail impressions are an
//   Analytics-only metric), so `impressions` is the video's viewCount; likes = likeCount, comments =
//   commentCount, saved = favoriteCount. raw keeps every statistic under YouTube's names.

type Ctx = ConnectorContext<{ api_url: string }>;
const api = (ctx: Ctx, path: string, query: Record<string, string>) =>
  withQuery(`${ctx.settings.api_url.replace(/\/+$/, "")}${path}`, query);

const ZStatistics = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const ZItems = z.object({
  items: z.array(z.object({ id: z.string().optional(), statistics: ZStatistics.optional() })).optional(),
});

// Google's int64 strings as numbers; booleans (hiddenSubscriberCount) unchanged.
const rawOf = (statistics: Record<string, string | number | boolean>) =>
  Object.fromEntries(Object.entries(statistics).map(([k, v]) => [k, typeof v === "boolean" ? v : count(v)]));

export const channelStats = async (ctx: Ctx, auth: ProfileAuth): Promise<StatsReading> => {
  const { items = [] } = await googleJson(ctx, api(ctx, "/channels", { part: "statistics", mine: "true" }), auth, {
    schema: ZItems,
    what: "channels.list",
  });
  const statistics = items[0]?.statistics;
  if (!statistics) throw rejected("This Google account has no YouTube channel", "channelNotFound");
  const raw = rawOf(statistics);
  return {
    stats: {
      subscriberCount: statistics.hiddenSubscriberCount === true ? null : count(statistics.subscriberCount),
      viewCount: count(statistics.viewCount),
      videoCount: count(statistics.videoCount),
    },
    raw,
  };
};

export const videoStats = async (ctx: Ctx, auth: ProfileAuth, videoId: string): Promise<StatsReading> => {
  const { items = [] } = await googleJson(ctx, api(ctx, "/videos", { part: "statistics", id: videoId }), auth, {
    schema: ZItems,
    what: "videos.list",
  });
  const statistics =
    items.find((i) => i.id === videoId)?.statistics ?? (items.length === 1 ? items[0]!.statistics : undefined);
  if (!statistics)
    throw rejected(`YouTube has no video ${videoId} (deleted, or not visible to this channel)`, "videoNotFound");
  return {
    stats: {
      impressions: count(statistics.viewCount),
      likes: count(statistics.likeCount),
      comments: count(statistics.commentCount),
      saved: count(statistics.favoriteCount),
    },
    raw: rawOf(statistics),
  };
};
