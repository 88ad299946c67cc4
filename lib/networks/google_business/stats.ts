import { z } from "zod";
import { count, googleJson, withQuery } from "../google/api";
import type { ConnectorContext, ProfileAuth, PublishInput, StatsReading } from "../types";
import { locationOf } from "./publish";

// Location stats from the Business Profile Performance API:
// GET {performance_url}/locations/{l}:fetchMultiDailyMetricsTimeSeries?dailyMetrics=…&dailyRange.…
// over the last LOOKBACK_DAYS days up to yesterday (UTC). Google's numbers lag a few days, so the
// reading is the latest day that has any value: each metric's value on that day under its own name
// (BUSINESS_IMPRESSIONS_DESKTOP_MAPS, CALL_CLICKS, …; profile keys are
// network-native, lib/schemas/stats.ts), 0 where Google left a day's value out, plus `date` (YYYY-MM-DD) saying which day.
// The metrics are exactly the Performance API's DailyMetric enum (discovery document
// businessprofileperformance v1) minus DAILY_METRIC_UNKNOWN: Google answers 400 INVALID_ARGUMENT to any
// other name and the whole reading fails. Conversations are BUSINESS_CONVERSATIONS; there is no
// MESSAGING_CLICKS daily metric.
//
// Post stats: none. localPosts:reportInsights belongs to the v4 insights Google deprecated in favour of
// the Performance API, which has no per-post metrics, and the spec lists no google_business post keys.

export const DAILY_METRICS = [
  "BUSINESS_IMPRESSIONS_DESKTOP_MAPS",
  "BUSINESS_IMPRESSIONS_DESKTOP_SEARCH",
  "BUSINESS_IMPRESSIONS_MOBILE_MAPS",
  "BUSINESS_IMPRESSIONS_MOBILE_SEARCH",
  "BUSINESS_CONVERSATIONS",
  "BUSINESS_DIRECTION_REQUESTS",
  "CALL_CLICKS",
  "WEBSITE_CLICKS",
  "BUSINESS_BOOKINGS",
  "BUSINESS_FOOD_ORDERS",
  "BUSINESS_FOOD_MENU_CLICKS",
] as const;
const LOOKBACK_DAYS = 14;

type Ctx = ConnectorContext<{ performance_url: string }>;

const ZDate = z.object({ year: z.number(), month: z.number(), day: z.number() });
const ZSeries = z.object({
  dailyMetric: z.string(),
  timeSeries: z
    .object({
      datedValues: z.array(z.object({ date: ZDate, value: z.union([z.string(), z.number()]).optional() })).optional(),
    })
    .optional(),
});
const ZResponse = z.object({
  multiDailyMetricTimeSeries: z.array(z.object({ dailyMetricTimeSeries: z.array(ZSeries).optional() })).optional(),
});

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (d: z.infer<typeof ZDate>) => `${d.year}-${pad(d.month)}-${pad(d.day)}`;
const dayUtc = (daysAgo: number, now: number) => {
  const d = new Date(now - daysAgo * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
};

export const locationStats = async (
  ctx: Ctx,
  auth: ProfileAuth,
  placement: PublishInput["placement"],
  now = Date.now(),
): Promise<StatsReading> => {
  const locationId = locationOf({ placement, params: {} }).split("/").pop()!;
  const start = dayUtc(LOOKBACK_DAYS, now);
  const end = dayUtc(1, now);
  const url = withQuery(
    `${ctx.settings.performance_url.replace(/\/+$/, "")}/locations/${locationId}:fetchMultiDailyMetricsTimeSeries`,
    {
      dailyMetrics: [...DAILY_METRICS],
      "dailyRange.startDate.year": String(start.year),
      "dailyRange.startDate.month": String(start.month),
      "dailyRange.startDate.day": String(start.day),
      "dailyRange.endDate.year": String(end.year),
      "dailyRange.endDate.month": String(end.month),
      "dailyRange.endDate.day": String(end.day),
    },
  );
  const body = await googleJson(ctx, url, auth, { schema: ZResponse, what: "fetchMultiDailyMetricsTimeSeries" });

  // metric -> date -> value (series of one metric split by sub-entity are added up)
  const byMetric = new Map<string, Map<string, number | null>>();
  for (const series of (body.multiDailyMetricTimeSeries ?? []).flatMap((m) => m.dailyMetricTimeSeries ?? [])) {
    const days = byMetric.get(series.dailyMetric) ?? new Map<string, number | null>();
    for (const { date, value } of series.timeSeries?.datedValues ?? []) {
      const key = iso(date);
      const v = count(value);
      const prior = days.get(key) ?? null;
      days.set(key, v === null ? prior : (prior ?? 0) + v);
    }
    byMetric.set(series.dailyMetric, days);
  }
  const dates = [...new Set([...byMetric.values()].flatMap((days) => [...days.keys()]))].sort();
  const withData = dates.filter((d) => [...byMetric.values()].some((days) => days.get(d) != null));
  const date = withData.at(-1) ?? null;

  const values: Record<string, number | null> = {};
  for (const metric of new Set<string>([...DAILY_METRICS, ...byMetric.keys()])) {
    values[metric] = date === null ? null : (byMetric.get(metric)?.get(date) ?? 0);
  }
  return { stats: { ...values, date }, raw: { ...values, date, location: `locations/${locationId}` } };
};
