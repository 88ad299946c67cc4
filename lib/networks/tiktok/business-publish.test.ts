import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTikTokFake, type TikTokFake } from "@/testing/fakes/tiktok";
import { readFileSync } from "node:fs";
import {
  FORBIDDEN_COVERS,
  expectGenericRefusal,
  onlyLocalhostMedia,
  redirectToLoopback,
} from "@/testing/guarded-covers";
import { PNG_BYTES, noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import { startFileServer } from "../google/test-support";
import { timedFetch } from "../http";
import type { ProfileAuth, PublishInput } from "../types";
import { ZTikTokSettings, tiktokConnector } from ".";
import { tiktokPostRules } from "./post-rules";

// Publishing and stats for profiles connected through TikTok's Authorization for Business, through the API
// for Business (business-publish.ts, business-stats.ts) against the TikTok fake, which refuses their token
// on the Content Posting API.

let fake: TikTokFake;
let files: Awaited<ReturnType<typeof startFileServer>>;
const fixture = (name: string) => new Uint8Array(readFileSync(`lib/media/fixtures/${name}`));
const ctx = () => ({
  settings: ZTikTokSettings.parse({
    client_key: fake.clientKey,
    client_secret: fake.clientSecret,
    api_url: fake.url,
    business_api_url: fake.url,
  }),
  fetch: timedFetch(5_000),
  sleep: noSleep,
});
const auth = (): ProfileAuth => ({
  externalId: fake.user.open_id,
  tokens: { accessToken: fake.business.grant() },
  credentials: null,
  metadata: { grant: "business", connected_at: "2026-10-05T00:00:00.000Z" },
});
const params = (p: Record<string, unknown> = {}) => tiktokPostRules.params.parse(p) as Record<string, unknown>;
const video = (p: Record<string, unknown> = {}) =>
  publishInput(auth(), { body: "Fox at dawn", media: [publishMedia("video")], params: params(p) });
const photos = (p: Record<string, unknown> = {}) =>
  publishInput(auth(), {
    body: "Two frames",
    media: [0, 1].map((i) => publishMedia("image", { url: `https://media.example.test/p${i}.jpg` })),
    params: params({ format: "image", ...p }),
  });
const publish = (i: PublishInput) => tiktokConnector.publish!(ctx(), i);
const shareOf = () => [...fake.businessPosting.shares.values()].at(-1)!;

let restoreEnv: () => void;
beforeAll(async () => {
  restoreEnv = onlyLocalhostMedia();
  fake = await startTikTokFake();
  files = await startFileServer({
    "/cover.jpg": { bytes: fixture("640x640.jpg"), type: "image/jpeg" },
    "/secret.jpg": { bytes: fixture("640x640.jpg"), type: "image/jpeg" },
    "/small.png": { bytes: PNG_BYTES, type: "image/png" },
    "/cover.gif": { bytes: fixture("33x17.gif"), type: "image/gif" },
    ...redirectToLoopback("/secret.jpg"),
  });
});
beforeEach(() => Object.assign(fake.businessPosting, { processingPolls: 1, failNextPublish: null }));
afterAll(async () => {
  restoreEnv?.();
  await fake.close();
  await files?.close();
});

describe("tiktok publishing for business-grant profiles", () => {
  it("publishes a video from our hosted URL, polls the status until TikTok names it, with its URL", async () => {
    const input = video();
    const postsBefore = fake.publishing.calls.length;
    const result = await publish(input);
    const share = shareOf();
    expect(share.body).toEqual({
      business_id: fake.user.open_id,
      video_url: input.media[0]!.url,
      post_info: {
        caption: "Fox at dawn",
        is_brand_organic: false,
        is_branded_content: false,
        disable_comment: true,
        disable_duet: true,
        disable_stitch: true,
        is_ai_generated: false,
      },
    });
    expect(share.polls).toBe(2);
    expect(result).toEqual({
      externalId: share.postId,
      url: `https://www.tiktok.com/@${fake.user.username}/video/${share.postId}`,
    });
    expect(fake.publishing.calls).toHaveLength(postsBefore); // nothing sent to the Content Posting API
  });

  it("publishes photos with their privacy level and cover index", async () => {
    const result = await publish(photos({ privacy_status: "SELF_ONLY", photo_cover_index: 1 }));
    const share = shareOf();
    expect(share.body).toMatchObject({
      photo_images: ["https://media.example.test/p0.jpg", "https://media.example.test/p1.jpg"],
      photo_cover_index: 1,
      post_info: { privacy_level: "SELF_ONLY", caption: "Two frames", auto_add_music: false },
    });
    expect(result).toEqual({ externalId: share.postId, url: null });
  });

  it("sends a checked cover_url as custom_thumbnail_url, without thumbnail_offset", async () => {
    await publish(video({ cover_url: files.url("/cover.jpg"), thumb_offset: "1500" }));
    const { body } = shareOf();
    expect(body.custom_thumbnail_url).toBe(files.url("/cover.jpg"));
    expect(body.post_info).not.toHaveProperty("thumbnail_offset");
  });

  it("sends cover_file by its hosted URL", async () => {
    await publish(video({ cover_file: files.url("/cover.jpg") }));
    expect(shareOf().body.custom_thumbnail_url).toBe(files.url("/cover.jpg"));
  });

  it("sends thumb_offset as thumbnail_offset when there is no cover", async () => {
    await publish(video({ thumb_offset: "1500" }));
    expect(shareOf().body).not.toHaveProperty("custom_thumbnail_url");
    expect(shareOf().body.post_info.thumbnail_offset).toBe(1500);
  });

  it.each([
    ["/small.png", "cover_url must be between 360x360 and 1080x1920 px"],
    ["/cover.gif", "cover_url must be a JPG, PNG or WebP image"],
    ["/missing.jpg", "cover_url could not be downloaded"],
  ])("refuses the cover %s before anything reaches TikTok", async (path, message) => {
    const shares = fake.businessPosting.shares.size;
    await expect(publish(video({ cover_url: files.url(path) }))).rejects.toMatchObject({
      kind: "rejected",
      message: expect.stringContaining(message),
    });
    expect(fake.businessPosting.shares.size).toBe(shares);
  });

  it.each(FORBIDDEN_COVERS)(
    "refuses a cover_url on %s, generically, without contacting it or TikTok",
    async (_, coverOn) => {
      const shares = fake.businessPosting.shares.size;
      const err = await publish(video({ cover_url: coverOn(files) })).catch((e: unknown) => e);
      expectGenericRefusal(err, "cover_url");
      expect(files.requests).not.toContain("GET /secret.jpg");
      expect(fake.businessPosting.shares.size).toBe(shares);
    },
  );

  it("a video draft stays under its share_id, without a URL", async () => {
    const result = await publish(video({ upload_as_draft: true }));
    expect(shareOf().body.post_info.upload_to_draft).toBe(true);
    expect(result).toEqual({ externalId: [...fake.businessPosting.shares.keys()].at(-1), url: null });
  });

  it("a publish TikTok reports FAILED is rejected with its reason", async () => {
    fake.businessPosting.failNextPublish = "video_pull_failed";
    await expect(publish(video())).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "video_pull_failed" },
    });
  });

  it("an unanswered publish cannot be read back: outcome unknown", async () => {
    await expect(tiktokConnector.findPublished!(ctx(), video())).rejects.toMatchObject({ kind: "outcome_unknown" });
  });
});

