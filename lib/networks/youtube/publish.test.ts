import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { googleApiError, startGoogleFake, type FakeGoogleUser, type GoogleFake } from "@/testing/fakes/google";
import {
  FORBIDDEN_COVERS,
  expectGenericRefusal,
  onlyLocalhostMedia,
  redirectToLoopback,
} from "@/testing/guarded-covers";
import { MP4_BYTES, PNG_BYTES, publishInput, publishMedia } from "@/testing/publish-media";
import { contextFor, signIn, startFileServer } from "../google/test-support";
import type { ProfileAuth } from "../types";
import { youtubeConnector } from ".";

let google: GoogleFake;
let files: Awaited<ReturnType<typeof startFileServer>>;
let setup: ReturnType<typeof contextFor<ReturnType<typeof youtubeConnector.settings.parse>>>;
const BIG_PNG = new Uint8Array(2 * 1024 * 1024 + 1);
const WEBP = new Uint8Array(readFileSync("lib/media/fixtures/33x17-lossy.webp"));
let restoreEnv: () => void;

beforeAll(async () => {
  restoreEnv = onlyLocalhostMedia();
  google = await startGoogleFake();
  files = await startFileServer({
    "/cover.png": { bytes: PNG_BYTES, type: "image/png" },
    "/secret.png": { bytes: PNG_BYTES, type: "image/png" },
    "/cover.webp": { bytes: WEBP, type: "image/webp" },
    "/huge.png": { bytes: BIG_PNG, type: "image/png" },
    ...redirectToLoopback("/secret.png"),
  });
  setup = contextFor(youtubeConnector, google, "youtube");
});
afterAll(async () => {
  restoreEnv?.();
  await google?.close();
  await files?.close();
});
beforeEach(() => {
  Object.assign(google.youtube.config, {
    processingPolls: 1,
    nextVerdict: null,
    acceptPerPut: null,
    thumbnailsAllowed: true,
  });
});

let n = 0;
const newChannel = async (over: Partial<FakeGoogleUser> = {}) => {
  const i = ++n;
  const user = google.addUser({
    sub: `yt-${i}`,
    email: `c${i}@example.com`,
    name: `Creator ${i}`,
    channel: { id: `UCpublish${i}xxxxxxxxxxxx`, title: `Channel ${i}` },
    ...over,
  });
  return { user, auth: await signIn(youtubeConnector, setup.ctx, google, user) };
};
const videosOf = (sub: string) => [...google.youtube.videos.values()].filter((v) => v.ownerSub === sub);
const since = (count: number) => google.requests.slice(count);
const video = () => publishMedia("video");
const publish = (auth: ProfileAuth, over: Parameters<typeof publishInput>[1] = {}) =>
  youtubeConnector.publish!(setup.ctx, publishInput(auth, { media: [video()], ...over }));

