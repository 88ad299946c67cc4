import { z } from "zod";
import { MB, type FormatLimits, type PostRules } from "../post-rules";
import {
  bodyOrMedia,
  notOn,
  placementIssues,
  postIssues,
  threadRefused,
  tooLong,
  zChoice,
  zDate,
  zId,
  zPattern,
  zText,
  zTime,
  zUrl,
} from "../post-rules/draft-checks";

// Google Business Profile posts on one location (`location_id`, the full accounts/…/locations/… path of
// one of the profile's placements). Formats:
// - standard (default), event, offer: local posts with a body of at most 1,500 characters and at most
//   one image; a call to action (`cta_action_type`, with an https `cta_url` except for CALL, which
//   dials the location's phone number and takes no URL); `language_code` (BCP 47, default en).
//   Event: `event_title` (required, at most 58 characters: Google's limit), `event_start_date` and
//   `event_end_date` (required, YYYY-MM-DD), optional `event_start_time`/`event_end_time` (HH:MM,
//   24-hour, both or neither; without them the event lasts whole days). Offer: the same dates (required)
//   and times, `event_title` (default "Special Offer"), `offer_coupon_code`, `offer_redeem_url`,
//   `offer_terms`.
// - photo: one required image added to the location's gallery. The body is ignored (the post's body
//   may serve other networks); CTA, language, event and offer parameters are refused.
// No video on any format; no chains.

export const ZGoogleBusinessPostParams = z
  .object({
    format: zChoice(["standard", "event", "offer", "photo"] as const).transform((v) => v ?? "standard"),
    location_id: zId(),
    language_code: zPattern(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, "must be a BCP 47 language tag such as en or pt-BR"),
    cta_action_type: zChoice(["LEARN_MORE", "BOOK", "ORDER", "SHOP", "SIGN_UP", "CALL"] as const),
    cta_url: zUrl("https"),
    event_title: zText(),
    event_start_date: zDate(),
    event_end_date: zDate(),
    event_start_time: zTime(),
    event_end_time: zTime(),
    offer_coupon_code: zText(),
    offer_redeem_url: zUrl("http"),
    offer_terms: zText(),
  })
  .transform((p) => {
    if (p.format === "photo") return p;
    return {
      ...p,
      language_code: p.language_code ?? "en",
      ...(p.format === "offer" && { event_title: p.event_title ?? "Special Offer" }),
    };
  });
export type GoogleBusinessPostParams = z.output<typeof ZGoogleBusinessPostParams>;

// Google takes photos of 10 KB to 5 MB: a smaller file is refused as well as a larger one.
const PHOTO_MIN_BYTES = 10 * 1024;

const localPost: FormatLimits = {
  image: {
    maxBytes: 5 * MB,
    minBytes: PHOTO_MIN_BYTES,
    types: ["jpg", "png"],
    maxCount: 1,
    minWidth: 400,
    minHeight: 300,
  },
  mediaRequired: false,
  mixingAllowed: false,
  maxItems: 1,
  bodyMax: 1500,
};

export const GOOGLE_BUSINESS_FORMATS = {
  standard: localPost,
  event: localPost,
  offer: localPost,
  photo: {
    image: {
      maxBytes: 5 * MB,
      minBytes: PHOTO_MIN_BYTES,
      types: ["jpg", "png"],
      maxCount: 1,
      minWidth: 250,
      minHeight: 250,
    },
    mediaRequired: true,
    mixingAllowed: false,
    maxItems: 1,
    bodyMax: null,
  },
} satisfies Record<GoogleBusinessPostParams["format"], FormatLimits>;

const CTA_KEYS = ["cta_action_type", "cta_url"] as const;
const SCHEDULE_KEYS = [
  "event_title",
  "event_start_date",
  "event_end_date",
  "event_start_time",
  "event_end_time",
] as const;
const OFFER_KEYS = ["offer_coupon_code", "offer_redeem_url", "offer_terms"] as const;

const ctaIssues = (p: GoogleBusinessPostParams): string[] => {
  if (!p.cta_action_type) return p.cta_url ? ["cta_url requires cta_action_type"] : [];
  if (p.cta_action_type === "CALL")
    return p.cta_url
      ? ["cta_url must not be set with cta_action_type CALL (the button calls the location's phone number)"]
      : [];
  return p.cta_url ? [] : [`cta_url is required for cta_action_type ${p.cta_action_type}`];
};

const scheduleIssues = (p: GoogleBusinessPostParams): string[] => {
  const what = p.format === "event" ? "an event" : "an offer";
  const issues: string[] = [];
  if (p.format === "event" && !p.event_title) issues.push("event_title is required for an event");
  issues.push(...tooLong("event_title", p.event_title, 58));
  if (!p.event_start_date) issues.push(`event_start_date is required for ${what}`);
  if (!p.event_end_date) issues.push(`event_end_date is required for ${what}`);
  if (p.event_start_date && p.event_end_date && p.event_end_date < p.event_start_date)
    issues.push("event_end_date must be on or after event_start_date");
  if (p.event_start_time && !p.event_end_time) issues.push("event_end_time is required with event_start_time");
  if (p.event_end_time && !p.event_start_time) issues.push("event_start_time is required with event_end_time");
  const oneDay = p.event_start_date !== undefined && p.event_start_date === p.event_end_date;
  if (oneDay && p.event_start_time && p.event_end_time && p.event_end_time <= p.event_start_time)
    issues.push("event_end_time must be after event_start_time when the event starts and ends on the same day");
  return issues;
};

const formatIssues = (p: GoogleBusinessPostParams): string[] => {
  switch (p.format) {
    case "photo":
      return notOn(p, [...CTA_KEYS, "language_code", ...SCHEDULE_KEYS, ...OFFER_KEYS], "does not apply to photo posts");
    case "standard":
      return [...ctaIssues(p), ...notOn(p, [...SCHEDULE_KEYS, ...OFFER_KEYS], "applies to event and offer posts only")];
    case "event":
      return [...ctaIssues(p), ...scheduleIssues(p), ...notOn(p, OFFER_KEYS, "applies to offer posts only")];
    case "offer":
      return [...ctaIssues(p), ...scheduleIssues(p)];
  }
};

export const googleBusinessPostRules: PostRules<GoogleBusinessPostParams> = {
  params: ZGoogleBusinessPostParams,
  formats: GOOGLE_BUSINESS_FORMATS,
  formatOf: (params) => params.format,
  validate: (draft) => {
    const { params } = draft;
    return [
      ...placementIssues("location_id", params.location_id, draft.profile.placementIds, "locations"),
      ...postIssues(draft.body, draft.media, GOOGLE_BUSINESS_FORMATS[params.format]), // photo: bodyMax null, the body is not checked
      ...(params.format === "standard" ? bodyOrMedia(draft.body, draft.media) : []),
      ...formatIssues(params),
      ...threadRefused("google_business", draft.thread),
    ];
  },
};
