import { z } from "zod";
import { MB, type DraftMedia, type FormatLimits, type PostRules } from "../post-rules";
import { altTextIssues, bodyOrMedia, chainIssues, postIssues, zAltText, zChoice } from "../post-rules/draft-checks";

// Bluesky posts (app.bsky.feed.post): text of at most 300 graphemes, and also at most 3,000 UTF-8 bytes
// (the lexicon's maxLength, which long emoji sequences reach first: a ZWJ family is 1 grapheme but 25
// bytes); up to 4 images or 1 video, not mixed; the text may be empty when there is media. Chains via
// `thread`: every entry is a reply with the same limits. `alt_text` describes the root post's media:
// at most 1,000 graphemes for a video (app.bsky.embed.video), 2,000 for an image (the Bluesky app's
// limit; the images lexicon sets none).

export const BLUESKY_BODY_MAX_BYTES = 3000;

export const ZBlueskyPostParams = z.object({
  format: zChoice(["post"] as const).transform((v) => v ?? "post"),
  alt_text: zAltText(),
});
export type BlueskyPostParams = z.output<typeof ZBlueskyPostParams>;

export const BLUESKY_FORMATS = {
  post: {
    image: { maxBytes: 1 * MB, types: ["jpg", "png", "webp", "gif"], maxCount: 4 },
    video: { maxBytes: 50 * MB, types: ["mp4", "mov"], maxCount: 1, minDurationSec: 1, maxDurationSec: 60 },
    mediaRequired: false,
    mixingAllowed: false,
    maxItems: 4,
    bodyMax: 300,
    countGraphemes: true,
  },
} satisfies Record<BlueskyPostParams["format"], FormatLimits>;

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
const bytesIssues = (body: string, field: string): string[] => {
  const bytes = utf8Bytes(body);
  return bytes > BLUESKY_BODY_MAX_BYTES
    ? [`${field} is too long (${bytes} bytes, maximum ${BLUESKY_BODY_MAX_BYTES})`]
    : [];
};

const altMax = (item: DraftMedia | undefined) => (item?.kind === "video" ? 1000 : 2000);

export const blueskyPostRules: PostRules<BlueskyPostParams> = {
  params: ZBlueskyPostParams,
  formats: BLUESKY_FORMATS,
  formatOf: (params) => params.format,
  validate: (draft) => {
    const limits = BLUESKY_FORMATS.post;
    return [
      ...postIssues(draft.body, draft.media, limits),
      ...bytesIssues(draft.body, "body"),
      ...bodyOrMedia(draft.body, draft.media),
      ...altTextIssues(draft.params.alt_text, draft.media, altMax, "graphemes"),
      ...chainIssues(draft.thread, limits, (entry, prefix) => bytesIssues(entry.body, `${prefix}body`)),
    ];
  },
};
