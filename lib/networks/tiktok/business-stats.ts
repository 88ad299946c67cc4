import { z } from "zod";
import type { ProfileAuth, PublishInput, StatsReading } from "../types";
import { businessApi } from "./business-api";
import type { TikTokCtx } from "./api";

// Stats for profiles connected through TikTok's Authorization for Business (business-auth.ts), from the
// API for Business: the profile from GET /business/get/?business_id&fields=["followers_count"] (the API
// for Business gives no following, likes or video totals: null), a post from GET /business/video/list/
// ?business_id&fields=[…]&filters={"video_ids":[id]}: impressions video_views, likes, comments, shares,
// reach, and in raw video_duration, average_time_watched, total_time_watched, full_video_watched_rate.
// Sources: github.com/aoyagikouhei/tiktok-business maker/responses/account.yaml and video.yaml;
// github.com/sns-sdks/python-tiktok pytiktok/business_account_api.py (get_account_data,
// get_account_videos). These profiles are all connected after 2026-09-30: reach counts.

type Input = { auth: ProfileAuth; placement: PublishInput["placement"] };
const VIDEO_FIELDS = [
  "item_id",
  "video_views",
  "likes",
  "comments",
  "shares",
  "reach",
  "video_duration",
  "average_time_watched",
  "total_time_watched",
  "full_video_watched_rate",
];
const ZVideos = z.object({ videos: z.array(z.object({ item_id: z.coerce.string() }).loose()).default([]) });

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);
const businessIdOf = (auth: ProfileAuth) => auth.externalId ?? "";

export const businessProfileStats = async (ctx: TikTokCtx, input: Input): Promise<StatsReading> => {
  const data = await businessApi<Record<string, unknown>>(ctx, input.auth, "/get/", {
    query: { business_id: businessIdOf(input.auth), fields: JSON.stringify(["followers_count"]) },
  });
  const followers = num(data?.followers_count);
  return {
    stats: { follower_count: followers, following_count: null, likes_count: null, video_count: null },
    raw: { followers_count: data?.followers_count ?? null },
  };
};

// null for a draft or a post TikTok has not named yet (still under its share_id), and for a video the
// list does not hold (deleted, or a photo post).
export const businessPostStats = async (
  ctx: TikTokCtx,
  input: Input & { postExternalId: string; params: Record<string, unknown> },
): Promise<StatsReading | null> => {
  if (input.params.upload_as_draft === true || !/^\d+$/.test(input.postExternalId)) return null;
  const data = ZVideos.parse(
    await businessApi(ctx, input.auth, "/video/list/", {
      query: {
        business_id: businessIdOf(input.auth),
        fields: JSON.stringify(VIDEO_FIELDS),
        filters: JSON.stringify({ video_ids: [input.postExternalId] }),
      },
    }),
  );
  const video = data.videos.find((v) => v.item_id === input.postExternalId) as Record<string, unknown> | undefined;
  if (!video) return null;
  return {
    stats: {
      impressions: num(video.video_views),
      likes: num(video.likes),
      comments: num(video.comments),
      shares: num(video.shares),
      reach: num(video.reach),
    },
    raw: Object.fromEntries(VIDEO_FIELDS.filter((f) => f !== "item_id").map((f) => [f, video[f] ?? null])),
  };
};
