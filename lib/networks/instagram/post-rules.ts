import { z } from "zod";
import { MB, bodyLengthIssues, type FormatLimits, type PostRules } from "../post-rules";
import { threadRefused, tooLong, zAltText, zChoice, zInt, zText, zUrl } from "../post-rules/draft-checks";
import { formatMediaIssues, isImage, zMillis, zNumber, zUpload } from "../post-rules/field-extras";

// Instagram (limits: the Limits of the API reference at /docs; the Instagram Graph API for containers). Media is
// required on every format. `post`: one image or video, or a carousel of 2 to 10 items where images and
// video mix. `reel`: one video. `story`: one image or video, no caption (the body is ignored).
// `first_comment` (at most 2,196 characters) applies to post and reel; cover, audio, trial and thumbnail
// parameters to reels. Parameters that do not apply to the format are ignored, not refused.
// `alt_text` is not in the spec's list for instagram; the API takes it for images, so it is accepted.

export const INSTAGRAM_FORMATS = ["post", "reel", "story"] as const;
export const INSTAGRAM_FIRST_COMMENT_MAX = 2_196;
export const INSTAGRAM_HASHTAGS_MAX = 30; // per caption (Graph API)
export const INSTAGRAM_REEL_COLLABORATORS_MAX = 3;

// Instagram usernames: letters, digits, periods and underscores, at most 30; a leading @ is stripped.
const zUsername = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().replace(/^@+/, "") : v),
    z
      .string({ error: (iss) => (iss.input === undefined ? "is required" : "must be a string") })
      .min(1, { error: "can't be blank", abort: true })
      .regex(
        /^[A-Za-z0-9._]{1,30}$/,
        "must be an Instagram username (letters, digits, periods and underscores; at most 30)",
      ),
  );

// A list of usernames: an array, its JSON text, or a comma-separated string (usernames hold no commas).
const zUsernames = () =>
  z.preprocess(
    (v) => {
      if (v === null) return undefined;
      if (typeof v !== "string") return v;
      const text = v.trim();
      if (text === "") return undefined;
      if (!text.startsWith("[")) return text.split(",");
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return v;
      }
    },
    z.array(zUsername(), { error: "must be a list of usernames" }).optional(),
  );

const ZUserTag = z.object(
  {
    username: zUsername(),
    x: zNumber(), // 0.0 to 1.0 from the left; checked in validate, naming the entry
    y: zNumber(),
    media_index: zInt(0, 9).transform((v) => v ?? 0), // the carousel slide, 0-based
  },
  { error: "must be an object with username, x, y and media_index" },
);

// Trial reels: java and rb type `trial_strategy` as a boolean (the Java and Ruby clients); true asks for a trial
// reel with the default MANUAL graduation, false for none.
const zTrialStrategy = () =>
  z.preprocess(
    (v) => {
      const t = typeof v === "string" ? v.trim().toLowerCase() : v;
      return t === true || t === "true" ? "MANUAL" : t === false || t === "false" ? undefined : v;
    },
    zChoice(["MANUAL", "SS_PERFORMANCE"]),
  );

export const ZInstagramParams = z.object({
  format: zChoice(INSTAGRAM_FORMATS).transform((v) => v ?? "post"),
  first_comment: zText(),
  collaborators: zUsernames(),
  user_tags: z.array(ZUserTag, { error: "must be a list of user tags" }).optional(),
  alt_text: zAltText(),
  cover_url: zUrl("http"),
  cover_file: zUpload(),
  audio_name: zText(),
  trial_strategy: zTrialStrategy(),
  thumb_offset: zMillis(), // ignored when cover_url is set
});
export type InstagramParams = z.output<typeof ZInstagramParams>;

