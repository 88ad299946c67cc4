import type { FormatLimits, MediaKind } from "@/lib/networks/post-rules";
import { typeNamesOf } from "./content-type";
import { formatAgainst, formatBytes, formatDuration } from "./format";

// A stored file against a network format's per-kind limits, once its bytes are known (publishing time;
// counts, kinds and mixing are checked at creation by mediaIssues). One message per problem, named by
// position: "media[0] is 9.1 MB (maximum 8 MB for images)". Unknown dimensions or durations pass.

export type MediaFacts = {
  contentType: string;
  sizeBytes: number;
  kind: MediaKind;
  width?: number | null;
  height?: number | null;
  durationSec?: number | null;
};

const LIMIT_OF = { image: "image", gif: "image", video: "video", document: "document" } as const;
const PLURAL = { image: "images", video: "videos", document: "documents" } as const;

export const mediaLimitIssues = (file: MediaFacts, limits: FormatLimits, index: number, field = "media"): string[] => {
  const label = `${field}[${index}]`;
  if (file.kind === "unknown") return [`${label} has an unsupported file type (${file.contentType})`];
  const kind = LIMIT_OF[file.kind];
  const limit = limits[kind];
  if (!limit) return [`${label}: ${PLURAL[kind]} are not supported here`];

  const issues: string[] = [];
  const names = typeNamesOf(file.contentType);
  if (!names.some((name) => limit.types.includes(name))) {
    issues.push(`${label} is ${names[0]} (allowed for ${PLURAL[kind]}: ${limit.types.join(", ")})`);
  }
  if (file.sizeBytes > limit.maxBytes) {
    const [actual, maximum] = formatAgainst(file.sizeBytes, limit.maxBytes, formatBytes);
    issues.push(`${label} is ${actual} (maximum ${maximum} for ${PLURAL[kind]})`);
  }
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