describe("youtube publish: resumable upload", () => {
  it("opens a session with the metadata, PUTs the bytes, waits for processing and returns the watch URL", async () => {
    const { user, auth } = await newChannel();
    const before = google.requests.length;
    const result = await publish(auth, {
      body: "Full description\nwith two lines",
      params: {
        title: "My video",
        privacy_status: "unlisted",
        made_for_kids: true,
        tags: ["a tag", "b"],
        category_id: "27",
        contains_synthetic_media: false,
      },
    });

    const [created] = videosOf(user.sub);
    expect(result).toEqual({ externalId: created!.id, url: `https://www.youtube.com/watch?v=${created!.id}` });
    expect(Buffer.from(created!.bytes).equals(Buffer.from(MP4_BYTES))).toBe(true);
    expect(created!.status).toMatchObject({
      uploadStatus: "processed",
      privacyStatus: "unlisted",
      selfDeclaredMadeForKids: true,
      containsSyntheticMedia: false,
    });

    const calls = since(before);
    expect(calls.map((r) => r.route)).toEqual(["videos.insert", "videos.upload", "videos.list"]);
    const [insert, put, poll] = calls;
    expect(Object.fromEntries(insert!.url.searchParams)).toEqual({ uploadType: "resumable", part: "snippet,status" });
    expect(insert!.headers).toMatchObject({
      "x-upload-content-length": String(MP4_BYTES.byteLength),
      "x-upload-content-type": "video/mp4",
    });
    expect(insert!.json).toEqual({
      snippet: {
        title: "My video",
        description: "Full description\nwith two lines",
        tags: ["a tag", "b"],
        categoryId: "27",
      },
      status: { privacyStatus: "unlisted", selfDeclaredMadeForKids: true, containsSyntheticMedia: false },
    });
    expect(put!.headers["content-range"]).toBe(`bytes 0-${MP4_BYTES.byteLength - 1}/${MP4_BYTES.byteLength}`);
    expect(put!.headers["content-type"]).toBe("video/mp4");
    expect(Object.fromEntries(poll!.url.searchParams)).toEqual({ part: "status,processingDetails", id: created!.id });
  });

  it("defaults: the title is the body's first line, public, not for kids, category 22, no tags or synthetic-media flag", async () => {
    const { auth } = await newChannel();
    const before = google.requests.length;
    await publish(auth, { body: "\n  First line title  \nrest of the description", params: {} });
    expect(since(before).find((r) => r.route === "videos.insert")!.json).toEqual({
      snippet: {
        title: "First line title",
        description: "\n  First line title  \nrest of the description",
        categoryId: "22",
      },
      status: { privacyStatus: "public", selfDeclaredMadeForKids: false },
    });
  });

  it("resumes from what Google kept (308 Resume Incomplete with Range)", async () => {
    const { user, auth } = await newChannel();
    google.youtube.config.acceptPerPut = 1000;
    const before = google.requests.length;
    await publish(auth, { params: { title: "Chunks" } });
    const total = MP4_BYTES.byteLength;
    expect(
      since(before)
        .filter((r) => r.route === "videos.upload")
        .map((r) => r.headers["content-range"]),
    ).toEqual([
      `bytes 0-${total - 1}/${total}`,
      `bytes 1000-${total - 1}/${total}`,
      `bytes 2000-${total - 1}/${total}`,
    ]);
    expect(Buffer.from(videosOf(user.sub)[0]!.bytes).equals(Buffer.from(MP4_BYTES))).toBe(true);
  });

  it("after a 5xx asks the session for its status and resumes", async () => {
    const { user, auth } = await newChannel();
    google.failNext("videos.upload", {
      status: 503,
      body: googleApiError(503, "UNAVAILABLE", "Backend Error", { reason: "backendError" }),
    });
    const before = google.requests.length;
    const result = await publish(auth, { params: { title: "Bumpy" } });
    const total = MP4_BYTES.byteLength;
    expect(
      since(before)
        .filter((r) => r.route === "videos.upload")
        .map((r) => r.headers["content-range"]),
    ).toEqual([`bytes 0-${total - 1}/${total}`, `bytes */${total}`, `bytes 0-${total - 1}/${total}`]);
    expect(videosOf(user.sub).map((v) => v.id)).toEqual([result.externalId]);
  });

  it("when the last PUT's answer is lost, the status query returns the video: one video, no second upload", async () => {
    const { user, auth } = await newChannel();
    google.loseAnswerNext("videos.upload");
    const before = google.requests.length;
    const result = await publish(auth, { params: { title: "Lost answer" } });
    const total = MP4_BYTES.byteLength;
    expect(
      since(before)
        .filter((r) => r.route === "videos.upload")
        .map((r) => r.headers["content-range"]),
    ).toEqual([`bytes 0-${total - 1}/${total}`, `bytes */${total}`]);
    expect(videosOf(user.sub).map((v) => v.id)).toEqual([result.externalId]);
  });

  it("a processing verdict of rejected fails with YouTube's reason; a long processing still publishes", async () => {
    const { auth } = await newChannel();
    google.youtube.config.nextVerdict = { uploadStatus: "rejected", rejectionReason: "duplicate" };
    await expect(publish(auth, { params: { title: "Again" } })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "duplicate", platformErrorSubcode: "rejected" },
    });
    google.youtube.config.processingPolls = 1000;
    const before = google.requests.length;
    await expect(publish(auth, { params: { title: "Slow" } })).resolves.toMatchObject({
      externalId: expect.any(String),
    });
    expect(since(before).filter((r) => r.route === "videos.list")).toHaveLength(12);
  });
});

