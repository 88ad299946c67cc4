import { z } from "zod";
import { GB, MB, bodyLengthIssues, type FormatLimits, type PostRules } from "../post-rules";
import { threadRefused, tooLong, zAltText, zChoice, zText, zTextList } from "../post-rules/draft-checks";
import { formatMediaIssues, zCountries, zIntChoice } from "../post-rules/field-extras";

// LinkedIn (limits: the Limits of the API reference at /docs). `post`: commentary of at most 3,000
// characters with up to 20 images, or 1 video, or 1 document (alone); or a reshare of another post
// (`reshare_urn`, no media; an empty body is a plain repost). `poll`: a question (1 to 140), 2 to 4
// options (at most 30 each) and a duration of 1, 3, 7 or 14 days (default 7); no media, no reshare; the
// body is the commentary above it. `organization_id` (one of the profile's organizations; omitted:
// the personal profile) and `countries` targeting (organization posts only, at most 25 allowed codes).
// Poll fields on a `post` are ignored.

export const LINKEDIN_FORMATS = ["post", "poll"] as const;
export const LINKEDIN_COUNTRIES_MAX = 25;
export const LINKEDIN_POLL = { questionMax: 140, optionsMin: 2, optionsMax: 4, optionMax: 30, defaultDays: 7 } as const;
// The countries LinkedIn audience targeting accepts (spec's allowlist).
export const LINKEDIN_TARGET_COUNTRIES: ReadonlySet<string> = new Set(
  (
    "AE AR AT AU BD BE BG BH BR BY CA CH CL CN CO CR CY CZ DE DK EE EG ES FI FR GB GE GH GR HK HR HU ID IE IL IN IS IT JO JP KE " +
    "KR KW KZ LB LK LT LU LV MA MT MX MY NG NL NO NP NZ OM PA PE PH PK PL PT QA RO RS RU SA SE SG SI SK TH TN TR TW UA US UY VE VG VI VN ZA"
  ).split(" "),
);

const URN_TYPES: Record<string, string> = { share: "share", ugcpost: "ugcPost", activity: "activity" };
const URN = /urn:li:(share|ugcpost|activity):(\d+)/i;
const SLUG = /(?:^|[-_])(share|ugcpost|activity)-(\d{6,})(?:-|$)/i;

// A post URN (urn:li:share|ugcPost|activity:<id>) from itself or from a post URL: /feed/update/<urn>,
// /embed/feed/update/<urn> (possibly percent-encoded) or /posts/<author>_<slug>-activity-<id>-<hash>.
// Null when the value is neither (short links such as lnkd.in cannot be resolved offline).
export const linkedinPostUrn = (input: string): string | null => {
  const value = input.trim();
  const canonical = (m: RegExpExecArray) => `urn:li:${URN_TYPES[m[1]!.toLowerCase()]}:${m[2]}`;
  const bare = /^urn:li:(share|ugcpost|activity):(\d+)$/i.exec(value);
  if (bare) return canonical(bare);
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!/(^|\.)linkedin\.com$/i.test(url.hostname)) return null;
  let path = url.pathname;
  try {
    path = decodeURIComponent(path);
  } catch {
    // keep it encoded
  }
  const inPath = /\/feed\/update\//i.test(path) ? URN.exec(path) : null;
  if (inPath) return canonical(inPath);
  const post = /^\/posts\/([^/]+)/i.exec(path);
  const slug = post ? SLUG.exec(post[1]!) : null;
  return slug ? canonical(slug) : null;
};

const zReshareUrn = () =>
  zText().transform((value, ctx) => {
    if (value === undefined) return undefined;
    const urn = linkedinPostUrn(value);
    if (urn) return urn;
    ctx.addIssue({
      code: "custom",
      message: "must be a LinkedIn post URN (urn:li:share:…, urn:li:ugcPost:… or urn:li:activity:…) or a post URL",
    });
    return z.NEVER;
  });

export const ZLinkedInParams = z
  .object({
    format: zChoice(LINKEDIN_FORMATS).transform((v) => v ?? "post"),
    // The organization id as the profile's placements hold it; its URN is accepted too.
    organization_id: z
      .preprocess((v) => (typeof v === "number" ? String(v) : v), zText())
      .transform((v) => v?.replace(/^urn:li:organization:/i, "")),
    reshare_urn: zReshareUrn(),
    alt_text: zAltText(),
    countries: zCountries(),
    poll_question: zText(),
    poll_options: zTextList(),
    poll_duration_days: zIntChoice([1, 3, 7, 14]),
  })
  .transform((p) =>
    p.format === "poll" ? { ...p, poll_duration_days: p.poll_duration_days ?? LINKEDIN_POLL.defaultDays } : p,
  );
