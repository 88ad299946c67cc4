import { NetworkError } from "../errors";
import type { ConnectorContext, ProfileAuth, StatsReading, StatsSnapshot } from "../types";
import { partialError, xCall, type XProblem } from "./api";

// Stats from X API v2 (the public_metrics and non_public_metrics fields):
// - a post: GET /2/tweets?ids=<id>&tweet.fields=public_metrics,non_public_metrics,organic_metrics. The
//   private metrics need the author's user context and exist only for posts under 30 days old; past
//   that X answers a field-authorization error instead of the post, and the public metrics are read
//   alone. Normalised: impressions, likes, retweets, comments (replies), quotes, saved (bookmarks).
// - the account: GET /2/users/me?user.fields=public_metrics (followers_count, following_count,
//   tweet_count, listed_count, like_count, under X's names).
// X's newer schema spells some counts "post"/"repost" (post_count, repost_count): both are read.

type Ctx = ConnectorContext<{ api_url: string }>;
type Metrics = Record<string, unknown>;
type Tweet = { id: string; public_metrics?: Metrics; non_public_metrics?: Metrics; organic_metrics?: Metrics };
type Tweets = { data?: Tweet[]; errors?: XProblem[] };

const num = (...values: unknown[]): number | null => {
  for (const v of values) if (typeof v === "number" && Number.isFinite(v)) return v;
  return null;
};

const readTweet = async (
  ctx: Ctx,
  auth: ProfileAuth,
  id: string,
  fields: string,
): Promise<{ tweet: Tweet | null; errors: XProblem[] }> => {
  const answer = await xCall<Tweets>(ctx, auth, "GET", "/2/tweets", { query: { ids: id, "tweet.fields": fields } });
  return { tweet: answer?.data?.find((t) => t.id === id) ?? null, errors: answer?.errors ?? [] };
};

// Every metric under X's own name: the public ones as they come, the private ones prefixed with their group.
const rawOf = (tweet: Tweet): Record<string, unknown> => {
  const raw: Record<string, unknown> = { ...tweet.public_metrics };
  for (const group of ["non_public_metrics", "organic_metrics"] as const) {
    for (const [key, value] of Object.entries(tweet[group] ?? {})) raw[`${group}.${key}`] = value;
  }
  return raw;
};

export const tweetStats = async (
  ctx: Ctx,
  { auth, postExternalId }: { auth: ProfileAuth; postExternalId: string },
): Promise<StatsReading> => {
  let { tweet, errors } = await readTweet(
    ctx,
    auth,
    postExternalId,
    "public_metrics,non_public_metrics,organic_metrics",
  );
  if (!tweet) ({ tweet, errors } = await readTweet(ctx, auth, postExternalId, "public_metrics")); // older than 30 days, or not ours
  if (!tweet) throw partialError(errors, `X has no post ${postExternalId}`);
  const pub = tweet.public_metrics ?? {};
  const priv = tweet.non_public_metrics ?? {};
  const stats: StatsSnapshot = {
    impressions: num(pub.impression_count, priv.impression_count, tweet.organic_metrics?.impression_count),
    likes: num(pub.like_count),
    retweets: num(pub.retweet_count, pub.repost_count),
    comments: num(pub.reply_count),
    quotes: num(pub.quote_count),
    saved: num(pub.bookmark_count),
  };
  return { stats, raw: rawOf(tweet) };
};

type Me = { data?: { id?: string; public_metrics?: Metrics } };

export const accountStats = async (ctx: Ctx, { auth }: { auth: ProfileAuth }): Promise<StatsReading> => {
  const me = await xCall<Me>(ctx, auth, "GET", "/2/users/me", { query: { "user.fields": "public_metrics" } });
  const m = me?.data?.public_metrics;
  if (!m) throw new NetworkError("outcome_unknown", "X returned no public metrics for this account");
  const stats: StatsSnapshot = {
    followers_count: num(m.followers_count),
    following_count: num(m.following_count),
    tweet_count: num(m.tweet_count, m.post_count),
    listed_count: num(m.listed_count),
    like_count: num(m.like_count),
  };
  return { stats, raw: { ...m } };
};