export const INSTAGRAM_FORMAT_LIMITS = {
  post: {
    image: { maxBytes: 8 * MB, types: ["jpg", "png"], maxCount: 10, minWidth: 200, minHeight: 200 },
    video: { maxBytes: 300 * MB, types: ["mp4", "mov"], maxCount: 1, minDurationSec: 3, maxDurationSec: 60 * 60 },
    mediaRequired: true,
    mixingAllowed: true, // carousel: 2 to 10 items
    maxItems: 10,
    bodyMax: 2_200,
  },
  reel: {
    video: { maxBytes: 300 * MB, types: ["mp4", "mov"], maxCount: 1, minDurationSec: 3, maxDurationSec: 90 * 60 },
    mediaRequired: true,
    mixingAllowed: false,
    maxItems: 1,
    bodyMax: 2_200,
  },
  story: {
    image: { maxBytes: 8 * MB, types: ["jpg", "png"], maxCount: 1, minWidth: 200, minHeight: 200 },
    video: { maxBytes: 100 * MB, types: ["mp4", "mov"], maxCount: 1, minDurationSec: 1, maxDurationSec: 60 * 60 },
    mediaRequired: true,
    mixingAllowed: false,
    maxItems: 1,
    bodyMax: null, // stories have no caption
  },
} satisfies Record<InstagramParams["format"], FormatLimits>;

type Draft = Parameters<PostRules<InstagramParams>["validate"]>[0];

// User tags: coordinates within 0.0 to 1.0; `media_index` on an existing item; a tag on an image of a
// feed post needs x and y (reels and video slides are tagged by username only and ignore coordinates;
// stories accept but do not require them).
const userTagIssues = ({ media, params }: Draft): string[] =>
  (params.user_tags ?? []).flatMap((tag, i) => {
    const name = `user_tags[${i}]`;
    const issues = (["x", "y"] as const)
      .filter((axis) => tag[axis] !== undefined && !(tag[axis]! >= 0 && tag[axis]! <= 1))
      .map((axis) => `${name}.${axis} must be between 0.0 and 1.0`);
    if (media.length > 0 && tag.media_index >= media.length) {
      issues.push(`${name}.media_index is past the last media item (${tag.media_index}; the post has ${media.length})`);
    }
    if (params.format === "post" && isImage(media[tag.media_index]) && (tag.x === undefined || tag.y === undefined)) {
      issues.push(`${name} tags an image and needs x and y`);
    }
    return issues;
  });

const hashtagCount = (body: string) => body.match(/#[\p{L}\p{N}_]+/gu)?.length ?? 0;

export const instagramPostRules: PostRules<InstagramParams> = {
  params: ZInstagramParams,
  formats: INSTAGRAM_FORMAT_LIMITS,
  formatOf: (params) => params.format,
  validate: (draft) => {
    const { body, media, thread, params } = draft;
    const { format } = params;
    const limits = INSTAGRAM_FORMAT_LIMITS[format];
    const issues = [
      ...threadRefused("instagram", thread),
      ...formatMediaIssues(media, limits, format),
      ...userTagIssues(draft),
    ];
    if (format !== "story") {
      issues.push(
        ...bodyLengthIssues(body, limits),
        ...tooLong("first_comment", params.first_comment, INSTAGRAM_FIRST_COMMENT_MAX),
      );
      const hashtags = hashtagCount(body);
      if (hashtags > INSTAGRAM_HASHTAGS_MAX)
        issues.push(`body has ${hashtags} hashtags (maximum ${INSTAGRAM_HASHTAGS_MAX})`);
    }
    if (format === "reel") {
      const collaborators = params.collaborators?.length ?? 0;
      if (collaborators > INSTAGRAM_REEL_COLLABORATORS_MAX) {
        issues.push(
          `collaborators has ${collaborators} usernames (maximum ${INSTAGRAM_REEL_COLLABORATORS_MAX} on reel)`,
        );
      }
      if (params.cover_url !== undefined && params.cover_file !== undefined)
        issues.push("cover_url and cover_file cannot both be set");
    }
    return issues;
  },
};
