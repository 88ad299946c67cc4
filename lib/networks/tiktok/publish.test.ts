import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTikTokFake, tiktokApiError, type TikTokFake } from "@/testing/fakes/tiktok";
import { MP4_BYTES, noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import type { NetworkError } from "../errors";
import { timedFetch } from "../http";
import type { ProfileAuth, PublishInput } from "../types";
import { ZTikTokSettings, tiktokConnector } from ".";
import { tiktokPostRules } from "./post-rules";

let fake: TikTokFake;
const MB = 1024 * 1024;
const ctx = (settings: Record<string, unknown> = {}) => ({
  settings: ZTikTokSettings.parse({
    client_key: fake.clientKey,
    client_secret: fake.clientSecret,
    web_url: fake.url,
    api_url: fake.url,
    ...settings,
  }),
  fetch: timedFetch(5_000),
  sleep: noSleep,
});
const OLD = "2026-03-01T10:00:00.000Z";
const auth = ({ scopes, connectedAt = OLD }: { scopes?: string[]; connectedAt?: string | null } = {}): ProfileAuth => ({
  externalId: fake.user.open_id,
  tokens: { accessToken: fake.grant(scopes), scopes },
  credentials: null,
  metadata: { union_id: fake.user.union_id, ...(connectedAt && { connected_at: connectedAt }) },
});
const params = (p: Record<string, unknown> = {}) => tiktokPostRules.params.parse(p) as Record<string, unknown>;
const video = (i: Partial<PublishInput> = {}, p: Record<string, unknown> = {}) =>
  publishInput(auth(), { body: "Fox at dawn #wildlife", media: [publishMedia("video")], params: params(p), ...i });
const photos = (n: number, p: Record<string, unknown> = {}) =>
  publishInput(auth(), {
    body: "Three frames",
    media: Array.from({ length: n }, (_, i) => publishMedia("image", { url: `https://media.example.test/p${i}.jpg` })),
    params: params({ format: "image", ...p }),
  });
const publish = (i: PublishInput, settings?: Record<string, unknown>) => tiktokConnector.publish!(ctx(settings), i);
const lastInit = () => fake.publishing.initRequests.at(-1)!;
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable("should have failed"),
    (err: unknown) => err as NetworkError,
  );

beforeAll(async () => {
  fake = await startTikTokFake();
});
beforeEach(() => {
  Object.assign(fake.publishing, { processingPolls: 1, publicIds: true, failNextPublish: null });
  Object.assign(fake.publishing.creator, { comment_disabled: false, duet_disabled: false, stitch_disabled: false });
});
afterAll(() => fake.close());

