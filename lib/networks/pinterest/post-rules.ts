import { z } from "zod";
import { GB, MB, type FormatLimits, type PostRules } from "../post-rules";
import {
  placementIssues,
  postIssues,
  threadRefused,
  tooLong,
  zAltText,
  zChoice,
  zId,
  zPattern,
  zText,
  zUrl,
} from "../post-rules/draft-checks";

// Pinterest pins (API v5 POST /v5/pins). The parameters follow what client libraries send and
// the API: `board_id` (required: there is no default board; one of the profile's boards, its
// placements), `board_section_id`, `title` (at most 100 characters), `link` (http or https, at most
// 2,048 characters; the SDKs' `destination_link` is accepted as an alias and normalised to `link`),
// `alt_text` (at most 500 characters; a pin has one, so a list is accepted only with one entry),
// `cover_url` and `thumb_offset` (milliseconds) for video pins. The body is the pin's description
// (at most 500 characters).
//
// Media is required: one image, one video, or a carousel of 2 to 5 images (media_source
// multiple_image_urls; Pinterest also wants them the same size, checked when publishing). Images and a
// video are not mixed. No chains. A video pin with neither cover_url nor thumb_offset takes its cover
// from the first frame (cover_image_key_frame_time 0).

export const ZPinterestPostParams = z
  .object({
    format: zChoice(["pin"] as const).transform((v) => v ?? "pin"),
    board_id: zId(),
    board_section_id: zText(),
    title: zText(),
    link: zUrl("http"),
    destination_link: zUrl("http"),
    alt_text: zAltText().transform((v) => (Array.isArray(v) && v.length === 1 ? v[0] : v)),
    cover_url: zUrl("http"),
    thumb_offset: z.preprocess(
      (v) => (typeof v === "number" ? String(v) : v),
      zPattern(/^\d+$/, "must be a whole number of milliseconds"),
    ),
  })
  .transform(({ destination_link, ...p }) => ({ ...p, link: p.link ?? destination_link }));
export type PinterestPostParams = z.output<typeof ZPinterestPostParams>;

export const PINTEREST_FORMATS = {
  pin: {
    image: { maxBytes: 20 * MB, types: ["jpg", "png", "webp", "gif"], maxCount: 5 },
    video: { maxBytes: 2 * GB, types: ["mp4", "mov", "m4v"], maxCount: 1, minDurationSec: 4, maxDurationSec: 15 * 60 },
    mediaRequired: true,
    mixingAllowed: false,
    maxItems: 5,
    bodyMax: 500,
  },
} satisfies Record<PinterestPostParams["format"], FormatLimits>;

const altIssues = (alt: string | string[] | undefined): string[] => {
  if (Array.isArray(alt))
    return alt.length > 1 ? [`alt_text must be one text on pinterest (a pin has one; ${alt.length} given)`] : [];
  return tooLong("alt_text", alt, 500);
};

const videoOnly = (params: PinterestPostParams, hasVideo: boolean): string[] =>
  hasVideo
    ? []
    : (["cover_url", "thumb_offset"] as const)
        .filter((key) => params[key] !== undefined)
        .map((key) => `${key} applies to video pins only`);

export const pinterestPostRules: PostRules<PinterestPostParams> = {
  params: ZPinterestPostParams,
  formats: PINTEREST_FORMATS,
  formatOf: (params) => params.format,
  validate: (draft) => {
    const { params } = draft;
    return [
      ...placementIssues("board_id", params.board_id, draft.profile.placementIds, "boards"),
      ...postIssues(draft.body, draft.media, PINTEREST_FORMATS.pin),
      ...tooLong("title", params.title, 100),
      ...tooLong("link", params.link, 2048),
      ...altIssues(params.alt_text),
      ...videoOnly(
        params,
        draft.media.some((m) => m.kind === "video"),
      ),
      ...threadRefused("pinterest", draft.thread),
    ];
  },
};
