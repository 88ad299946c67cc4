import { z } from "zod";
import { GB, MB, bodyLengthIssues, type FormatLimits, type PostRules } from "../post-rules";
import { placementIssues, threadRefused, zAltText, zChoice, zId, zText, zUrl } from "../post-rules/draft-checks";
import { formatMediaIssues, zCountries, zMaybeFlag } from "../post-rules/field-extras";

// Facebook Page posts (limits: the Limits of the API reference at /docs). Every format needs `page_id`,
// one of the profile's pages. `post` (the feed): text, up to 10 images or 1 video (not mixed), or a
// `link` (text-only: the preview card is built from the target page). `reel`: one video, caption up to
// 2,200 characters, optional `title`. `story`: one image or one video, no caption (the body is ignored).
// Parameters that do not apply to a format are ignored, not refused, as the spec says for reels and
// stories (`countries`, `link`, `made_with_ai` on anything but an image feed post, `title` off reels),
// because one post usually goes to several networks and formats with the same fields.
// `made_with_ai: true` on an image feed post, where it would apply, is refused: the Graph API has no
// parameter for Meta's "AI info" label on Page posts (Meta applies the label itself from the file's
// C2PA/IPTC metadata), so accepting it would promise a label that is never set. `false` is what
// publishing does anyway and passes.

export const FACEBOOK_FORMATS = ["post", "reel", "story"] as const;

export const ZFacebookParams = z.object({
  format: zChoice(FACEBOOK_FORMATS).transform((v) => v ?? "post"),
  page_id: zId(),
  first_comment: zText(),
  alt_text: zAltText(),
  made_with_ai: zMaybeFlag(),
  countries: zCountries(), // post format only; set at publish time and unchangeable
  link: zUrl("http"),
  title: zText(), // reel only
});
export type FacebookParams = z.output<typeof ZFacebookParams>;

export const FACEBOOK_FORMAT_LIMITS = {
  post: {
    image: { maxBytes: 4 * MB, types: ["jpg", "png", "gif", "webp"], maxCount: 10, minWidth: 200, minHeight: 200 },
    video: { maxBytes: 4 * GB, types: ["mp4", "mov"], maxCount: 1, minDurationSec: 1, maxDurationSec: 4 * 3600 },
    mediaRequired: false,
    mixingAllowed: false,
    maxItems: 10,
    bodyMax: 63_206,
  },
  reel: {
    video: { maxBytes: 300 * MB, types: ["mp4", "mov"], maxCount: 1, minDurationSec: 3, maxDurationSec: 90 },
    mediaRequired: true,
    mixingAllowed: false,
    maxItems: 1,
    bodyMax: 2_200,
  },
  story: {
    image: { maxBytes: 4 * MB, types: ["jpg", "png"], maxCount: 1, minWidth: 500, minHeight: 500 },
    video: { maxBytes: 4 * GB, types: ["mp4", "mov"], maxCount: 1, minDurationSec: 3, maxDurationSec: 60 },
    mediaRequired: true,
    mixingAllowed: false,
    maxItems: 1,
    bodyMax: null, // stories take no caption
  },
} satisfies Record<FacebookParams["format"], FormatLimits>;

export const facebookPostRules: PostRules<FacebookParams> = {
  params: ZFacebookParams,
  formats: FACEBOOK_FORMAT_LIMITS,
  formatOf: (params) => params.format,
  validate: ({ body, media, thread, params, profile }) => {
    const { format } = params;
    const limits = FACEBOOK_FORMAT_LIMITS[format];
    const issues = [
      ...threadRefused("facebook", thread),
      ...placementIssues("page_id", params.page_id, profile.placementIds, "pages"),
      ...bodyLengthIssues(body, limits),
      ...formatMediaIssues(media, limits, format),
    ];
    if (format === "post") {
      if (params.link !== undefined && media.length > 0)
        issues.push("link cannot be combined with media (a link post is text-only)");
      if (body.trim() === "" && media.length === 0 && params.link === undefined)
        issues.push("body is required when there is no media or link");
      if (params.made_with_ai === true && media.some((m) => m.kind === "image" || m.kind === "gif")) {
        issues.push(
          "made_with_ai is not supported: the Graph API cannot set the AI label on Page posts (Meta labels AI images from their metadata)",
        );
      }
    }
    return issues;
  },
};