describe("tiktok stats for business-grant profiles", () => {
  it("profile stats carry the follower count from /business/get/", async () => {
    const reading = await tiktokConnector.profileStats!(ctx(), { auth: auth(), placement: null });
    expect(reading.stats).toEqual({
      follower_count: fake.user.follower_count,
      following_count: null,
      likes_count: null,
      video_count: null,
    });
  });

  it("post stats come from the video list: views as impressions, likes, comments, shares, reach and watch time", async () => {
    const { externalId } = await publish(video());
    const metrics = {
      video_views: 900,
      likes: 70,
      comments: 4,
      shares: 3,
      reach: 640,
      video_duration: 12.5,
      average_time_watched: 6.1,
      total_time_watched: 5490,
      full_video_watched_rate: 0.31,
    };
    fake.businessPosting.metrics.set(externalId, metrics);
    const input = { auth: auth(), placement: null, postExternalId: externalId, params: params() };
    const reading = await tiktokConnector.postStats!(ctx(), input);
    expect(reading).toEqual({
      stats: { impressions: 900, likes: 70, comments: 4, shares: 3, reach: 640 },
      raw: metrics,
    });
  });

  it("a post still under its share_id has no stats yet", async () => {
    const input = { auth: auth(), placement: null, postExternalId: "v_pub_url~v2.abc", params: params() };
    expect(await tiktokConnector.postStats!(ctx(), input)).toBeNull();
  });
});