describe("youtube publish: custom thumbnail", () => {
  it("downloads cover_url through the guarded downloader and sets it with thumbnails.set after the upload", async () => {
    const { user, auth } = await newChannel();
    const cover = files.url("/cover.png");
    const before = google.requests.length;
    const result = await publish(auth, { params: { title: "With cover", cover_url: cover } });
    expect(files.requests).toContain("GET /cover.png");
    expect(setup.fetched).not.toContain(cover); // not the network API client
    const thumb = since(before).find((r) => r.route === "thumbnails.set")!;
    expect(Object.fromEntries(thumb.url.searchParams)).toEqual({ videoId: result.externalId, uploadType: "media" });
    expect(
      since(before)
        .map((r) => r.route)
        .indexOf("thumbnails.set"),
    ).toBeGreaterThan(
      since(before)
        .map((r) => r.route)
        .indexOf("videos.upload"),
    );
    const stored = videosOf(user.sub)[0]!.thumbnail!;
    expect(stored.contentType).toBe("image/png");
    expect(Buffer.from(stored.bytes).equals(Buffer.from(PNG_BYTES))).toBe(true);
  });

  it("takes cover_file bytes (a file part)", async () => {
    const { user, auth } = await newChannel();
    await publish(auth, { params: { title: "File cover", cover_file: new Blob([PNG_BYTES], { type: "image/png" }) } });
    expect(videosOf(user.sub)[0]!.thumbnail).toMatchObject({ contentType: "image/png" });
  });

  it("refuses a cover it cannot use before anything reaches YouTube", async () => {
    const { user, auth } = await newChannel();
    const before = google.requests.length;
    await expect(publish(auth, { params: { title: "t", cover_url: files.url("/missing.png") } })).rejects.toMatchObject(
      {
        kind: "rejected",
        message: "cover_url could not be downloaded",
      },
    );
    await expect(publish(auth, { params: { title: "t", cover_url: files.url("/cover.webp") } })).rejects.toMatchObject({
      message: expect.stringContaining("JPG, PNG, GIF or BMP"),
    });
    await expect(publish(auth, { params: { title: "t", cover_url: files.url("/huge.png") } })).rejects.toMatchObject({
      message: expect.stringContaining("2 MB"),
    });
    expect(since(before)).toEqual([]);
    expect(videosOf(user.sub)).toEqual([]);
  });

  it.each(FORBIDDEN_COVERS)(
    "refuses a cover_url on %s, generically, without contacting it or YouTube",
    async (_, coverOn) => {
      const { user, auth } = await newChannel();
      const before = google.requests.length;
      const err = await publish(auth, { params: { title: "t", cover_url: coverOn(files) } }).catch((e: unknown) => e);
      expectGenericRefusal(err, "cover_url");
      expect(files.requests).not.toContain("GET /secret.png");
      expect(since(before)).toEqual([]);
      expect(videosOf(user.sub)).toEqual([]);
    },
  );

  it("a refused thumbnail (unverified channel) does not fail the published video", async () => {
    const { user, auth } = await newChannel();
    google.youtube.config.thumbnailsAllowed = false;
    await expect(
      publish(auth, { params: { title: "No custom thumbs", cover_url: files.url("/cover.png") } }),
    ).resolves.toMatchObject({ externalId: expect.any(String) });
    expect(videosOf(user.sub)[0]!.thumbnail).toBeNull();
  });
});

describe("youtube publish: errors", () => {
  it("maps Google's errors: daily quota, invalid metadata, expired token", async () => {
    const { auth } = await newChannel();
    google.failNext("videos.insert", {
      status: 403,
      body: googleApiError(
        403,
        "PERMISSION_DENIED",
        "The request cannot be completed because you have exceeded your quota.",
        { reason: "quotaExceeded", domain: "youtube.quota" },
      ),
    });
    const quota = await publish(auth, { params: { title: "t" } }).catch((e: unknown) => e);
    expect(quota).toMatchObject({ kind: "rate_limited", details: { platformErrorCode: "quotaExceeded" } });
    expect((quota as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(60_000);

    google.failNext("videos.insert", {
      status: 429,
      headers: { "retry-after": "42" },
      body: googleApiError(429, "RESOURCE_EXHAUSTED", "Too many requests", { reason: "rateLimitExceeded" }),
    });
    await expect(publish(auth, { params: { title: "t" } })).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 42_000,
    });

    await expect(publish(auth, { params: { title: "x".repeat(101) } })).rejects.toMatchObject({
      kind: "rejected",
      details: {
        platformErrorCode: "invalidTitle",
        platformErrorSubcode: "INVALID_ARGUMENT",
        platformErrorMessage: expect.stringContaining("video title"),
      },
    });
    google.failNext("videos.upload", {
      status: 400,
      body: googleApiError(400, "INVALID_ARGUMENT", "Upload limit exceeded", { reason: "uploadLimitExceeded" }),
    });
    await expect(publish(auth, { params: { title: "t" } })).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "uploadLimitExceeded" },
    });

    await expect(
      publish({ ...auth, tokens: { accessToken: "ya29.expired" } }, { params: { title: "t" } }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });

  it("a session that could not be opened is retried later (nothing exists yet)", async () => {
    const { user, auth } = await newChannel();
    google.failNext("videos.insert", {
      status: 503,
      body: googleApiError(503, "UNAVAILABLE", "Backend Error", { reason: "backendError" }),
    });
    await expect(publish(auth, { params: { title: "t" } })).rejects.toMatchObject({ kind: "rate_limited" });
    google.loseAnswerNext("videos.insert");
    await expect(publish(auth, { params: { title: "t" } })).rejects.toMatchObject({ kind: "rate_limited" });
    expect(videosOf(user.sub)).toEqual([]);
  });
});

