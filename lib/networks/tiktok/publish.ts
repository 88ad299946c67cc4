import { NetworkError, details } from "../errors";
import type { ProfileAuth, PublishInput, PublishResult } from "../types";
import { granted, isNewProfile, tiktokApi, type TikTokCtx } from "./api";
import type { TikTokParams } from "./post-rules";
import { uploadChunks, videoSource } from "./upload";

// Content Posting API (TikTok's Content Posting API). Direct posts first ask creator_info (TikTok's UX rules
// require it): the privacy levels the account may use and whether it has comments, duets or stitches
// turned off, which then stay off. Videos: POST /v2/post/publish/video/init/ (post_info + source_info),
// chunks PUT to upload_url for FILE_UPLOAD. Video drafts (upload_as_draft) go to the creator's inbox
// through /v2/post/publish/inbox/video/init/ with the media only. Photos: /v2/post/publish/content/init/
// (media_type PHOTO; post_mode DIRECT_POST, or MEDIA_UPLOAD for a draft) with our hosted URLs. Then
// /v2/post/publish/status/fetch/ is polled until PUBLISH_COMPLETE (the post id is the first
// publicaly_available_post_id, else the publish_id) or SEND_TO_USER_INBOX (a draft: published, no
// permalink). Profiles connected on or after 2026-09-30 publish videos publicly (the spec), whatever
// privacy_status says. cover_url / cover_file have no field in the documented API and are not sent.

const POLL_INTERVAL_MS = 5_000;
const MAX_POLLS = 120; // ten minutes
const READ_BACK_WINDOW_MS = 24 * 3600 * 1000;
const READ_BACK_PAGE = 20;
const READ_BACK_PAGES = 5;

type CreatorInfo = {
  creator_username?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
};
type Init = { publish_id?: string; upload_url?: string };
type Status = { status?: string; fail_reason?: string; publicaly_available_post_id?: (string | number)[] };

const creatorInfo = (ctx: TikTokCtx, auth: ProfileAuth) =>
  tiktokApi<CreatorInfo>(ctx, auth, "/v2/post/publish/creator_info/query/", { body: {} });

const privacyFor = (creator: CreatorInfo, wanted: string) => {
  const options = creator.privacy_level_options ?? [];
  if (options.length > 0 && !options.includes(wanted)) {
    throw new NetworkError(
      "rejected",
      `TikTok does not let this account post with privacy ${wanted} (it allows ${options.join(", ")})`,
      details("privacy_level_option_mismatch", null, `allowed: ${options.join(", ")}`),
    );
  }
  return wanted;
};

export const postUrl = (username: string | undefined, kind: "video" | "photo", id: string) =>
  username ? `https://www.tiktok.com/@${username}/${kind}/${id}` : null;

// Polls the publish status until TikTok has published the post or handed it to the inbox.
export const awaitPublish = async (ctx: TikTokCtx, auth: ProfileAuth, publishId: string) => {
  const sleep = ctx.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let i = 0; i < MAX_POLLS; i++) {
    const status = await tiktokApi<Status>(ctx, auth, "/v2/post/publish/status/fetch/", {
      body: { publish_id: publishId },
    });
    if (status.status === "PUBLISH_COMPLETE" || status.status === "SEND_TO_USER_INBOX") {
      const postId = status.publicaly_available_post_id?.[0];
      return { status: status.status, postId: postId === undefined ? null : String(postId) };
    }
    if (status.status === "FAILED") {
      const reason = status.fail_reason ?? "unknown";
      throw new NetworkError(
        "rejected",
        `TikTok could not publish the post (${reason})`,
        details(reason, null, `publish ${publishId} failed: ${reason}`),
      );
    }
    await sleep(POLL_INTERVAL_MS);
  }
  throw new NetworkError(
    "outcome_unknown",
    `TikTok was still processing publish ${publishId} after ${(MAX_POLLS * POLL_INTERVAL_MS) / 1000} s`,
  );
};

const finish = async (
  ctx: TikTokCtx,
  auth: ProfileAuth,
  init: Init,
  kind: "video" | "photo",
  username?: string,
): Promise<PublishResult> => {
  if (!init.publish_id)
    throw new NetworkError("outcome_unknown", "TikTok answered the publish init without a publish_id");
  const { status, postId } = await awaitPublish(ctx, auth, init.publish_id);
  if (status === "SEND_TO_USER_INBOX" || !postId) return { externalId: init.publish_id, url: null };
  return { externalId: postId, url: postUrl(username, kind, postId) };
};

