import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTikTokFake, type TikTokFake } from "@/testing/fakes/tiktok";
import { noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import type { ProfileAuth } from "../types";
import { ZTikTokSettings, tiktokConnector } from ".";
import { tiktokPostRules } from "./post-rules";

let fake: TikTokFake;
const ctx = () => ({
  settings: ZTikTokSettings.parse({
    client_key: fake.clientKey,
    client_secret: fake.clientSecret,
    web_url: fake.url,
    api_url: fake.url,
  }),
  fetch,
  sleep: noSleep,
});
const auth = ({ scopes, connectedAt }: { scopes?: string[]; connectedAt?: string } = {}): ProfileAuth => ({
  externalId: fake.user.open_id,
  tokens: { accessToken: fake.grant(scopes), scopes },
  credentials: null,
  metadata: { ...(connectedAt && { connected_at: connectedAt }) },
});
const OLD = "2026-03-01T10:00:00.000Z";
const NEW = "2026-10-02T10:00:00.000Z";
const post = async (p: Record<string, unknown> = {}) =>
  tiktokConnector.publish!(
    ctx(),
    publishInput(auth({ connectedAt: OLD }), {
      media: [publishMedia("video")],
      params: tiktokPostRules.params.parse(p) as Record<string, unknown>,
    }),
  );
const stats = (a: ProfileAuth, postExternalId: string, params: Record<string, unknown> = {}) =>
  tiktokConnector.postStats!(ctx(), { auth: a, placement: null, postExternalId, params });

beforeAll(async () => {
  fake = await startTikTokFake();
});
afterAll(() => fake.close());

describe("tiktok profile stats", () => {
  it("reads the user.info.stats counts", async () => {
    const reading = await tiktokConnector.profileStats!(ctx(), { auth: auth(), placement: null });
    expect(reading).toEqual({
      stats: { follower_count: 5120, following_count: 88, likes_count: 40211, video_count: 37 },
      raw: { follower_count: 5120, following_count: 88, likes_count: 40211, video_count: 37 },
    });
    expect(fake.userInfoRequests.at(-1)!.get("fields")).toBe(
      "open_id,follower_count,following_count,likes_count,video_count",
    );
  });

  it("does not ask for counts the profile never granted (that would fail the call)", async () => {
    const reading = await tiktokConnector.profileStats!(ctx(), {
      auth: auth({ scopes: ["user.info.basic", "video.publish"] }),
      placement: null,
    });
    expect(reading).toEqual({
      stats: { follower_count: null, following_count: null, likes_count: null, video_count: null },
      raw: {},
    });
    expect(fake.userInfoRequests.at(-1)!.get("fields")).toBe("open_id");
  });
});

describe("tiktok post stats", () => {
  it("reads views, likes, comments and shares from video query", async () => {
    const { externalId } = await post();
    const video = fake.publishing.videos.find((v) => v.id === externalId)!;
    const reading = await stats(auth({ connectedAt: OLD }), externalId);
    expect(reading).toEqual({
      stats: { impressions: video.view_count, likes: 80, comments: 12, shares: 5 },
      raw: { view_count: video.view_count, like_count: 80, comment_count: 12, share_count: 5 },
    });
  });

  it("adds reach and the watch extras for profiles connected on or after 2026-09-30, in raw only when the date is unknown", async () => {
    const { externalId } = await post();
    const extras = {
      reach: null,
      video_duration: 23,
      average_time_watched: null,
      total_time_watched: null,
      full_video_watched_rate: null,
    };
    const fresh = await stats(auth({ connectedAt: NEW }), externalId);
    expect(fresh!.stats).toMatchObject({ reach: null });
    expect(fresh!.raw).toMatchObject(extras);
    const unknown = await stats(auth(), externalId);
    expect(unknown!.stats).not.toHaveProperty("reach");
    expect(unknown!.raw).toMatchObject(extras);
    // The stats service passes the profile's connection date, which decides over metadata.
    const byDate = (connectedAt: string) =>
      tiktokConnector.postStats!(ctx(), {
        auth: auth(),
        placement: null,
        postExternalId: externalId,
        params: {},
        connectedAt: new Date(connectedAt),
      });
    expect((await byDate("2026-09-30T00:00:00Z"))!.stats).toMatchObject({ reach: null });
    const old = await byDate("2026-09-29T23:59:59Z");
    expect(old!.stats).not.toHaveProperty("reach");
    expect(old!.raw).not.toHaveProperty("video_duration");
  });

  it("has none for drafts, resolves a publish_id once TikTok gives the public id, and none for a deleted video", async () => {
    const calls = fake.publishing.calls.length;
    expect(await stats(auth(), "v_inbox_file~v2-1.1", { upload_as_draft: true })).toBeNull();
    expect(fake.publishing.calls.length).toBe(calls);

    fake.publishing.publicIds = false;
    const { externalId } = await post({ privacy_status: "SELF_ONLY" });
    expect(externalId).toMatch(/^v_pub_file~/);
    expect(await stats(auth(), externalId)).toBeNull();
    fake.publishing.publicIds = true;
    const reading = await stats(auth(), externalId);
    expect(reading!.stats.likes).toBe(80);

    expect(fake.publishing.calls.slice(-2)).toEqual(["/v2/post/publish/status/fetch/", "/v2/video/query/"]);
    expect(await stats(auth(), "7399999999999999999")).toBeNull();
    const asked = fake.publishing.calls.length;
    expect(await stats(auth({ scopes: ["user.info.basic", "video.publish"] }), "7399999999999999999")).toBeNull(); // no video.list: not asked
    expect(fake.publishing.calls.length).toBe(asked);
  });
});
