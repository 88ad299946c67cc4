import { ZProfileParams } from "@/lib/schemas/profiles";
import { ZDailyStats, ZPostsStats, ZPostsStatsQuery, ZProfileStats, ZProfileStatsQuery } from "@/lib/schemas/stats";
import { defineEndpoint } from "./define";
import { R400, R401, R404 } from "./responses";

const tag = "Stats";

export const getProfileStats = defineEndpoint({
  operationId: "getProfileStats",
  method: "GET",
  path: "/api/profiles/{id}/stats",
  tag,
  summary: "A profile's stat snapshots (about every 23 hours), oldest first",
  description:
    "On facebook, linkedin and telegram `placement_id` (optional) picks one placement's series; without it every placement's snapshots come back, interleaved oldest first, each record naming its `placement_id`. `from`/`to` (ISO 8601 timestamps, or dates meaning the whole UTC day; inclusive) narrow the range. Keys are the network's own (followers_count, followerCount, ...).",
  auth: "apiKey",
  params: ZProfileParams,
  query: ZProfileStatsQuery,
  responses: { 200: { description: "Timeseries", schema: ZProfileStats }, ...R400, ...R401, ...R404 },
});

export const getDailyStats = defineEndpoint({
  operationId: "getDailyStats",
  method: "GET",
  path: "/api/profiles/{id}/daily_stats",
  tag,
  summary: "A profile's stats, one entry per day",
  description:
    "The last snapshot of each UTC day. On facebook, linkedin and telegram, optional `placement_id` picks one placement; without it there is one entry per day and placement (by date, then placement), each naming its `placement_id`. Network-specific daily metrics go under `platform_stats` (tiktok: `profile_views`).",
  auth: "apiKey",
  params: ZProfileParams,
  query: ZProfileStatsQuery,
  responses: { 200: { description: "Daily stats", schema: ZDailyStats }, ...R400, ...R401, ...R404 },
});

export const getPostsStats = defineEndpoint({
  operationId: "getPostsStats",
  method: "GET",
  path: "/api/posts/stats",
  tag,
  summary: "Stat snapshots of posts, per network",
  description:
    "`post_ids` (comma-separated, at most 50; 400 without) and optional `profiles` (ids and/or network names, mixed), `from`, `to` (inclusive). Posts the caller cannot see, or without a matching network, are left out. Normalised keys per network in `stats`, the network's own names in `raw_stats`.",
  auth: "apiKey",
  query: ZPostsStatsQuery,
  responses: { 200: { description: "Stats by post id", schema: ZPostsStats }, ...R400, ...R401 },
});
