import { z } from "zod";
import { GB, MB, mediaIssues, type DraftMedia, type FormatLimits, type PostRules } from "../post-rules";
import { bodyOrMedia, gifIssues, zAltText, zChoice, zText } from "../post-rules/draft-checks";

// Threads (limits: the Limits of the API reference at /docs; the Threads API). One format: text of at
// most 500 characters, where the API counts an emoji by its UTF-8 bytes (Threads API), with up to 20
// images and videos mixed in a carousel, or text alone. Chains via `thread`: each entry is a reply with
// the same limits and needs a body or media. `topic_tag` (one per post, leading # stripped) is at most
// 50 characters without periods or ampersands; it applies to the whole chain.

export const THREADS_BODY_MAX = 500;
export const THREADS_TOPIC_TAG_MAX = 50;

export const ZThreadsParams = z.object({
  format: zChoice(["post"]).transform((v) => v ?? "post"),
  alt_text: zAltText(),
  topic_tag: z.preprocess((v) => (typeof v === "string" ? v.trim().replace(/^#+/, "").trim() : v), zText()),
});
export type ThreadsParams = z.output<typeof ZThreadsParams>;

export const THREADS_FORMAT_LIMITS = {
  post: {
    image: { maxBytes: 8 * MB, types: ["jpg", "png", "gif", "webp"], maxCount: 20, minWidth: 200, minHeight: 200 },
    video: { maxBytes: 1 * GB, types: ["mp4", "mov"], maxCount: 1, maxDurationSec: 5 * 60 },
    mediaRequired: false,
    mixingAllowed: true, // carousel up to 20 items
    maxItems: 20,
    bodyMax: THREADS_BODY_MAX, // see threadsTextLength: emoji count by their UTF-8 bytes
  },
} satisfies Record<ThreadsParams["format"], FormatLimits>;

// Threads' own count: one per code point, except that a grapheme holding an emoji counts its UTF-8 bytes
// (a thumbs-up is 4, a family emoji 25).
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
const encoder = new TextEncoder();
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
export const threadsTextLength = (text: string): number => {
  let n = 0;
  for (const { segment } of segmenter.segment(text))
    n += EMOJI.test(segment) ? encoder.encode(segment).length : [...segment].length;
  return n;
};

const textIssues = (body: string, field: string): string[] => {
  const length = threadsTextLength(body);
  return length > THREADS_BODY_MAX
    ? [`${field} is too long (${length} characters, maximum ${THREADS_BODY_MAX}; emoji count as their UTF-8 bytes)`]
    : [];
};

const entryIssues = (body: string, media: DraftMedia[], prefix: string): string[] => {
  const limits = THREADS_FORMAT_LIMITS.post;
  return [
    ...textIssues(body, `${prefix}body`),
    ...mediaIssues(media, limits, `${prefix}media`),
    ...gifIssues(media, limits, `${prefix}media`),
    ...bodyOrMedia(body, media, `${prefix}body`),
  ];
};

const topicTagIssues = (tag: string | undefined): string[] => {
  if (tag === undefined) return [];
  const issues: string[] = [];
  const length = [...tag].length;
  if (length > THREADS_TOPIC_TAG_MAX)
    issues.push(`topic_tag is too long (${length} characters, maximum ${THREADS_TOPIC_TAG_MAX})`);
  if (/[.&]/.test(tag)) issues.push("topic_tag cannot contain periods (.) or ampersands (&)");
  return issues;
};

export const threadsPostRules: PostRules<ThreadsParams> = {
  params: ZThreadsParams,
  formats: THREADS_FORMAT_LIMITS,
  formatOf: (params) => params.format,
  validate: ({ body, media, thread, params }) => [
    ...entryIssues(body, media, ""),
    ...thread.flatMap((entry, i) => entryIssues(entry.body, entry.media, `thread[${i}].`)),
    ...topicTagIssues(params.topic_tag),
  ],
};