describe("youtube findPublished", () => {
  it("finds the video whose upload answer was lost, and creates nothing", async () => {
    const { user, auth } = await newChannel();
    google.youtube.addVideo(user.sub, {
      title: "Lost",
      description: "Hello from the publisher",
      publishedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
    google.loseAnswerNext("videos.upload", 6); // the upload completes; no answer and no status ever arrives
    const input = publishInput(auth, { media: [video()], params: { title: "Lost" } });
    await expect(youtubeConnector.publish!(setup.ctx, input)).rejects.toMatchObject({ kind: "outcome_unknown" });
    const uploaded = videosOf(user.sub).find((v) => v.bytes.length === MP4_BYTES.byteLength)!;

    const before = google.requests.length;
    const count = videosOf(user.sub).length;
    expect(await youtubeConnector.findPublished!(setup.ctx, input)).toEqual({
      externalId: uploaded.id,
      url: `https://www.youtube.com/watch?v=${uploaded.id}`,
    });
    const calls = since(before);
    expect(calls.map((r) => r.route)).toEqual(["channels", "playlistItems"]);
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ part: "contentDetails", mine: "true" });
    expect(calls[1]!.url.searchParams.get("playlistId")).toBe(`UU${user.channel!.id.slice(2)}`);
    expect(videosOf(user.sub)).toHaveLength(count);
  });

  it("null when no recent upload has the title and description; look-alikes do not match", async () => {
    const { user, auth } = await newChannel();
    google.youtube.addVideo(user.sub, {
      title: "Old one",
      description: "Hello from the publisher",
      publishedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    google.youtube.addVideo(user.sub, { title: "Old one", description: "another description" });
    google.youtube.addVideo(user.sub, { title: "Other title", description: "Hello from the publisher" });
    expect(
      await youtubeConnector.findPublished!(
        setup.ctx,
        publishInput(auth, { media: [video()], params: { title: "Old one" } }),
      ),
    ).toBeNull();
  });

  it("pages through the uploads playlist", async () => {
    const { user, auth } = await newChannel();
    const target = google.youtube.addVideo(user.sub, {
      title: "Deep",
      description: "Hello from the publisher",
      publishedAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    for (let i = 0; i < 55; i++) google.youtube.addVideo(user.sub, { title: `Newer ${i}` });
    expect(
      await youtubeConnector.findPublished!(
        setup.ctx,
        publishInput(auth, { media: [video()], params: { title: "Deep" } }),
      ),
    ).toMatchObject({ externalId: target.id });
  });

  it("cannot tell when YouTube does not answer: outcome_unknown; an expired token stays auth_expired", async () => {
    const { auth } = await newChannel();
    const input = publishInput(auth, { media: [video()], params: { title: "t" } });
    google.failNext("playlistItems", {
      status: 500,
      body: googleApiError(500, "INTERNAL", "Internal error", { reason: "backendError" }),
    });
    await expect(youtubeConnector.findPublished!(setup.ctx, input)).rejects.toMatchObject({ kind: "outcome_unknown" });
    await expect(
      youtubeConnector.findPublished!(setup.ctx, { ...input, auth: { ...auth, tokens: { accessToken: "ya29.nope" } } }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});
