import { NetworkError } from "../errors";
import type { ProfileAuth, PublishInput, StatsReading } from "../types";
import { pinterestApi, type PinterestCtx } from "./api";

// Stats (Pinterest API v5 analytics). Profile: GET /v5/user_account (follower_count, following_count,
// monthly_views, pin_count, board_count) and, for business accounts, the last 30 days of
// GET /v5/user_account/analytics (summary_metrics, in raw; a personal account is refused that and keeps
// the account counts). Post: GET /v5/pins/{id}/analytics over the last 90 days (the most Pinterest
// allows): impressions IMPRESSION, likes TOTAL_REACTIONS, comments TOTAL_COMMENTS (lifetime metrics),
// saved SAVE, outbound_clicks OUTBOUND_CLICK.

const DAY = 24 * 3600 * 1000;
const PROFILE_KEYS = ["follower_count", "following_count", "monthly_views", "pin_count", "board_count"] as const;
const PIN_METRICS = [
  "IMPRESSION",
  "OUTBOUND_CLICK",
  "PIN_CLICK",
  "SAVE",
  "SAVE_RATE",
  "TOTAL_COMMENTS",
  "TOTAL_REACTIONS",
  "USER_FOLLOW",
  "PROFILE_VISIT",
];

const day = (offsetDays: number) => new Date(Date.now() - offsetDays * DAY).toISOString().slice(0, 10);
const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

type Metrics = Record<string, number>;
type Analytics = Record<string, { summary_metrics?: Metrics; lifetime_metrics?: Metrics } | undefined>;

export const profileStats = async (
  ctx: PinterestCtx,
  input: { auth: ProfileAuth; placement: PublishInput["placement"] },
): Promise<StatsReading> => {
  const account = await pinterestApi<Record<string, unknown>>(ctx, input.auth, "/v5/user_account");
  let summary: Metrics = {};
  try {
    const analytics = await pinterestApi<Analytics>(ctx, input.auth, "/v5/user_account/analytics", {
      query: { start_date: day(30), end_date: day(0) },
    });
    summary = analytics?.all?.summary_metrics ?? {};
  } catch (err) {
    if (!(err instanceof NetworkError && err.kind === "rejected")) throw err; // not a business account
  }
  const stats = Object.fromEntries(PROFILE_KEYS.map((key) => [key, num(account?.[key])]));
  return {
    stats,
    raw: { ...Object.fromEntries(PROFILE_KEYS.map((key) => [key, account?.[key] ?? null])), ...summary },
  };
};

export const postStats = async (
  ctx: PinterestCtx,
  input: {
    auth: ProfileAuth;
    placement: PublishInput["placement"];
    postExternalId: string;
    params: Record<string, unknown>;
  },
): Promise<StatsReading> => {
  const query = {
    start_date: day(89),
    end_date: day(0),
    metric_types: PIN_METRICS.join(","),
    app_types: "ALL",
    split_field: "NO_SPLIT",
  };
  const analytics = await pinterestApi<Analytics>(
    ctx,
    input.auth,
    `/v5/pins/${encodeURIComponent(input.postExternalId)}/analytics`,
    { query },
  );
  const metrics: Metrics = { ...analytics?.all?.summary_metrics, ...analytics?.all?.lifetime_metrics };
  return {
    stats: {
      impressions: num(metrics.IMPRESSION),
      likes: num(metrics.TOTAL_REACTIONS),
      comments: num(metrics.TOTAL_COMMENTS),
      saved: num(metrics.SAVE),
      outbound_clicks: num(metrics.OUTBOUND_CLICK),
    },
    raw: metrics,
  };
};
