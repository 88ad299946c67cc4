import { afterEach, describe, expect, it, vi } from "vitest";
import type { TPlatform } from "@/lib/schemas/common";
import { publishInput } from "@/testing/publish-media";
import { CAPABILITIES } from "../platforms";
import { connectorFor, livePlatforms } from "../registry";
import { firstPlacement, sandboxAuth, sandboxCtx } from "./sandbox-test-auth";

// The keys of each network's stats (lib/schemas/stats.ts, the stats schemas of the API reference).
const PROFILE_KEYS: Partial<Record<TPlatform, string[]>> = {
  facebook: [
    "fan_count",
    "followers_count",
    "page_media_view",
    "page_views_total",
    "page_post_engagements",
    "page_daily_follows",
    "page_daily_unfollows",
    "page_daily_follows_unique",
    "page_daily_unfollows_unique",
  ],
  linkedin: [
    "followerCount",
    "shareCount",
    "likeCount",
    "commentCount",
    "clickCount",
    "engagement",
    "allPageViews",
    "overviewPageViews",
    "aboutPageViews",
    "careersPageViews",
    "peoplePageViews",
    "insightsPageViews",
  ],
  tiktok: ["follower_count", "following_count", "likes_count", "video_count"],
  threads: ["followers_count", "views", "likes", "replies", "reposts", "quotes"],
  bluesky: ["followersCount", "followsCount", "postsCount"],
  twitter: ["followers_count", "following_count", "tweet_count", "listed_count", "like_count"],
  telegram: ["followers_count", "channel_title", "channel_username"],
};
const POST_KEYS: Partial<Record<TPlatform, string[] | null>> = {
  facebook: ["impressions", "clicks", "likes"],
  instagram: ["impressions", "likes", "comments", "saved", "profile_visits", "follows"],
  threads: ["impressions", "likes", "replies", "reposts", "quotes", "shares"],
  twitter: ["impressions", "likes", "retweets", "comments", "quotes", "saved"],
  youtube: ["impressions", "likes", "comments", "saved"],
  linkedin: ["impressions", "likes", "comments", "shares", "clicks"],
  tiktok: ["impressions", "likes", "comments", "shares"],
  pinterest: ["impressions", "likes", "comments", "saved", "outbound_clicks"],
  bluesky: ["likes", "reposts", "comments", "quotes"],
  telegram: null,
  google_business: null,
};
const STATS_PLATFORMS = livePlatforms().filter((p) => connectorFor({ platform: p, environment: "live" }).profileStats);

const at = (iso: string) => vi.useFakeTimers({ now: new Date(iso), toFake: ["Date"] });
afterEach(() => {
  vi.useRealTimers();
});

const connected = async (platform: TPlatform, name = "Acme") => {
  const auth = await sandboxAuth(platform, name);
  const placement = CAPABILITIES[platform].placements ? await firstPlacement(platform, auth) : null;
  return {
    auth,
    placement,
    connector: connectorFor({ platform: platform, environment: "sandbox" }),
    ctx: sandboxCtx(),
  };
};