describe("tiktok publish (Content Posting API against the fake)", () => {
  it("direct-posts a video: creator info, init with the defaults, one FILE_UPLOAD chunk, status until complete", async () => {
    const calls = fake.publishing.calls.length;
    const result = await publish(video());
    const post = fake.publishing.videos.at(-1)!;
    expect(result).toEqual({ externalId: post.id, url: `https://www.tiktok.com/@trailcams/video/${post.id}` });
    expect(fake.publishing.calls.slice(calls)).toEqual([
      "/v2/post/publish/creator_info/query/",
      "/v2/post/publish/video/init/",
      "/v2/post/publish/status/fetch/",
      "/v2/post/publish/status/fetch/",
    ]);
    expect(lastInit()).toEqual({
      path: "video",
      body: {
        post_info: {
          title: "Fox at dawn #wildlife",
          privacy_level: "PUBLIC_TO_EVERYONE",
          disable_comment: true,
          disable_duet: true,
          disable_stitch: true,
          brand_content_toggle: false,
          brand_organic_toggle: false,
          is_aigc: false,
        },
        source_info: {
          source: "FILE_UPLOAD",
          video_size: MP4_BYTES.byteLength,
          chunk_size: MP4_BYTES.byteLength,
          total_chunk_count: 1,
        },
      },
    });
    const publishEntry = [...fake.publishing.publishes.values()].at(-1)!;
    expect(Buffer.compare(publishEntry.received!, Buffer.from(MP4_BYTES))).toBe(0);
    expect(fake.publishing.uploadRequests.at(-1)).toEqual({
      authorization: undefined,
      contentRange: `bytes 0-${MP4_BYTES.byteLength - 1}/${MP4_BYTES.byteLength}`,
      contentType: "video/mp4",
      bytes: MP4_BYTES.byteLength,
    });
  });

  it("uploads a large video in TikTok's chunks, the last one carrying the remainder", async () => {
    const bytes = new Uint8Array(12 * MB).map((_, i) => i % 251);
    await publish(video({ media: [publishMedia("video", { bytes })] }), { upload_chunk_bytes: 5 * MB });
    expect(lastInit().body.source_info).toEqual({
      source: "FILE_UPLOAD",
      video_size: 12 * MB,
      chunk_size: 5 * MB,
      total_chunk_count: 2,
    });
    expect(fake.publishing.uploadRequests.slice(-2).map((u) => u.contentRange)).toEqual([
      `bytes 0-${5 * MB - 1}/${12 * MB}`,
      `bytes ${5 * MB}-${12 * MB - 1}/${12 * MB}`,
    ]);
    expect(Buffer.compare([...fake.publishing.publishes.values()].at(-1)!.received!, Buffer.from(bytes))).toBe(0);
  });

  it("lets TikTok pull the video from our URL when configured; an unverified domain is refused", async () => {
    await publish(video(), { video_source: "PULL_FROM_URL" });
    expect(lastInit().body.source_info).toEqual({
      source: "PULL_FROM_URL",
      video_url: "https://media.example.test/clip.mp4",
    });
    const err = await rejection(
      publish(video({ media: [publishMedia("video", { url: "https://elsewhere.example/clip.mp4" })] }), {
        video_source: "PULL_FROM_URL",
      }),
    );
    expect(err).toMatchObject({ kind: "rejected", details: { platformErrorCode: "url_ownership_unverified" } });
  });

  it("sends privacy and flags, keeps what the creator turned off off, and refuses a privacy the creator cannot use", async () => {
    Object.assign(fake.publishing.creator, { comment_disabled: true, duet_disabled: true });
    await publish(
      video(
        {},
        {
          privacy_status: "SELF_ONLY",
          disable_comment: false,
          disable_duet: false,
          disable_stitch: false,
          thumb_offset: 1500,
          made_with_ai: true,
          brand_organic_toggle: true,
        },
      ),
    );
    expect(lastInit().body.post_info).toEqual({
      title: "Fox at dawn #wildlife",
      privacy_level: "SELF_ONLY",
      disable_comment: true,
      disable_duet: true,
      disable_stitch: false,
      video_cover_timestamp_ms: 1500,
      brand_content_toggle: false,
      brand_organic_toggle: true,
      is_aigc: true,
    });
    const inits = fake.publishing.initRequests.length;
    const options = fake.publishing.creator.privacy_level_options;
    fake.publishing.creator.privacy_level_options = ["SELF_ONLY"]; // an unaudited app
    const err = await rejection(publish(video()));
    fake.publishing.creator.privacy_level_options = options;
    expect(err).toMatchObject({ kind: "rejected", details: { platformErrorCode: "privacy_level_option_mismatch" } });
    expect(fake.publishing.initRequests.length).toBe(inits);
  });

  it("publishes videos publicly on profiles connected on or after 2026-09-30", async () => {
    await publish({
      ...video({}, { privacy_status: "SELF_ONLY" }),
      auth: auth({ connectedAt: "2026-10-05T08:00:00.000Z" }),
    });
    expect(lastInit().body.post_info.privacy_level).toBe("PUBLIC_TO_EVERYONE");
  });

  it("sends a video draft to the inbox with the media only; it ends published without a permalink", async () => {
    const calls = fake.publishing.calls.length;
    const result = await publish(video({}, { upload_as_draft: true, privacy_status: "SELF_ONLY" }));
    expect(lastInit()).toEqual({
      path: "inbox",
      body: {
        source_info: {
          source: "FILE_UPLOAD",
          video_size: MP4_BYTES.byteLength,
          chunk_size: MP4_BYTES.byteLength,
          total_chunk_count: 1,
        },
      },
    });
    expect(result).toEqual({ externalId: expect.stringMatching(/^v_inbox_file~/), url: null });
    expect(fake.publishing.publishes.get(result.externalId)!.status).toBe("SEND_TO_USER_INBOX");
    expect(fake.publishing.calls.slice(calls)).toEqual([
      "/v2/post/publish/inbox/video/init/",
      "/v2/post/publish/status/fetch/",
      "/v2/post/publish/status/fetch/",
    ]); // no creator_info
  });

  it("posts photos from our URLs (DIRECT_POST), and photo drafts without privacy (MEDIA_UPLOAD)", async () => {
    const result = await publish(
      photos(3, {
        photo_cover_index: 2,
        privacy_status: "FOLLOWER_OF_CREATOR",
        auto_add_music: true,
        disable_comment: false,
      }),
    );
    const post = fake.publishing.videos.at(-1)!;
    expect(result).toEqual({ externalId: post.id, url: `https://www.tiktok.com/@trailcams/photo/${post.id}` });
    expect(lastInit().body).toEqual({
      media_type: "PHOTO",
      post_mode: "DIRECT_POST",
      post_info: {
        description: "Three frames",
        disable_comment: false,
        auto_add_music: true,
        brand_content_toggle: false,
        brand_organic_toggle: false,
        privacy_level: "FOLLOWER_OF_CREATOR",
      },
      source_info: {
        source: "PULL_FROM_URL",
        photo_cover_index: 2,
        photo_images: [
          "https://media.example.test/p0.jpg",
          "https://media.example.test/p1.jpg",
          "https://media.example.test/p2.jpg",
        ],
      },
    });
    const draft = await publish(photos(1, { upload_as_draft: true }));
    expect(lastInit().body).toMatchObject({
      post_mode: "MEDIA_UPLOAD",
      post_info: { description: "Three frames", disable_comment: true },
    });
    expect(lastInit().body.post_info.privacy_level).toBeUndefined();
    expect(draft).toEqual({ externalId: expect.stringMatching(/^p_pub_url~/), url: null });
  });

  it("keeps the publish_id when TikTok gives no public id, and fails with TikTok's fail_reason", async () => {
    fake.publishing.publicIds = false; // e.g. a private post still in moderation
    const result = await publish(video({}, { privacy_status: "SELF_ONLY" }));
    expect(result).toEqual({ externalId: expect.stringMatching(/^v_pub_file~/), url: null });
    fake.publishing.failNextPublish = "file_format_check_failed";
    expect(await rejection(publish(video()))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "file_format_check_failed" },
    });
  });

  it("maps TikTok's errors", async () => {
    fake.failNext(
      "/v2/post/publish/video/init/",
      tiktokApiError("spam_risk_too_many_posts", "The user has reached the daily post cap.", 403),
    );
    expect(await rejection(publish(video()))).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "spam_risk_too_many_posts" },
    });
    fake.failNext(
      "/v2/post/publish/creator_info/query/",
      tiktokApiError("rate_limit_exceeded", "Too many requests", 429),
    );
    expect(await rejection(publish(video()))).toMatchObject({ kind: "rate_limited", retryAfterMs: 60_000 });
    expect(
      await rejection(publish({ ...video(), auth: { ...auth(), tokens: { accessToken: "act.revoked" } } })),
    ).toMatchObject({ kind: "auth_expired", details: { platformErrorCode: "access_token_invalid" } });
    expect(
      await rejection(publish({ ...video(), auth: auth({ scopes: ["user.info.basic", "video.upload"] }) })),
    ).toMatchObject({ kind: "auth_expired", details: { platformErrorCode: "scope_not_authorized" } });
  });
});

