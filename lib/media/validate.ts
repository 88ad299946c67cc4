import type { FormatLimits, MediaKind, MediaKindLimit } from "@/lib/networks/post-rules";
import { typeNamesOf } from "./content-type";
import { formatAgainst, formatBytes, formatDuration } from "./format";

// A stored file against a network format's per-kind limits, once its bytes are known (publishing time;
// counts, kinds and mixing are checked at creation by mediaIssues). One message per problem, named by
// position: "media[0] is 9.1 MB (maximum 8 MB for images)". Unknown dimensions or durations pass.

export type MediaFacts = {
  contentType: string;
  sizeBytes: number | null; // null: not known (the size is not checked)
  kind: MediaKind;
  width?: number | null;
  height?: number | null;
  durationSec?: number | null;
};

type KnownKind = Exclude<MediaKind, "unknown">;
const PLURAL = { image: "images", gif: "GIFs", video: "videos", document: "documents" } as const;

// The limit a file of this kind is held to, and the name of its kind in messages: a GIF by the format's
// own GIF limit where the network has one, otherwise as an image.
export const kindLimitOf = (limits: FormatLimits, kind: KnownKind): { limit?: MediaKindLimit; plural: string } => {
  if (kind === "gif" && limits.gif) return { limit: limits.gif, plural: PLURAL.gif };
  const key = kind === "gif" ? "image" : kind;
  return { limit: limits[key], plural: PLURAL[key] };
};

// One file's bytes against its kind's limit: what creation checks where the size is already known
// (uploads), what publishing checks once stored, and what the sandbox network refuses.
// "media[0] is 9 MB (maximum 5 MB for images)". Unknown sizes and kinds, and kinds the format lacks, pass here.
export const mediaSizeIssues = (
  file: { kind: MediaKind; sizeBytes: number | null },
  limits: FormatLimits,
  label: string,
): string[] => {
  if (file.kind === "unknown" || file.sizeBytes === null) return [];
  const { limit, plural } = kindLimitOf(limits, file.kind);
  if (!limit) return [];
  if (file.sizeBytes > limit.maxBytes) {
    const [actual, maximum] = formatAgainst(file.sizeBytes, limit.maxBytes, formatBytes);
    return [`${label} is ${actual} (maximum ${maximum} for ${plural})`];
  }
  if (limit.minBytes !== undefined && file.sizeBytes < limit.minBytes) {
    const [actual, minimum] = formatAgainst(file.sizeBytes, limit.minBytes, formatBytes);
    return [`${label} is ${actual} (minimum ${minimum} for ${plural})`];
  }
  return [];
};

export const mediaLimitIssues = (file: MediaFacts, limits: FormatLimits, index: number, field = "media"): string[] => {
  const label = `${field}[${index}]`;
  if (file.kind === "unknown") return [`${label} has an unsupported file type (${file.contentType})`];
  const { limit, plural } = kindLimitOf(limits, file.kind);
  if (!limit) return [`${label}: ${plural} are not supported here`];

  const issues: string[] = [];
  const names = typeNamesOf(file.contentType);
  if (!names.some((name) => limit.types.includes(name))) {
    issues.push(`${label} is ${names[0]} (allowed for ${plural}: ${limit.types.join(", ")})`);
  }
  issues.push(...mediaSizeIssues(file, limits, label));
  const { width, height } = file;
  const isNarrow = limit.minWidth !== undefined && width != null && width < limit.minWidth;
  const isShort = limit.minHeight !== undefined && height != null && height < limit.minHeight;
  if (isNarrow || isShort) {
    const minimum =
      limit.minWidth !== undefined && limit.minHeight !== undefined
        ? `${limit.minWidth}x${limit.minHeight}`
        : limit.minWidth !== undefined
          ? `width ${limit.minWidth}`
          : `height ${limit.minHeight}`;
    issues.push(`${label} is ${width ?? "?"}x${height ?? "?"} pixels (minimum ${minimum})`);
  }
  const duration = file.durationSec;
  if (duration != null && limit.minDurationSec !== undefined && duration < limit.minDurationSec) {
    const [actual, minimum] = formatAgainst(duration, limit.minDurationSec, formatDuration);
    issues.push(`${label} is ${actual} long (minimum ${minimum})`);
  }
  if (duration != null && limit.maxDurationSec !== undefined && duration > limit.maxDurationSec) {
    const [actual, maximum] = formatAgainst(duration, limit.maxDurationSec, formatDuration);
    issues.push(`${label} is ${actual} long (maximum ${maximum})`);
  }
  return issues;
};
