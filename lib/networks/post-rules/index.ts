import { z } from "zod";

// What each network checks about a post before it is accepted (POST /api/posts; the publishing issue #5
// wires these in). Pure and isomorphic: the API and the admin composer validate with the same rules.
//
// A network's rules are: a zod schema for its `platforms.<network>` object (parsing and normalising:
// comma-separated countries to arrays, a LinkedIn post URL to its URN, …), and `validate`, which checks
// the whole draft (body length, media counts and kinds, format-specific requirements) and returns one
// message per problem, each naming its field relative to the network (`user_tags[1].x must be …`,
// `body is too long (301 graphemes, maximum 300)`). The posts service prefixes them with the network.

export type MediaKind = "image" | "video" | "gif" | "document" | "unknown";

export type DraftMedia = {
  url: string;
  kind: MediaKind; // from the multipart part's content type or the URL's extension (mediaKindOf); "unknown" when neither tells
  sizeBytes?: number | null; // known for uploaded files (and media already stored); unknown for a URL not yet downloaded
};

export type PostDraft<TParams> = {
  body: string;
  media: DraftMedia[];
  thread: { body: string; media: DraftMedia[] }[]; // follow-ups of a chain (only networks with chains accept them)
  params: TParams; // the network's parsed parameters
  profile: {
    connectedAt: Date; // TikTok features depend on profiles connected on or after 2026-09-30
    metadata: Record<string, unknown>; // e.g. the X account's subscription tier
    placementIds: (string | null)[]; // the profile's known placements (page_id, chat_id, location_id must be one of them)
  };
};

// Media limits per format, from the spec's Limits table: used at creation (counts, kinds, mixing,
// required/forbidden, and bytes where the size is already known: uploaded files) and again at publishing
// once files are downloaded (bytes, types, durations, sizes; lib/media/validate.ts), by the sandbox too.
export type MediaKindLimit = {
  maxBytes: number;
  minBytes?: number;
  types: string[]; // file extensions / subtypes: jpg, png, gif, webp, mp4, mov, …
  maxCount: number;
  minWidth?: number;
  minHeight?: number;
  minDurationSec?: number;
  maxDurationSec?: number;
};
export type FormatLimits = {
  image?: MediaKindLimit;
  // Animated GIFs where the network holds them to their own limit (bytes, types, dimensions), as X does;
  // absent: a GIF is an image. Counts, kinds and mixing count GIFs among the images either way.
  gif?: MediaKindLimit;
  video?: MediaKindLimit;
  document?: MediaKindLimit;
  mediaRequired: boolean;
  mixingAllowed: boolean; // images and video in one post
  maxItems: number; // all media together (carousels)
  bodyMax: number | null; // characters (or graphemes, see countGraphemes); null: no caption
  countGraphemes?: boolean;
};

export type PostRules<TParams> = {
  params: z.ZodType<TParams>;
  formats: Record<string, FormatLimits>; // keyed by the network's `format` values
  formatOf(params: TParams): string;
  validate(draft: PostDraft<TParams>): string[];
};

export const MB = 1024 * 1024;
export const GB = 1024 * MB;

const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });
export const graphemeLength = (text: string): number => {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
};

const EXTENSIONS: Record<string, MediaKind> = {
  jpg: "image",
  jpeg: "image",
  png: "image",
  webp: "image",
  heic: "image",
  gif: "gif",
  mp4: "video",
  mov: "video",
  avi: "video",
  webm: "video",
  m4v: "video",
  pdf: "document",
  doc: "document",
  docx: "document",
  ppt: "document",
  pptx: "document",
  zip: "document",
  mp3: "document",
  wav: "document",
};

// The kind of a media item from its content type (multipart uploads) or its URL's extension.
export const mediaKindOf = ({ url, contentType }: { url: string; contentType?: string | null }): MediaKind => {
  const type = contentType?.split(";")[0]?.trim().toLowerCase();
  if (type === "image/gif") return "gif";
  if (type?.startsWith("image/")) return "image";
  if (type?.startsWith("video/")) return "video";
  if (type === "application/pdf" || type?.startsWith("application/vnd") || type === "application/msword")
    return "document";
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // a bare file name
  }
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (ext && EXTENSIONS[ext]) || "unknown";
};

// ISO 3166-1 alpha-2 codes as an array or a comma-separated string, case-insensitive -> upper-case array.
export const ZCountries = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((c) => c.trim().toUpperCase()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[A-Z]{2}$/, "countries must be ISO 3166-1 alpha-2 codes")));

// Body length against a format's limit, in characters or graphemes.
export const bodyLengthIssues = (body: string, limits: FormatLimits, field = "body"): string[] => {
  if (limits.bodyMax === null) return [];
  const length = limits.countGraphemes ? graphemeLength(body) : [...body].length;
  const unit = limits.countGraphemes ? "graphemes" : "characters";
  return length > limits.bodyMax ? [`${field} is too long (${length} ${unit}, maximum ${limits.bodyMax})`] : [];
};

// Counts, kinds, mixing and required/forbidden media against a format's limits.
export const mediaIssues = (media: DraftMedia[], limits: FormatLimits, field = "media"): string[] => {
  const issues: string[] = [];
  if (limits.mediaRequired && media.length === 0) issues.push(`${field} is required`);
  if (media.length > limits.maxItems) issues.push(`${field} has ${media.length} items (maximum ${limits.maxItems})`);
  const images = media.filter((m) => m.kind === "image" || m.kind === "gif");
  const videos = media.filter((m) => m.kind === "video");
  const documents = media.filter((m) => m.kind === "document");
  for (const [kind, items] of [
    ["image", images],
    ["video", videos],
    ["document", documents],
  ] as const) {
    if (items.length === 0) continue;
    const limit = limits[kind];
    if (!limit) issues.push(`${field}: ${kind}s are not supported here`);
    // one mistake, one message: the per-kind count only when the total is within bounds
    else if (items.length > limit.maxCount && media.length <= limits.maxItems)
      issues.push(`${field} has ${items.length} ${kind}s (maximum ${limit.maxCount})`);
  }
  if (!limits.mixingAllowed && images.length > 0 && videos.length > 0)
    issues.push(`${field} cannot mix images and video`);
  return issues;
};