describe("tiktok findPublished", () => {
  it("finds a video whose init answer was lost by its caption, without posting again", async () => {
    fake.publishing.processingPolls = 0; // TikTok pulls and publishes at once
    const i = video({ body: `Lost answer ${Date.now()}` });
    fake.loseAnswerNext("POST /v2/post/publish/video/init/");
    expect(await rejection(publish(i, { video_source: "PULL_FROM_URL" }))).toMatchObject({ kind: "outcome_unknown" });
    const post = fake.publishing.videos.at(-1)!;
    const inits = fake.publishing.initRequests.length;
    expect(await tiktokConnector.findPublished!(ctx(), i)).toEqual({ externalId: post.id, url: post.share_url });
    expect(fake.publishing.initRequests.length).toBe(inits);
  });

  it("cannot tell when the post is not listed, for drafts, or without video.list", async () => {
    expect(
      await rejection(tiktokConnector.findPublished!(ctx(), video({ body: `Never sent ${Date.now()}` }))),
    ).toMatchObject({ kind: "outcome_unknown" });
    const listed = fake.publishing.videos.length;
    await publish(video({ body: "An older twin" }));
    fake.publishing.videos.at(-1)!.create_time -= 2 * 24 * 3600;
    expect(fake.publishing.videos.length).toBe(listed + 1);
    expect(await rejection(tiktokConnector.findPublished!(ctx(), video({ body: "An older twin" })))).toMatchObject({
      kind: "outcome_unknown",
    });
    expect(await rejection(tiktokConnector.findPublished!(ctx(), video({}, { upload_as_draft: true })))).toMatchObject({
      kind: "outcome_unknown",
    });
    expect(
      await rejection(
        tiktokConnector.findPublished!(ctx(), {
          ...video(),
          auth: auth({ scopes: ["user.info.basic", "video.publish"] }),
        }),
      ),
    ).toMatchObject({ kind: "outcome_unknown" });
  });
});
