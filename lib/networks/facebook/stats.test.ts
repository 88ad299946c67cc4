import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GraphFake } from "@/testing/fakes/graph";
import { publishInput, publishMedia } from "@/testing/publish-media";
import { facebookConnector } from ".";
import { startFacebookTestContext } from "./test-context";

// Facebook Page and post stats against the Graph fake: the non-deprecated metrics reach the wire, the
// spec's keys come back with the fake's figures, and every metric is kept raw.

let fake: GraphFake;
let ctx: Parameters<NonNullable<typeof facebookConnector.profileStats>>[0];
let placement: { externalId: string; accessToken: string; metadata: Record<string, unknown> };
const PAGE = "30001";
const auth = { externalId: "10150009", tokens: { accessToken: "unused" }, credentials: null, metadata: {} };

beforeAll(async () => {
  let pageToken: string;
  ({ fake, ctx, pageToken } = await startFacebookTestContext({
    userId: "10150009",
    pages: [{ id: PAGE, name: "Stats page" }],
  }));
  placement = { externalId: PAGE, accessToken: pageToken, metadata: {} };
});
afterAll(() => fake.close());

const publish = (over: Parameters<typeof publishInput>[1]) =>
  facebookConnector.publish!(ctx, publishInput(auth, { placement, ...over }));

describe("facebook stats", () => {
  it("page stats: fan and follower counts plus the latest daily value of each Page metric", async () => {
    fake.setMetrics(PAGE, {
      fan_count: 1500,
      followers_count: 1620,
      page_media_view: 880,
      page_views_total: 95,
      page_post_engagements: 41,
      page_daily_follows: 7,
      page_daily_unfollows: 2,
      page_daily_follows_unique: 6,
      page_daily_unfollows_unique: 1,
      page_total_media_view_unique: 512,
      page_follows: 1630,
    });
    const reading = await facebookConnector.profileStats!(ctx, { auth, placement });
    expect(reading.stats).toEqual({
      fan_count: 1500,
      followers_count: 1620,
      page_media_view: 880,
      page_views_total: 95,
      page_post_engagements: 41,
      page_daily_follows: 7,
      page_daily_unfollows: 2,
      page_daily_follows_unique: 6,
      page_daily_unfollows_unique: 1,
    });
    expect(reading.raw).toMatchObject({ page_total_media_view_unique: 512, page_follows: 1630 });
    const [call] = fake.calls("graph.facebook.com", `${PAGE}/insights`);
    expect(call!.query.period).toBe("day");
    const metrics = call!.query.metric!.split(",");
    expect(metrics.filter((m) => /^(page_impressions|page_fans)/.test(m))).toEqual([]);
    expect(call!.token).toBe(placement.accessToken);
  });

  it("post stats of a feed post: impressions from post_media_view, clicks, likes; raw keeps every metric", async () => {
    const post = await publish({ body: "Stats me" });
    fake.setMetrics(post.externalId, {
      post_media_view: 300,
      post_total_media_view_unique: 210,
      post_clicks: 12,
      post_reactions_like_total: 25,
    });
    const reading = await facebookConnector.postStats!(ctx, {
      auth,
      placement,
      postExternalId: post.externalId,
      params: { format: "post" },
    });
    expect(reading).toEqual({
      stats: { impressions: 300, clicks: 12, likes: 25 },
      raw: { post_media_view: 300, post_total_media_view_unique: 210, post_clicks: 12, post_reactions_like_total: 25 },
    });
    expect(fake.calls("graph.facebook.com", `${post.externalId}/insights`)[0]!.query.metric).not.toMatch(
      /post_impressions/,
    );
  });

  it("videos and reels read video_insights; likes come from the reaction breakdown", async () => {
    const video = publishMedia("video");
    const plain = await publish({ body: "A video", media: [video] });
    fake.setMetrics(plain.externalId, { total_video_views: 77, total_video_reactions_by_type_total: 9 });
    expect(
      (await facebookConnector.postStats!(ctx, {
        auth,
        placement,
        postExternalId: plain.externalId,
        params: { format: "post" },
      }))!.stats,
    ).toEqual({
      impressions: 77,
      clicks: null,
      likes: 9,
    });

    const reel = await publish({ body: "A reel", media: [video], params: { format: "reel", page_id: PAGE } });
    fake.setMetrics(reel.externalId, {
      fb_reels_total_plays: 1234,
      blue_reels_play_count: 1000,
      post_video_likes_by_reaction_type: 56,
    });
    const reading = await facebookConnector.postStats!(ctx, {
      auth,
      placement,
      postExternalId: reel.externalId,
      params: { format: "reel" },
    });
    expect(reading!.stats).toEqual({ impressions: 1234, clicks: null, likes: 56 });
    expect(reading!.raw.post_video_likes_by_reaction_type).toEqual({ REACTION_LIKE: 56, REACTION_LOVE: 1 });
    expect(fake.calls("graph.facebook.com", `${reel.externalId}/video_insights`)).toHaveLength(1);
  });

  it("stories have no post stats; a missing page or a refused metric is an error", async () => {
    const before = fake.requests.length;
    expect(
      await facebookConnector.postStats!(ctx, {
        auth,
        placement,
        postExternalId: `${PAGE}_1`,
        params: { format: "story" },
      }),
    ).toBeNull();
    expect(fake.requests.length).toBe(before);
    await expect(facebookConnector.profileStats!(ctx, { auth, placement: null })).rejects.toMatchObject({
      kind: "rejected",
      message: "page_id is required",
    });
    fake.failNext({
      host: "graph.facebook.com",
      path: `${PAGE}/insights`,
      error: { code: 100, message: "(#100) The value must be a valid insights metric" },
    });
    await expect(facebookConnector.profileStats!(ctx, { auth, placement })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "100" },
    });
  });
});
