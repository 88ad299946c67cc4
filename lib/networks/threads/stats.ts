import type { z } from "zod";
import type { ProfileAuth, PublishInput, StatsReading } from "../types";
import { ZInsights, metricsByName, numberOf, seriesSum, unixSeconds, type Metric } from "../graph/insights";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import { threadsApi, threadsUserOf, type Ctx } from "./settings";

// Threads stats (Threads API insights). User: GET /{user-id}/threads_insights for the last day
// (views is a daily series, summed; likes, replies, reposts and quotes are range totals) and, in a call
// of its own because it takes no since/until, followers_count. Media: GET /{media-id}/insights; post
// `impressions` are Threads' `views`.

export const USER_METRICS = ["views", "likes", "replies", "reposts", "quotes"] as const;
export const MEDIA_METRICS = ["views", "likes", "replies", "reposts", "quotes", "shares"] as const;
const DAY_MS = 24 * 3600_000;

type Query = Record<string, string | number>;
const read = <S extends z.ZodType>(ctx: Ctx, auth: ProfileAuth, path: string, query: Query, schema: S) =>
  graphRequest(
    ctx,
    threadsApi,
    {
      url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, path),
      query,
      token: requireToken(auth),
      tokenIn: "query",
    },
    schema,
  );

// A range total, or the sum of a daily series.
const figure = (metric: Metric | undefined) =>
  metric?.total_value ? numberOf(metric.total_value.value) : seriesSum(metric);

export const threadsProfileStats = async (
  ctx: Ctx,
  { auth }: { auth: ProfileAuth; placement: PublishInput["placement"] },
): Promise<StatsReading> => {
  const user = threadsUserOf(auth);
  const until = Date.now();
  const window = await read(
    ctx,
    auth,
    `${user}/threads_insights`,
    { metric: USER_METRICS.join(","), since: unixSeconds(until - DAY_MS), until: unixSeconds(until) },
    ZInsights,
  );
  const followers = await read(ctx, auth, `${user}/threads_insights`, { metric: "followers_count" }, ZInsights);
  const all = [...window.data, ...followers.data];
  const byName = (name: string) => all.find((m) => m.name === name);
  const stats: Record<string, number | null> = { followers_count: figure(byName("followers_count")) };
  for (const name of USER_METRICS) stats[name] = figure(byName(name));
  const raw: Record<string, unknown> = Object.fromEntries(
    all.map((m) => [m.name, m.total_value ? m.total_value.value : (m.values ?? [])]),
  );
  return { stats, raw };
};

export const threadsPostStats = async (
  ctx: Ctx,
  input: {
    auth: ProfileAuth;
    placement: PublishInput["placement"];
    postExternalId: string;
    params: Record<string, unknown>;
  },
): Promise<StatsReading> => {
  const { data } = await read(
    ctx,
    input.auth,
    `${input.postExternalId}/insights`,
    { metric: MEDIA_METRICS.join(",") },
    ZInsights,
  );
  const raw = metricsByName(data);
  return {
    stats: {
      impressions: numberOf(raw.views),
      likes: numberOf(raw.likes),
      replies: numberOf(raw.replies),
      reposts: numberOf(raw.reposts),
      quotes: numberOf(raw.quotes),
      shares: numberOf(raw.shares),
    },
    raw,
  };
};
