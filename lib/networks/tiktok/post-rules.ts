import { z } from "zod";
import { GB, MB, bodyLengthIssues, type FormatLimits, type MediaKindLimit, type PostRules } from "../post-rules";
import { threadRefused, zChoice, zFlag, zInt, zUrl } from "../post-rules/draft-checks";
import { formatMediaIssues, zMaybeFlag, zMillis, zUpload } from "../post-rules/field-extras";

// TikTok (limits: the Limits of the API reference at /docs; the API: TikTok's Content Posting API).
// `video` (default): one video. `image` (photo post): up to 35 images. Caption up to 2,200 characters.
// Defaults are filled per format: both get upload_as_draft false, privacy_status PUBLIC_TO_EVERYONE,
// disable_comment true, brand_content_toggle and brand_organic_toggle false; video adds made_with_ai
// false, disable_duet and disable_stitch true; image adds photo_cover_index 0 and auto_add_music false.
// A video draft (upload_as_draft) goes to the creator's inbox and ignores every other parameter and the
// body, so nothing else is checked for it; photo drafts keep everything but privacy_status.
// A custom cover (cover_url / cover_file) needs a profile connected on or after 2026-09-30 (UTC);
// thumb_offset works everywhere. Not checked here: whether the app is audited (unaudited apps must post
// non-public; TikTok answers `unaudited_client_can_only_post_to_private_accounts` at publishing).

export const TIKTOK_FORMATS = ["video", "image"] as const;
export const TIKTOK_PRIVACY = [
  "PUBLIC_TO_EVERYONE",
  "MUTUAL_FOLLOW_FRIENDS",
  "FOLLOWER_OF_CREATOR",
  "SELF_ONLY",
] as const;
// Profiles connected from this moment get custom covers (and, per the spec, public videos, comments and
// reach/watch-time stats).
export const TIKTOK_NEW_PROFILES_FROM = new Date("2026-09-30T00:00:00Z");
export const TIKTOK_PHOTOS_MAX = 35;
// cover_url / cover_file: JPG, PNG or WebP, 360x360 to 1080x1920 px, at most 20 MB (checked once downloaded).
export const TIKTOK_COVER_LIMITS: MediaKindLimit & { maxWidth: number; maxHeight: number } = {
  maxBytes: 20 * MB,
  types: ["jpg", "png", "webp"],
  maxCount: 1,
  minWidth: 360,
  minHeight: 360,
  maxWidth: 1080,
  maxHeight: 1920,
};

export const ZTikTokParams = z
  .object({
    format: zChoice(TIKTOK_FORMATS).transform((v) => v ?? "video"),
    upload_as_draft: zFlag(false),
    privacy_status: zChoice(TIKTOK_PRIVACY).transform((v) => v ?? "PUBLIC_TO_EVERYONE"),
    disable_comment: zFlag(true),
    brand_content_toggle: zFlag(false), // promotes a third party
    brand_organic_toggle: zFlag(false), // promotes the creator's own brand
    // video
    made_with_ai: zMaybeFlag(),
    disable_duet: zMaybeFlag(),
    disable_stitch: zMaybeFlag(),
    cover_url: zUrl("http"),
    cover_file: zUpload(),
    thumb_offset: zMillis(), // ignored when cover_url is set
    // image
    photo_cover_index: zInt(0, TIKTOK_PHOTOS_MAX - 1),
    auto_add_music: zMaybeFlag(),
  })
  .transform((p) =>
    p.format === "video"
      ? {
          ...p,
          made_with_ai: p.made_with_ai ?? false,
          disable_duet: p.disable_duet ?? true,
          disable_stitch: p.disable_stitch ?? true,
        }
      : { ...p, photo_cover_index: p.photo_cover_index ?? 0, auto_add_music: p.auto_add_music ?? false },
  );
export type TikTokParams = z.output<typeof ZTikTokParams>;

export const TIKTOK_FORMAT_LIMITS = {
  video: {
    // The spec lists "mp4 mov av webm": "av" read as avi.
    video: {
      maxBytes: 4 * GB,
      types: ["mp4", "mov", "avi", "webm"],
      maxCount: 1,
      minDurationSec: 3,
      maxDurationSec: 10 * 60,
      minWidth: 720,
      minHeight: 1280,
    },
    mediaRequired: true,
    mixingAllowed: false,
    maxItems: 1,
    bodyMax: 2_200,
  },
  image: {
    image: { maxBytes: 20 * MB, types: ["jpg", "gif"], maxCount: TIKTOK_PHOTOS_MAX },
    mediaRequired: true,
    mixingAllowed: false,
    maxItems: TIKTOK_PHOTOS_MAX,
    bodyMax: 2_200,
  },
} satisfies Record<TikTokParams["format"], FormatLimits>;

export const tiktokPostRules: PostRules<TikTokParams> = {
  params: ZTikTokParams,
  formats: TIKTOK_FORMAT_LIMITS,
  formatOf: (params) => params.format,
  validate: ({ body, media, thread, params, profile }) => {
    const { format } = params;
    const limits = TIKTOK_FORMAT_LIMITS[format];
    const issues = [...threadRefused("tiktok", thread), ...formatMediaIssues(media, limits, format)];
    if (format === "video" && params.upload_as_draft) return issues; // an inbox upload: only the media counts
    issues.push(...bodyLengthIssues(body, limits));
    if (format === "video") {
      if (params.cover_url !== undefined && params.cover_file !== undefined)
        issues.push("cover_url and cover_file cannot both be set");
      const cover =
        params.cover_url !== undefined ? "cover_url" : params.cover_file !== undefined ? "cover_file" : null;
      if (cover && profile.connectedAt < TIKTOK_NEW_PROFILES_FROM) {
        issues.push(
          `${cover} is not available on TikTok profiles connected before 2026-09-30 (use thumb_offset, or connect the account again)`,
        );
      }
    } else if (params.photo_cover_index !== undefined && media.length > 0 && params.photo_cover_index >= media.length) {
      issues.push(
        `photo_cover_index is past the last media item (${params.photo_cover_index}; the post has ${media.length})`,
      );
    }
    // Branded content cannot be private (TikTok's content-sharing rules); privacy applies unless it is a
    // photo draft, or a video on a newer profile (published publicly).
    const privacyApplies =
      format === "image" ? !params.upload_as_draft : profile.connectedAt < TIKTOK_NEW_PROFILES_FROM;
    if (params.brand_content_toggle && params.privacy_status === "SELF_ONLY" && privacyApplies) {
      issues.push(
        "brand_content_toggle cannot be used with privacy_status SELF_ONLY (branded content cannot be private)",
      );
    }
    return issues;
  },
};
