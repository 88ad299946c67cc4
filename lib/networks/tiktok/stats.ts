import type { ProfileAuth, PublishInput, StatsReading } from "../types";
import { granted, isNewProfile, tiktokApi, type TikTokCtx } from "./api";
import { TIKTOK_NEW_PROFILES_FROM } from "./post-rules";

// Stats from the Display API. Profile: GET /v2/user/info/ with the counts of user.info.stats
// (follower_count, following_count, likes_count, video_count); without that scope they are null and not
// asked for (asking fails the call). TikTok's Display API has no profile views. Post: POST
// /v2/video/query/ for the post id: impressions view_count, likes like_count, comments comment_count,
// shares share_count. The spec's extras (reach, and in raw video_duration, average_time_watched,
// total_time_watched, full_video_watched_rate) belong to profiles connected on or after 2026-09-30:
// video_duration is the video's `duration`; the Display API has no reach or watch-time fields, so they
// stay null unless the answer carries them. A profile whose connection date is not recorded gets the
// extras in raw only (the stats service always passes the profile's connection date). Drafts have no insights; a post still known by its publish_id gets none until
// TikTok gives its public id.

const PROFILE_FIELDS = ["follower_count", "following_count", "likes_count", "video_count"] as const;
const VIDEO_FIELDS = ["id", "duration", "view_count", "like_count", "comment_count", "share_count"];
const WATCH_EXTRAS = ["average_time_watched", "total_time_watched", "full_video_watched_rate"] as const;

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

export const profileStats = async (
  ctx: TikTokCtx,
  input: { auth: ProfileAuth; placement: PublishInput["placement"] },
): Promise<StatsReading> => {
  const withStats = granted(input.auth, "user.info.stats");
  const fields = ["open_id", ...(withStats ? PROFILE_FIELDS : [])];
  const data = await tiktokApi<{ user?: Record<string, unknown> }>(ctx, input.auth, "/v2/user/info/", {
    query: { fields: fields.join(",") },
  });
  const user = data.user ?? {};
  const stats = Object.fromEntries(PROFILE_FIELDS.map((key) => [key, num(user[key])]));
  return { stats, raw: Object.fromEntries(PROFILE_FIELDS.filter((key) => key in user).map((key) => [key, user[key]])) };
};

// The public post id of a post stored under its publish_id, once TikTok has one.
const publicId = async (ctx: TikTokCtx, auth: ProfileAuth, externalId: string): Promise<string | null> => {
  if (/^\d+$/.test(externalId)) return externalId;
  const status = await tiktokApi<{ publicaly_available_post_id?: (string | number)[] }>(
    ctx,
    auth,
    "/v2/post/publish/status/fetch/",
    { body: { publish_id: externalId } },
  );
  const id = status.publicaly_available_post_id?.[0];
  return id === undefined ? null : String(id);
};

export const postStats = async (
  ctx: TikTokCtx,
  input: {
    auth: ProfileAuth;
    placement: PublishInput["placement"];
    postExternalId: string;
    params: Record<string, unknown>;
    connectedAt?: Date;
  },
): Promise<StatsReading | null> => {
  if (input.params.upload_as_draft === true || !granted(input.auth, "video.list")) return null;
  const id = await publicId(ctx, input.auth, input.postExternalId);
  if (!id) return null;
  const data = await tiktokApi<{ videos?: Record<string, unknown>[] }>(ctx, input.auth, "/v2/video/query/", {
    query: { fields: VIDEO_FIELDS.join(",") },
    body: { filters: { video_ids: [id] } },
  });
  const video = data.videos?.find((v) => String(v.id) === id);
  if (!video) return null; // deleted, private, or a photo post the Display API does not list
  const stats: Record<string, number | null> = {
    impressions: num(video.view_count),
    likes: num(video.like_count),
    comments: num(video.comment_count),
    shares: num(video.share_count),
  };
  const raw: Record<string, unknown> = {
    view_count: video.view_count ?? null,
    like_count: video.like_count ?? null,
    comment_count: video.comment_count ?? null,
    share_count: video.share_count ?? null,
  };
  // The profile's connection date (given by the stats service) decides; metadata is the fallback.
  const fresh = input.connectedAt
    ? input.connectedAt.getTime() >= TIKTOK_NEW_PROFILES_FROM.getTime()
    : isNewProfile(input.auth);
  if (fresh !== false) {
    Object.assign(raw, {
      reach: video.reach ?? null,
      video_duration: video.duration ?? null,
      ...Object.fromEntries(WATCH_EXTRAS.map((key) => [key, video[key] ?? null])),
    });
    if (fresh) stats.reach = num(video.reach);
  }
  return { stats, raw };
};
