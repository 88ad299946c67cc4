import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import { timedFetch } from "../http";
import type { PublishInput } from "../types";
import { INSTAGRAM_SCOPES, instagramConnector } from ".";
import { ZInstagramSettings } from "./settings";

// Instagram account and media insights against the Graph fake. The fake multiplies per-day account
// figures over the requested range, so the window suffixes prove which since/until were asked for.

let fake: GraphFake;
let ctx: Parameters<NonNullable<typeof instagramConnector.profileStats>>[0];
let auth: PublishInput["auth"];
const IG_ID = "17841400000000888";

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("instagram", "2000000000002", "ig-secret");
  fake.addInstagramUser({ id: "app-scoped-888", user_id: IG_ID, username: "stats.gal" });
  auth = {
    externalId: IG_ID,
    tokens: { accessToken: fake.issueToken("instagram", "app-scoped-888", INSTAGRAM_SCOPES) },
    credentials: null,
    metadata: {},
  };
  ctx = {
    settings: ZInstagramSettings.parse({
      client_id: "2000000000002",
      client_secret: "ig-secret",
      graph_url: fake.base("graph.instagram.com"),
    }),
    fetch: timedFetch(5_000),
    sleep: noSleep,
  };
});
afterAll(() => fake.close());

const publish = (over: Partial<PublishInput>) =>
  instagramConnector.publish!(ctx, publishInput(auth, { media: [publishMedia("image")], ...over }));

describe("instagram stats", () => {
  it("account: counts from the node, and each window's totals (1, 7, 14, 30 days) with the spec's suffixes", async () => {
    await publish({ body: "one" });
    fake.setMetrics(IG_ID, {
      followers_count: 900,
      follows_count: 120,
      reach: 10,
      profile_views: 3,
      accounts_engaged: 5,
      total_interactions: 8,
      website_clicks: 1,
      follower_count: 2,
    });
    const { stats, raw } = await instagramConnector.profileStats!(ctx, { auth, placement: null });
    const windowed = (name: string, perDay: number) =>
      Object.fromEntries([1, 7, 14, 30].map((d) => [`${name}_${d}d`, perDay * d]));
    expect(stats).toEqual({
      followers_count: 900,
      follows_count: 120,
      media_count: 1,
      ...windowed("reach", 10),
      ...windowed("profile_views", 3),
      ...windowed("accounts_engaged", 5),
      ...windowed("total_interactions", 8),
      ...windowed("website_clicks", 1),
      ...windowed("follower_count", 2),
    });
    expect(raw).toMatchObject({
      followers_count: 900,
      insights: { "7d": { reach: 70 } },
      follower_count: expect.arrayContaining([{ value: 2, end_time: expect.any(String) }]),
    });
    const calls = fake.calls("graph.instagram.com", `${IG_ID}/insights`);
    expect(calls.map((c) => [c.query.metric_type, c.query.period])).toEqual([
      ["total_value", "day"],
      ["total_value", "day"],
      ["total_value", "day"],
      ["total_value", "day"],
      [undefined, "day"],
    ]);
    expect(calls.every((c) => !c.query.metric!.split(",").includes("impressions"))).toBe(true);
  });

  it("feed media: impressions are views; likes, comments, saved, profile_visits and follows", async () => {
    const post = await publish({ body: "stats" });
    fake.setMetrics(post.externalId, {
      views: 500,
      reach: 400,
      likes: 40,
      comments: 4,
      shares: 2,
      saved: 6,
      total_interactions: 52,
      profile_visits: 9,
      follows: 1,
    });
    const reading = await instagramConnector.postStats!(ctx, {
      auth,
      placement: null,
      postExternalId: post.externalId,
      params: { format: "post" },
    });
    expect(reading!.stats).toEqual({
      impressions: 500,
      likes: 40,
      comments: 4,
      saved: 6,
      profile_visits: 9,
      follows: 1,
    });
    expect(reading!.raw).toMatchObject({
      views: 500,
      reach: 400,
      shares: 2,
      total_interactions: 52,
      media_product_type: "FEED",
    });
  });

  it("reels ask only for the metrics reels have (no profile_visits or follows)", async () => {
    const reel = await publish({ body: "reel", media: [publishMedia("video")], params: { format: "reel" } });
    fake.setMetrics(reel.externalId, { views: 9000, likes: 300, ig_reels_avg_watch_time: 4200 });
    const reading = await instagramConnector.postStats!(ctx, {
      auth,
      placement: null,
      postExternalId: reel.externalId,
      params: { format: "reel" },
    });
    expect(reading!.stats).toMatchObject({ impressions: 9000, likes: 300, profile_visits: null, follows: null });
    expect(reading!.raw.ig_reels_avg_watch_time).toBe(4200);
  });

  it("stories have none: null without asking for insights", async () => {
    const story = await publish({ params: { format: "story" } });
    const before = fake.requests.length;
    expect(
      await instagramConnector.postStats!(ctx, {
        auth,
        placement: null,
        postExternalId: story.externalId,
        params: { format: "story" },
      }),
    ).toBeNull();
    expect(fake.requests.length).toBe(before);
    // a story whose stored params lack the format is recognised by its product type
    expect(
      await instagramConnector.postStats!(ctx, { auth, placement: null, postExternalId: story.externalId, params: {} }),
    ).toBeNull();
    expect(fake.calls("graph.instagram.com", `${story.externalId}/insights`)).toHaveLength(0);
  });
});