export type LinkedInParams = z.output<typeof ZLinkedInParams>;

export const LINKEDIN_FORMAT_LIMITS = {
  post: {
    image: { maxBytes: 8 * MB, types: ["jpg", "png", "gif"], maxCount: 20, minWidth: 552, minHeight: 276 },
    video: { maxBytes: 5 * GB, types: ["mp4", "mov", "avi"], maxCount: 1, maxDurationSec: 15 * 60 },
    document: { maxBytes: 100 * MB, types: ["pdf", "doc", "docx", "ppt", "pptx"], maxCount: 1 }, // up to 300 pages; alone
    mediaRequired: false,
    mixingAllowed: false,
    maxItems: 20,
    bodyMax: 3_000,
  },
  poll: { mediaRequired: false, mixingAllowed: false, maxItems: 0, bodyMax: 3_000 },
} satisfies Record<LinkedInParams["format"], FormatLimits>;

type Draft = Parameters<PostRules<LinkedInParams>["validate"]>[0];

const countriesIssues = ({ params }: Draft): string[] => {
  const countries = params.countries ?? [];
  if (countries.length === 0) return [];
  const issues: string[] = [];
  if (params.organization_id === undefined)
    issues.push("countries requires organization_id (targeting applies to organization posts only)");
  if (countries.length > LINKEDIN_COUNTRIES_MAX)
    issues.push(`countries has ${countries.length} codes (maximum ${LINKEDIN_COUNTRIES_MAX})`);
  const unsupported = countries.filter((c) => !LINKEDIN_TARGET_COUNTRIES.has(c));
  if (unsupported.length > 0) issues.push(`countries: ${unsupported.join(", ")} cannot be targeted on LinkedIn`);
  return issues;
};

const pollIssues = ({ media, params }: Draft): string[] => {
  const issues: string[] = [];
  if (media.length > 0) issues.push("media is not allowed on a poll");
  if (params.reshare_urn !== undefined) issues.push("reshare_urn cannot be combined with a poll");
  if (params.poll_question === undefined) issues.push("poll_question is required for poll");
  issues.push(...tooLong("poll_question", params.poll_question, LINKEDIN_POLL.questionMax));
  const options = params.poll_options;
  if (options === undefined) issues.push("poll_options is required for poll");
  else if (options.length < LINKEDIN_POLL.optionsMin || options.length > LINKEDIN_POLL.optionsMax) {
    issues.push(
      `poll_options has ${options.length} options (${LINKEDIN_POLL.optionsMin} to ${LINKEDIN_POLL.optionsMax} required)`,
    );
  }
  options?.forEach((option, i) => {
    if (option.trim() === "") issues.push(`poll_options[${i}] can't be blank`);
    issues.push(...tooLong(`poll_options[${i}]`, option, LINKEDIN_POLL.optionMax));
  });
  return issues;
};

const postIssues = ({ body, media, params }: Draft): string[] => {
  const issues = formatMediaIssues(media, LINKEDIN_FORMAT_LIMITS.post, "post");
  const documents = media.filter((m) => m.kind === "document").length;
  if (documents > 0 && media.length > documents) issues.push("media: a document must be the only attachment");
  if (params.reshare_urn !== undefined && media.length > 0) issues.push("media cannot be combined with reshare_urn");
  if (params.reshare_urn === undefined && body.trim() === "" && media.length === 0)
    issues.push("body is required when there is no media or reshare_urn");
  return issues;
};

export const linkedinPostRules: PostRules<LinkedInParams> = {
  params: ZLinkedInParams,
  formats: LINKEDIN_FORMAT_LIMITS,
  formatOf: (params) => params.format,
  validate: (draft) => {
    const { params, profile } = draft;
    const issues = [
      ...threadRefused("linkedin", draft.thread),
      ...bodyLengthIssues(draft.body, LINKEDIN_FORMAT_LIMITS[params.format]),
    ];
    if (params.organization_id !== undefined && !profile.placementIds.includes(params.organization_id)) {
      issues.push("organization_id must be one of the profile's organizations");
    }
    issues.push(...countriesIssues(draft), ...(params.format === "poll" ? pollIssues(draft) : postIssues(draft)));
    return issues;
  },
};
