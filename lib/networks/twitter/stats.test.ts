import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXFake, xRateLimited, type XFake } from "@/testing/fakes/x";
import { noSleep, publishInput } from "@/testing/publish-media";
import type { ProfileAuth } from "../types";
import { ZTwitterSettings, twitterConnector } from ".";

let fake: XFake;
beforeAll(async () => {
  fake = await startXFake();
});
afterAll(() => fake.close());

const ctx = () => ({
  settings: ZTwitterSettings.parse({ web_url: fake.url, api_url: fake.url }),
  fetch,
  sleep: noSleep,
});
const auth = (accessToken = fake.issueToken()): ProfileAuth => ({
  externalId: fake.user.id,
  tokens: { accessToken },
  credentials: null,
  metadata: {},
});
let n = 0;
const post = async () =>
  (
    await twitterConnector.publish!(
      ctx(),
      publishInput(auth(), { body: `Stats post ${++n}`, params: { format: "post" } }),
    )
  ).externalId;
const postStats = (postExternalId: string, a = auth()) =>
  twitterConnector.postStats!(ctx(), { auth: a, placement: null, postExternalId, params: {} });

describe("twitter stats (X API v2 fake)", () => {
  it("post stats: impressions, likes, retweets, comments, quotes, saved from public_metrics; raw has every metric", async () => {
    const id = await post();
    const tweet = fake.posts.tweets.find((t) => t.id === id)!;
    const reading = await postStats(id);
    const p = tweet.public_metrics;
    expect(reading).toEqual({
      stats: {
        impressions: p.impression_count,
        likes: p.like_count,
        retweets: p.retweet_count,
        comments: p.reply_count,
        quotes: p.quote_count,
        saved: p.bookmark_count,
      },
      raw: {
        ...p,
        ...Object.fromEntries(Object.entries(tweet.non_public_metrics).map(([k, v]) => [`non_public_metrics.${k}`, v])),
        ...Object.fromEntries(Object.entries(tweet.organic_metrics).map(([k, v]) => [`organic_metrics.${k}`, v])),
      },
    });
    expect(reading!.raw["non_public_metrics.url_link_clicks"]).toBe(tweet.non_public_metrics.url_link_clicks);
    expect(fake.requests.at(-1)).toMatchObject({
      path: "/2/tweets",
      query: { ids: id, "tweet.fields": "public_metrics,non_public_metrics,organic_metrics" },
    });
  });

  it("a post older than 30 days: X refuses the private metrics, the public ones are read alone", async () => {
    const id = await post();
    const tweet = fake.posts.tweets.find((t) => t.id === id)!;
    tweet.created_at = new Date(Date.now() - 31 * 24 * 3600 * 1000);
    tweet.public_metrics.like_count = 77;
    const mark = fake.requests.length;
    const reading = await postStats(id);
    expect(reading!.stats).toMatchObject({ likes: 77, impressions: tweet.public_metrics.impression_count });
    expect(Object.keys(reading!.raw).some((k) => k.startsWith("non_public"))).toBe(false);
    expect(fake.requests.slice(mark).map((r) => r.query["tweet.fields"])).toEqual([
      "public_metrics,non_public_metrics,organic_metrics",
      "public_metrics",
    ]);
  });

  it("a deleted post is rejected with X's not-found problem; a rate limit is rate_limited", async () => {
    await expect(postStats("1234567890123456789")).rejects.toMatchObject({
      kind: "rejected",
      details: {
        platformErrorCode: "resource-not-found",
        platformErrorMessage: "Could not find tweet with ids: [1234567890123456789].",
      },
    });
    const id = await post();
    fake.failNext("/2/tweets", xRateLimited(Math.floor(Date.now() / 1000) + 60));
    await expect(postStats(id)).rejects.toMatchObject({ kind: "rate_limited" });
  });

  it("profile stats: the account's public_metrics under X's names", async () => {
    const reading = await twitterConnector.profileStats!(ctx(), { auth: auth(), placement: null });
    const m = fake.posts.userMetrics;
    expect(reading).toEqual({
      stats: {
        followers_count: m.followers_count,
        following_count: m.following_count,
        tweet_count: m.tweet_count,
        listed_count: m.listed_count,
        like_count: m.like_count,
      },
      raw: m,
    });
    expect(fake.requests.at(-1)).toMatchObject({
      method: "GET",
      path: "/2/users/me",
      query: { "user.fields": "public_metrics" },
    });
    await expect(twitterConnector.profileStats!(ctx(), { auth: auth("nope"), placement: null })).rejects.toMatchObject({
      kind: "auth_expired",
    });
  });
});
