import { z } from "zod";
import { NetworkError, details } from "../errors";
import type { ProfileAuth, PublishInput, PublishResult } from "../types";
import { businessApi } from "./business-api";
import { coverUrlOf } from "./business-cover";
import type { TikTokCtx } from "./api";
import type { TikTokParams } from "./post-rules";
import { videoUrl } from "./video-url";

// Publishing for profiles connected through TikTok's Authorization for Business (business-auth.ts), whose
// token the Content Posting API refuses, through the API for Business (business-api.ts):
//   video   POST /business/video/publish/ {business_id, video_url, custom_thumbnail_url (the cover,
//           business-cover.ts), post_info: {caption, is_brand_organic,
//           is_branded_content, disable_comment, disable_duet, disable_stitch, is_ai_generated,
//           thumbnail_offset, upload_to_draft}} -> {share_id}; TikTok fetches our hosted copy (video_url)
//   photo   POST /business/photo/publish/ {business_id, photo_images, photo_cover_index, post_info:
//           {privacy_level, caption, auto_add_music, is_brand_organic, is_branded_content, disable_comment,
//           is_draft}} -> {share_id}
//   status  GET /business/publish/status/?business_id&publish_id=<share_id> -> {status, post_ids, reason},
//           polled until TikTok names the post (post_ids) or says FAILED; a draft stays under its share_id.
// Sources: github.com/aoyagikouhei/tiktok-business maker/apis/post_business_video_publish.yaml,
// post_business_photo_publish.yaml, get_business_publish_status.yaml; github.com/sns-sdks/python-tiktok
// pytiktok/business_account_api.py (create_video, create_photo, get_publish_status). TikTok does not
// document the intermediate status names, so only post_ids, FAILED and the draft statuses are relied on.
// The API for Business publishes videos publicly (no privacy_level); thumb_offset is ignored with a cover.

const POLL_INTERVAL_MS = 5_000;
const MAX_POLLS = 120; // ten minutes
const DRAFT_STATUSES = new Set(["SEND_TO_USER_INBOX", "DRAFT"]);

const ZShare = z.object({ share_id: z.string().min(1) });
const ZStatus = z.object({
  status: z.string().optional(),
  post_ids: z.array(z.coerce.string()).optional(),
  reason: z.string().optional(),
});

const businessIdOf = (auth: ProfileAuth) => {
  if (!auth.externalId) throw new NetworkError("auth_expired", "TikTok profile has no account id; reconnect it");
  return auth.externalId;
};

const awaitShare = async (ctx: TikTokCtx, auth: ProfileAuth, shareId: string) => {
  const sleep = ctx.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let i = 0; i < MAX_POLLS; i++) {
    const status = ZStatus.parse(
      await businessApi(ctx, auth, "/publish/status/", {
        query: { business_id: businessIdOf(auth), publish_id: shareId },
      }),
    );
    const postId = status.post_ids?.[0];
    if (postId) return postId;
    if (status.status && DRAFT_STATUSES.has(status.status)) return null;
    if (status.status === "FAILED") {
      const reason = status.reason || "unknown";
      throw new NetworkError(
        "rejected",
        `TikTok could not publish the post (${reason})`,
        details(reason, null, `publish ${shareId} failed: ${reason}`),
      );
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new NetworkError(
    "outcome_unknown",
    `TikTok was still processing publish ${shareId} after ${(MAX_POLLS * POLL_INTERVAL_MS) / 1000} s`,
  );
};

const brand = (params: TikTokParams) => ({
  is_brand_organic: params.brand_organic_toggle,
  is_branded_content: params.brand_content_toggle,
});

const publishVideo = async (ctx: TikTokCtx, input: PublishInput, params: TikTokParams) => {
  const media = input.media.find((m) => m.kind === "video") ?? input.media[0];
  if (!media) throw new NetworkError("rejected", "A TikTok video post needs a video");
  const cover = await coverUrlOf(params);
  const post_info = {
    caption: input.body,
    ...brand(params),
    disable_comment: params.disable_comment,
    disable_duet: params.disable_duet === true,
    disable_stitch: params.disable_stitch === true,
    is_ai_generated: params.made_with_ai === true,
    ...(params.thumb_offset !== undefined && !cover && { thumbnail_offset: Number(params.thumb_offset) }),
    ...(params.upload_as_draft && { upload_to_draft: true }),
  };
  const body = {
    business_id: businessIdOf(input.auth),
    video_url: media.url,
    ...(cover && { custom_thumbnail_url: cover }),
    post_info,
  };
  return ZShare.parse(await businessApi(ctx, input.auth, "/video/publish/", { body })).share_id;
};

const publishPhotos = async (ctx: TikTokCtx, input: PublishInput, params: TikTokParams) => {
  const post_info = {
    privacy_level: params.privacy_status,
    caption: input.body,
    auto_add_music: params.auto_add_music === true,
    ...brand(params),
    disable_comment: params.disable_comment,
    ...(params.upload_as_draft && { is_draft: true }),
  };
  const body = {
    business_id: businessIdOf(input.auth),
    photo_images: input.media.map((m) => m.url),
    photo_cover_index: params.photo_cover_index ?? 0,
    post_info,
  };
  return ZShare.parse(await businessApi(ctx, input.auth, "/photo/publish/", { body })).share_id;
};

export const businessPublish = async (ctx: TikTokCtx, input: PublishInput): Promise<PublishResult> => {
  const params = input.params as TikTokParams;
  const photo = params.format === "image";
  const shareId = photo ? await publishPhotos(ctx, input, params) : await publishVideo(ctx, input, params);
  const postId = await awaitShare(ctx, input.auth, shareId);
  if (!postId) return { externalId: shareId, url: null };
  // A video's URL from the account's video list (best effort); a photo post's is not listed there.
  return { externalId: postId, url: photo ? null : await videoUrl(ctx, input.auth, postId) };
};

// TikTok takes no caller reference and the share_id is only known once the publish call answered: a
// publish that got no answer cannot be told apart from one that never happened.
export const businessFindPublished = async (): Promise<PublishResult | null> => {
  throw new NetworkError(
    "outcome_unknown",
    "TikTok's API for Business cannot tell whether an unanswered publish created the post",
  );
};
