import { GB, MB } from "@/lib/networks/post-rules";

// Sizes and durations in user-facing messages: "9.1 MB", "512 MB", "2.5 s", "15 min".

const trim = (value: number, digits: number) => value.toFixed(digits).replace(/\.?0+$/, "");

export const formatBytes = (bytes: number, digits = 1): string => {
  if (bytes >= GB) return `${trim(bytes / GB, digits)} GB`;
  if (bytes >= MB) return `${trim(bytes / MB, digits)} MB`;
  if (bytes >= 1024) return `${trim(bytes / 1024, digits)} KB`;
  return `${bytes} bytes`;
};

export const formatDuration = (seconds: number, digits = 1): string => {
  if (seconds >= 3 * 3600) return `${trim(seconds / 3600, digits)} h`;
  if (seconds >= 600) return `${trim(seconds / 60, digits)} min`;
  return `${trim(seconds, digits)} s`;
};

// A value and the limit it breaks, with enough digits that they never read the same ("8.01 MB", not
// "8 MB (maximum 8 MB)").
export const formatAgainst = (
  value: number,
  limit: number,
  format: (n: number, digits?: number) => string,
): [string, string] => {
  for (let digits = 1; digits <= 4; digits++) {
    const pair: [string, string] = [format(value, digits), format(limit, digits)];
    if (pair[0] !== pair[1]) return pair;
  }
  return [format(value, 6), format(limit, 6)];
};