const publishVideo = async (ctx: TikTokCtx, input: PublishInput, params: TikTokParams): Promise<PublishResult> => {
  const media = input.media.find((m) => m.kind === "video") ?? input.media[0];
  if (!media) throw new NetworkError("rejected", "A TikTok video post needs a video");
  if (params.upload_as_draft) {
    const source = await videoSource(ctx, media);
    const init = await tiktokApi<Init>(ctx, input.auth, "/v2/post/publish/inbox/video/init/", {
      body: { source_info: source.source_info },
    });
    await uploadChunks(ctx, init.upload_url, media, source);
    return finish(ctx, input.auth, init, "video");
  }
  const creator = await creatorInfo(ctx, input.auth);
  const post_info = {
    title: input.body,
    privacy_level: privacyFor(creator, isNewProfile(input.auth) ? "PUBLIC_TO_EVERYONE" : params.privacy_status),
    disable_comment: params.disable_comment || creator.comment_disabled === true,
    disable_duet: params.disable_duet === true || creator.duet_disabled === true,
    disable_stitch: params.disable_stitch === true || creator.stitch_disabled === true,
    ...(params.thumb_offset !== undefined &&
      params.cover_url === undefined && { video_cover_timestamp_ms: Number(params.thumb_offset) }),
    brand_content_toggle: params.brand_content_toggle,
    brand_organic_toggle: params.brand_organic_toggle,
    is_aigc: params.made_with_ai === true,
  };
  const source = await videoSource(ctx, media);
  const init = await tiktokApi<Init>(ctx, input.auth, "/v2/post/publish/video/init/", {
    body: { post_info, source_info: source.source_info },
  });
  await uploadChunks(ctx, init.upload_url, media, source);
  return finish(ctx, input.auth, init, "video", creator.creator_username);
};

const publishPhotos = async (ctx: TikTokCtx, input: PublishInput, params: TikTokParams): Promise<PublishResult> => {
  const draft = params.upload_as_draft;
  const creator = draft ? null : await creatorInfo(ctx, input.auth);
  const post_info = {
    description: input.body,
    disable_comment: params.disable_comment || creator?.comment_disabled === true,
    auto_add_music: params.auto_add_music === true,
    brand_content_toggle: params.brand_content_toggle,
    brand_organic_toggle: params.brand_organic_toggle,
    ...(creator && { privacy_level: privacyFor(creator, params.privacy_status) }),
  };
  const source_info = {
    source: "PULL_FROM_URL",
    photo_cover_index: params.photo_cover_index ?? 0,
    photo_images: input.media.map((m) => m.url),
  };
  const body = { media_type: "PHOTO", post_mode: draft ? "MEDIA_UPLOAD" : "DIRECT_POST", post_info, source_info };
  const init = await tiktokApi<Init>(ctx, input.auth, "/v2/post/publish/content/init/", { body });
  return finish(ctx, input.auth, init, "photo", creator?.creator_username);
};

export const publish = (ctx: TikTokCtx, input: PublishInput): Promise<PublishResult> => {
  const params = input.params as TikTokParams;
  return params.format === "image" ? publishPhotos(ctx, input, params) : publishVideo(ctx, input, params);
};

type Video = { id?: string; title?: string; video_description?: string; create_time?: number; share_url?: string };

// TikTok takes no caller reference and the publish_id is only known once init answered, so a read-back
// matches the account's recent videos (GET-like POST /v2/video/list/, newest first) on the caption within
// a day. Absence proves nothing: TikTok lists a post only once processed and moderated, drafts never
// (they sit in the creator's inbox) and private posts not at all. So: the post, or "cannot tell".
export const findPublished = async (ctx: TikTokCtx, input: PublishInput): Promise<PublishResult | null> => {
  const params = input.params as TikTokParams;
  if (params.upload_as_draft)
    throw new NetworkError(
      "outcome_unknown",
      "TikTok drafts go to the creator's inbox, which the API cannot read back",
    );
  if (!granted(input.auth, "video.list"))
    throw new NetworkError("outcome_unknown", "The profile did not grant video.list, so its posts cannot be read back");
  const since = Math.floor((Date.now() - READ_BACK_WINDOW_MS) / 1000);
  const caption = input.body.trim();
  let cursor: number | undefined;
  for (let page = 0; page < READ_BACK_PAGES; page++) {
    let data: { videos?: Video[]; cursor?: number; has_more?: boolean };
    try {
      data = await tiktokApi(ctx, input.auth, "/v2/video/list/", {
        query: { fields: "id,title,video_description,create_time,share_url" },
        body: { max_count: READ_BACK_PAGE, ...(cursor !== undefined && { cursor }) },
      });
    } catch (err) {
      if (err instanceof NetworkError && err.kind === "rejected")
        throw new NetworkError(
          "outcome_unknown",
          `TikTok did not list the account's videos (${err.message})`,
          err.details,
        );
      throw err;
    }
    const videos = data.videos ?? [];
    const found = videos.find(
      (v) =>
        v.id &&
        (v.create_time ?? 0) >= since &&
        ((v.title ?? "").trim() === caption || (v.video_description ?? "").trim() === caption),
    );
    if (found?.id) return { externalId: found.id, url: found.share_url ?? null };
    if (!data.has_more || videos.every((v) => (v.create_time ?? 0) < since)) break;
    cursor = data.cursor;
  }
  throw new NetworkError(
    "outcome_unknown",
    "TikTok does not list the post (yet); a post still in processing or moderation, a private one or none at all look the same",
  );
};
