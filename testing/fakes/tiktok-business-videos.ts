import type { FakeReply } from "./support";

// The TikTok fake's GET /open_api/v1.3/business/video/list/ (the account's own videos), strict like the
// rest of its API for Business: `fields` is a JSON array of known field names, `filters` a JSON object
// with `video_ids`, max_count 1 to 20; a video's metrics as set in `metrics` (0 otherwise); its share_url
// is www.tiktok.com/@{username}/video/{id} with TikTok's tracking query. Sources: github.com/bububa/tiktok-business model/business/video/list.go and
// video.go, github.com/aoyagikouhei/tiktok-business maker/apis/get_business_video_list.yaml.
// Access-Token and business_id are checked by the caller (tiktok-comments.ts).

const QUERY = ["business_id", "fields", "filters", "cursor", "max_count"];
const METRICS = [
  "video_views",
  "likes",
  "comments",
  "shares",
  "reach",
  "video_duration",
  "average_time_watched",
  "total_time_watched",
  "full_video_watched_rate",
];
const FIELDS = ["item_id", "create_time", "thumbnail_url", "share_url", "embed_url", "caption", ...METRICS];
const FILTERS = ["video_ids", "ad_post_only"];

const parseJson = (text: string | undefined): unknown => {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return Symbol.for("invalid");
  }
};
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

// The answer to one video list request: `reply(code, message)` for errors, `ok(data)` otherwise.
export const businessVideoList = (
  q: Record<string, string>,
  {
    videos,
    username,
    metrics,
  }: { videos: Set<string>; username: string; metrics: Map<string, Record<string, number>> },
  { ok, param }: { ok: (data: unknown) => FakeReply; param: (message: string) => FakeReply },
): FakeReply => {
  const unknown = Object.keys(q).find((k) => !QUERY.includes(k));
  if (unknown) return param(`Unknown parameter: ${unknown}`);
  const fields = parseJson(q.fields) ?? ["item_id"];
  if (!isStrings(fields) || fields.some((f) => !FIELDS.includes(f))) return param(`Invalid fields: ${q.fields}`);
  const filters = parseJson(q.filters) ?? {};
  if (!filters || typeof filters !== "object" || Array.isArray(filters)) return param("filters must be a JSON object");
  const bad = Object.keys(filters).find((k) => !FILTERS.includes(k));
  if (bad) return param(`Unknown filter: ${bad}`);
  const ids = (filters as { video_ids?: unknown }).video_ids;
  if (ids !== undefined && !isStrings(ids)) return param("video_ids must be a list of strings");
  const max = Number(q.max_count ?? "10");
  if (!Number.isInteger(max) || max < 1 || max > 20) return param("max_count must be 1 to 20");
  const chosen = [...videos].filter((id) => !ids || ids.includes(id)).slice(0, max);
  const all = {
    item_id: (id: string) => id,
    share_url: (id: string) =>
      `https://www.tiktok.com/@${username}/video/${id}?utm_campaign=tt4d_open_api&utm_source=7000000000000000000`,
    ...Object.fromEntries(METRICS.map((m) => [m, (id: string) => metrics.get(id)?.[m] ?? 0])),
  } as Record<string, (id: string) => unknown>;
  return ok({
    videos: chosen.map((id) => Object.fromEntries(fields.map((f) => [f, all[f]?.(id) ?? null]))),
    cursor: 0,
    has_more: false,
  });
};