describe("sandbox profile stats", () => {
  it.each(STATS_PLATFORMS)("%s: the spec's native keys, raw the same, plausible values", async (platform) => {
    at("2026-03-01T12:00:00Z");
    const { auth, placement, connector, ctx } = await connected(platform);
    const reading = await connector.profileStats!(ctx, { auth, placement });
    const expected = PROFILE_KEYS[platform];
    if (expected) expect(Object.keys(reading.stats).sort()).toEqual([...expected].sort());
    if (platform === "instagram") {
      expect(reading.stats).toMatchObject({
        followers_count: expect.any(Number),
        follows_count: expect.any(Number),
        media_count: expect.any(Number),
        reach_1d: expect.any(Number),
        reach_30d: expect.any(Number),
        follower_count_7d: expect.any(Number),
      });
      expect(Object.keys(reading.stats)).toHaveLength(3 + 6 * 4);
    }
    if (platform === "youtube") expect(reading.stats).toMatchObject({ subscriberCount: expect.any(Number) });
    if (platform === "pinterest")
      expect(reading.stats).toMatchObject({ follower_count: expect.any(Number), monthly_views: expect.any(Number) });
    expect(reading.raw).toEqual(reading.stats);
    for (const [key, value] of Object.entries(reading.stats)) {
      if (typeof value === "number") {
        expect(Number.isFinite(value), key).toBe(true);
        expect(value, key).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it("deterministic per account and day; followers grow slowly from day to day; accounts differ", async () => {
    const { auth, connector, ctx } = await connected("bluesky");
    const other = await sandboxAuth("bluesky", "Other");
    const read = async (iso: string, who = auth) => {
      at(iso);
      return (await connector.profileStats!(ctx, { auth: who, placement: null })).stats as Record<string, number>;
    };
    const monday = await read("2026-03-02T08:00:00Z");
    expect(await read("2026-03-02T20:00:00Z")).toEqual(monday);
    const tuesday = await read("2026-03-03T08:00:00Z");
    const nextMonth = await read("2026-04-02T08:00:00Z");
    expect(tuesday.followersCount! - monday.followersCount!).toBeGreaterThanOrEqual(1);
    expect(tuesday.followersCount! - monday.followersCount!).toBeLessThanOrEqual(12);
    expect(nextMonth.followersCount).toBeGreaterThan(tuesday.followersCount!);
    expect(nextMonth.postsCount).toBeGreaterThanOrEqual(monday.postsCount!);
    expect(await read("2026-03-02T08:00:00Z", other)).not.toEqual(monday);
  });

  it("placement networks read the placement: telegram channel title and username; linkedin member profile has none", async () => {
    at("2026-03-01T12:00:00Z");
    const telegram = await connected("telegram");
    const [channel] = (await telegram.connector.placements!(telegram.ctx, telegram.auth))!;
    const reading = await telegram.connector.profileStats!(telegram.ctx, {
      auth: telegram.auth,
      placement: telegram.placement,
    });
    expect(reading.stats).toEqual({
      followers_count: expect.any(Number),
      channel_title: channel!.name,
      channel_username: channel!.metadata.username,
    });

    const facebook = await connected("facebook");
    const pages = (await facebook.connector.placements!(facebook.ctx, facebook.auth))!;
    const [page1, page2] = await Promise.all(
      pages.map((p) =>
        facebook.connector.profileStats!(facebook.ctx, {
          auth: facebook.auth,
          placement: { externalId: p.externalId, accessToken: null, metadata: {} },
        }),
      ),
    );
    expect(page1!.stats.followers_count).not.toBe(page2!.stats.followers_count);

    const linkedin = await connected("linkedin");
    expect(await linkedin.connector.profileStats!(linkedin.ctx, { auth: linkedin.auth, placement: null })).toEqual({
      stats: {},
      raw: {},
    });
    expect(
      Object.keys(
        (await linkedin.connector.profileStats!(linkedin.ctx, { auth: linkedin.auth, placement: linkedin.placement }))
          .stats,
      ),
    ).toContain("followerCount");
  });

  it("an invalid sandbox token is auth_expired", async () => {
    const { connector, ctx } = await connected("twitter");
    await expect(
      connector.profileStats!(ctx, {
        auth: { externalId: null, tokens: { accessToken: "x" }, credentials: null, metadata: {} },
        placement: null,
      }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});

describe("sandbox post stats", () => {
  it.each(STATS_PLATFORMS)(
    "%s: the spec's normalised keys (null where the spec has none), raw under the network's names",
    async (platform) => {
      const { auth, placement, connector, ctx } = await connected(platform);
      const post = await connector.publish!(ctx, publishInput(auth, { placement }));
      vi.useFakeTimers({ now: Date.now() + 3 * 86_400_000, toFake: ["Date"] });
      const reading = await connector.postStats!(ctx, { auth, placement, postExternalId: post.externalId, params: {} });
      const expected = POST_KEYS[platform];
      if (expected === null) {
        expect(reading).toBeNull();
        return;
      }
      expect(Object.keys(reading!.stats)).toEqual(expected);
      expect(Object.keys(reading!.raw)).toHaveLength(expected!.length);
      expect(Object.values(reading!.raw).sort()).toEqual(Object.values(reading!.stats).sort());
      if (expected!.includes("impressions")) expect(reading!.stats.impressions).toBeGreaterThan(100);
    },
  );

  it("raw names: e.g. twitter impression_count, bluesky likeCount; instagram stories have no stats", async () => {
    const twitter = await connected("twitter");
    const tweet = await twitter.connector.publish!(twitter.ctx, publishInput(twitter.auth));
    const reading = await twitter.connector.postStats!(twitter.ctx, {
      auth: twitter.auth,
      placement: null,
      postExternalId: tweet.externalId,
      params: {},
    });
    expect(Object.keys(reading!.raw)).toEqual([
      "impression_count",
      "like_count",
      "retweet_count",
      "reply_count",
      "quote_count",
      "bookmark_count",
    ]);
    const bluesky = await connected("bluesky");
    const skeet = await bluesky.connector.postStats!(bluesky.ctx, {
      auth: bluesky.auth,
      placement: null,
      postExternalId: "sbx_post_x",
      params: {},
    });
    expect(Object.keys(skeet!.raw)).toEqual(["likeCount", "repostCount", "replyCount", "quoteCount"]);
    const instagram = await connected("instagram");
    expect(
      await instagram.connector.postStats!(instagram.ctx, {
        auth: instagram.auth,
        placement: null,
        postExternalId: "sbx_post_x",
        params: { format: "story" },
      }),
    ).toBeNull();
    expect(
      await instagram.connector.postStats!(instagram.ctx, {
        auth: instagram.auth,
        placement: null,
        postExternalId: "sbx_post_x",
        params: { format: "reel" },
      }),
    ).not.toBeNull();
  });

  it("deterministic per post; rising after publishing towards a ceiling", async () => {
    const { auth, connector, ctx } = await connected("threads");
    at("2026-05-01T10:00:00Z");
    const post = await connector.publish!(ctx, publishInput(auth));
    const read = async (hours: number) => {
      at(new Date(Date.parse("2026-05-01T10:00:00Z") + hours * 3_600_000).toISOString());
      return (await connector.postStats!(ctx, { auth, placement: null, postExternalId: post.externalId, params: {} }))!
        .stats as Record<string, number>;
    };
    const [h0, h6, d1, d3, d30, d31] = [
      await read(0),
      await read(6),
      await read(24),
      await read(72),
      await read(720),
      await read(744),
    ];
    expect(h0.impressions).toBe(0);
    expect(h6.impressions).toBeGreaterThan(0);
    expect(d1.impressions).toBeGreaterThan(h6.impressions!);
    expect(d3.impressions).toBeGreaterThan(d1.impressions!);
    expect(d31).toEqual(d30); // saturated
    expect(await read(72)).toEqual(d3);
    for (const key of Object.keys(d3)) expect(d3[key]!, key).toBeGreaterThanOrEqual(d1[key]!);
  });
});
