import { z } from "zod";
import { GB, MB, type FormatLimits, type MediaKindLimit, type PostRules } from "../post-rules";
import { threadRefused, tooLong, zChoice, zFlag, zText, zTextList, zUrl } from "../post-rules/draft-checks";
import { formatMediaIssues, zMaybeFlag, zUpload } from "../post-rules/field-extras";

// YouTube (parameters: what client libraries send, and the Data API's videos
// resource). One format, `post`: exactly one video, no images. The body is the description: at most
// 5,000 UTF-8 bytes, no < or > (YouTube refuses both). Parameters:
// - title: at most 100 characters, no < or >. Optional: without it the title is the body's first
//   non-blank line, cut to 100 characters (youtubeTitle); a post with neither is refused.
// - privacy_status: public (default), unlisted or private. Unaudited API projects get private videos.
// - made_for_kids (status.selfDeclaredMadeForKids): default false, always sent (YouTube requires the
//   audience to be declared).
// - tags: a list (or JSON text of one); together at most 500 characters as YouTube counts them (a comma
//   between tags, quotes around a tag with a space); a tag may not contain < or >.
// - category_id: a numeric video category id, default "22" (People & Blogs).
// - contains_synthetic_media (status.containsSyntheticMedia): optional, sent only when given.
// - cover_url / cover_file: a custom thumbnail (verified channels; JPG, PNG, GIF or BMP, at most 2 MB).

export const YOUTUBE_TITLE_MAX = 100;
export const YOUTUBE_DESCRIPTION_MAX_BYTES = 5_000;
export const YOUTUBE_TAGS_MAX = 500;
export const YOUTUBE_DEFAULT_CATEGORY = "22";
export const YOUTUBE_THUMBNAIL_LIMITS: MediaKindLimit = {
  maxBytes: 2 * MB,
  types: ["jpg", "png", "gif", "bmp"],
  maxCount: 1,
};

export const ZYouTubeParams = z.object({
  format: zChoice(["post"]).transform((v) => v ?? "post"),
  title: zText(),
  privacy_status: zChoice(["public", "unlisted", "private"]).transform((v) => v ?? "public"),
  made_for_kids: zFlag(false),
  tags: zTextList().transform((tags) => tags?.map((t) => t.trim()).filter(Boolean)),
  category_id: z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    zText().pipe(
      z
        .string()
        .regex(/^\d+$/, 'must be a numeric YouTube video category id, such as "22"')
        .default(YOUTUBE_DEFAULT_CATEGORY),
    ),
  ),
  contains_synthetic_media: zMaybeFlag(),
  cover_url: zUrl("http"),
  cover_file: zUpload(),
});
export type YouTubeParams = z.output<typeof ZYouTubeParams>;

export const YOUTUBE_FORMAT_LIMITS = {
  post: {
    video: {
      maxBytes: 256 * GB,
      types: ["mp4", "mov", "avi", "wmv", "flv", "webm", "mkv", "m4v", "mpg", "mpeg", "3gp"],
      maxCount: 1,
      maxDurationSec: 12 * 3600, // verified channels; others 15 minutes (YouTube refuses at upload)
    },
    mediaRequired: true,
    mixingAllowed: false,
    maxItems: 1,
    bodyMax: YOUTUBE_DESCRIPTION_MAX_BYTES, // characters; the real limit is in bytes (validate)
  },
} satisfies Record<YouTubeParams["format"], FormatLimits>;

// The title YouTube gets: the given one, else the body's first non-blank line cut to 100 characters
// (whole graphemes, trailing space trimmed). Empty when neither exists.
export const youtubeTitle = (params: Pick<YouTubeParams, "title">, body: string): string => {
  if (params.title !== undefined) return params.title;
  const line =
    body
      .split(/\r?\n/)
      .find((l) => l.trim() !== "")
      ?.trim() ?? "";
  if ([...line].length <= YOUTUBE_TITLE_MAX) return line;
  let title = "";
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(line)) {
    if ([...title].length + [...segment].length > YOUTUBE_TITLE_MAX) break;
    title += segment;
  }
  return title.trimEnd();
};

// Tags as YouTube counts them against 500: each tag, +2 when it holds a space (quoted), commas between.
export const youtubeTagsLength = (tags: string[]): number =>
  tags.reduce((n, tag) => n + [...tag].length + (/\s/.test(tag) ? 2 : 0), 0) + Math.max(0, tags.length - 1);

const angle = /[<>]/;

export const youtubePostRules: PostRules<YouTubeParams> = {
  params: ZYouTubeParams,
  formats: YOUTUBE_FORMAT_LIMITS,
  formatOf: (params) => params.format,
  validate: ({ body, media, thread, params }) => {
    const issues = [
      ...threadRefused("youtube", thread),
      ...(media.length === 0
        ? ["media is required (one video)"]
        : formatMediaIssues(media, YOUTUBE_FORMAT_LIMITS.post, "post")),
    ];
    const bytes = new TextEncoder().encode(body).length;
    if (bytes > YOUTUBE_DESCRIPTION_MAX_BYTES)
      issues.push(`body is too long (${bytes} bytes, maximum ${YOUTUBE_DESCRIPTION_MAX_BYTES})`);
    if (angle.test(body)) issues.push("body cannot contain < or > (YouTube refuses them in descriptions)");
    if (params.title !== undefined) {
      issues.push(...tooLong("title", params.title, YOUTUBE_TITLE_MAX));
      if (angle.test(params.title)) issues.push("title cannot contain < or >");
    } else if (youtubeTitle(params, body) === "") {
      issues.push("title is required when the body is empty");
    }
    const tags = params.tags ?? [];
    const tagsLength = youtubeTagsLength(tags);
    if (tagsLength > YOUTUBE_TAGS_MAX)
      issues.push(`tags are too long (${tagsLength} characters, maximum ${YOUTUBE_TAGS_MAX})`);
    tags.forEach((tag, i) => angle.test(tag) && issues.push(`tags[${i}] cannot contain < or >`));
    if (params.cover_url !== undefined && params.cover_file !== undefined)
      issues.push("cover_url and cover_file cannot both be set");
    return issues;
  },
};
