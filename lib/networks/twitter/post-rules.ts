import { z } from "zod";
import { MB, type FormatLimits, type PostRules } from "../post-rules";
import {
  altTextIssues,
  bodyOrMedia,
  chainIssues,
  postIssues,
  tooLong,
  zAltText,
  zChoice,
  zInt,
  zTextList,
} from "../post-rules/draft-checks";

// X (Twitter) posts: format `post` (default; text, up to 4 images of 5 MB or 1 video of 512 MB or 1 GIF of
// 5 MB, the contract's image limit; chains via `thread`) or `poll` (2 to 4 options of at most 25 characters, 5 to 10,080 minutes; no
// media, no chain).
//
// The character limit depends on the account's tier: 280 without a subscription, 25,000 with any X
// Premium tier (Basic, Premium, PremiumPlus: all include longer posts). The connector stores the tier as
// `subscription_type` in the profile's identity metadata (GET /2/users/me, user.fields=subscription_type);
// a profile connected before that was stored, or whose tier is unknown, gets the free limit until it is
// reconnected. Polls are 280 on every tier. Lengths are counted in code points; X's own weighting (URLs
// count 23, CJK and emoji count 2) is not applied, so X may still refuse a post near the limit.

export const TWITTER_FREE_BODY_MAX = 280;
export const TWITTER_PAID_BODY_MAX = 25_000;
const PAID_TIERS = new Set(["Basic", "Premium", "PremiumPlus"]);

export const ZTwitterPostParams = z
  .object({
    format: zChoice(["post", "poll"] as const).transform((v) => v ?? "post"),
    alt_text: zAltText(), // post format; a list maps to the media items in order
    poll_options: zTextList(),
    poll_duration_minutes: zInt(5, 10_080, " minutes"),
  })
  .transform((p) => (p.format === "poll" ? { ...p, poll_duration_minutes: p.poll_duration_minutes ?? 1440 } : p)); // X's composer default: 1 day
export type TwitterPostParams = z.output<typeof ZTwitterPostParams>;

const image = { maxBytes: 5 * MB, types: ["jpg", "png", "webp", "gif"], maxCount: 4, minWidth: 4, minHeight: 4 };
const video = {
  maxBytes: 512 * MB,
  types: ["mp4", "mov"],
  maxCount: 1,
  minDurationSec: 1,
  maxDurationSec: 140,
  minWidth: 32,
  minHeight: 32,
};

export const TWITTER_FORMATS = {
  // bodyMax is the free tier's; validate raises it to TWITTER_PAID_BODY_MAX for subscribed accounts.
  post: { image, video, mediaRequired: false, mixingAllowed: false, maxItems: 4, bodyMax: TWITTER_FREE_BODY_MAX },
  poll: { mediaRequired: false, mixingAllowed: false, maxItems: 0, bodyMax: TWITTER_FREE_BODY_MAX },
} satisfies Record<TwitterPostParams["format"], FormatLimits>;

export const isPaidTwitterAccount = (metadata: Record<string, unknown>): boolean => {
  const tier = metadata.subscription_type;
  return typeof tier === "string" && PAID_TIERS.has(tier);
};

// X allows one animated GIF per post, on its own.
const gifAlone = (media: { kind: string }[], field: string): string[] =>
  media.some((m) => m.kind === "gif") && media.length > 1 ? [`${field}: a GIF must be the only media item`] : [];

const pollIssues = (
  params: TwitterPostParams,
  draft: { body: string; media: unknown[]; thread: unknown[] },
): string[] => {
  const options = params.poll_options ?? [];
  const issues: string[] = [];
  if (params.poll_options === undefined) issues.push("poll_options is required for a poll");
  else if (options.length < 2 || options.length > 4)
    issues.push(`poll_options must have 2 to 4 options (${options.length} given)`);
  options.forEach((option, i) => {
    if (option.trim() === "") issues.push(`poll_options[${i}] can't be blank`);
    issues.push(...tooLong(`poll_options[${i}]`, option, 25));
  });
  if (draft.body.trim() === "") issues.push("body is required for a poll (it is the question)");
  issues.push(...tooLong("body", draft.body, TWITTER_FREE_BODY_MAX));
  if (draft.media.length > 0) issues.push("media is not allowed on a poll");
  if (draft.thread.length > 0) issues.push("thread is not supported on a poll");
  if (params.alt_text !== undefined) issues.push("alt_text does not apply to a poll (polls carry no media)");
  return issues;
};

export const twitterPostRules: PostRules<TwitterPostParams> = {
  params: ZTwitterPostParams,
  formats: TWITTER_FORMATS,
  formatOf: (params) => params.format,
  validate: (draft) => {
    const { params } = draft;
    if (params.format === "poll") return pollIssues(params, draft);
    const limits: FormatLimits = {
      ...TWITTER_FORMATS.post,
      bodyMax: isPaidTwitterAccount(draft.profile.metadata) ? TWITTER_PAID_BODY_MAX : TWITTER_FREE_BODY_MAX,
    };
    return [
      ...(params.poll_options?.length ? ["poll_options requires format poll"] : []),
      ...(params.poll_duration_minutes !== undefined ? ["poll_duration_minutes requires format poll"] : []),
      ...postIssues(draft.body, draft.media, limits),
      ...gifAlone(draft.media, "media"),
      ...bodyOrMedia(draft.body, draft.media),
      ...altTextIssues(params.alt_text, draft.media, () => 1000),
      ...chainIssues(draft.thread, limits, (entry, prefix) => gifAlone(entry.media, `${prefix}media`)),
    ];
  },
};
