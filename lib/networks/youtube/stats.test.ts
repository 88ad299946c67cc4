import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleApiError, startGoogleFake, type FakeGoogleUser, type GoogleFake } from "@/testing/fakes/google";
import { publishInput, publishMedia } from "@/testing/publish-media";
import { contextFor, signIn } from "../google/test-support";
import { youtubeConnector } from ".";

let google: GoogleFake;
let setup: ReturnType<typeof contextFor<ReturnType<typeof youtubeConnector.settings.parse>>>;

beforeAll(async () => {
  google = await startGoogleFake();
  google.youtube.config.processingPolls = 0;
  setup = contextFor(youtubeConnector, google, "youtube");
});
afterAll(() => google?.close());

let n = 0;
const newChannel = async (statistics?: NonNullable<FakeGoogleUser["channel"]>["statistics"]) => {
  const i = ++n;
  const user = google.addUser({
    sub: `yts-${i}`,
    email: `s${i}@example.com`,
    name: `S ${i}`,
    channel: { id: `UCstats${i}xxxxxxxxxxxxxx`, title: `Stats ${i}`, statistics },
  });
  return { user, auth: await signIn(youtubeConnector, setup.ctx, google, user) };
};

describe("youtube stats", () => {
  it("profile: the channel's subscriberCount, viewCount and videoCount, raw under YouTube's names", async () => {
    const { auth } = await newChannel({ subscriberCount: 4321, viewCount: 987_654, videoCount: 42 });
    const before = google.requests.length;
    const reading = await youtubeConnector.profileStats!(setup.ctx, { auth, placement: null });
    expect(reading).toEqual({
      stats: { subscriberCount: 4321, viewCount: 987_654, videoCount: 42 },
      raw: { subscriberCount: 4321, viewCount: 987_654, videoCount: 42, hiddenSubscriberCount: false },
    });
    const [call] = google.requests.slice(before);
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({ part: "statistics", mine: "true" });
  });

  it("profile: a hidden subscriber count is null", async () => {
    const { auth } = await newChannel({ hiddenSubscriberCount: true, viewCount: 10, videoCount: 1 });
    expect((await youtubeConnector.profileStats!(setup.ctx, { auth, placement: null })).stats).toEqual({
      subscriberCount: null,
      viewCount: 10,
      videoCount: 1,
    });
  });

  it("post: impressions = viewCount, likes, comments, saved = favoriteCount; raw keeps every statistic", async () => {
    const { auth } = await newChannel();
    const { externalId } = await youtubeConnector.publish!(
      setup.ctx,
      publishInput(auth, { media: [publishMedia("video")], params: { title: "Stats" } }),
    );
    google.youtube.videos.get(externalId)!.statistics = {
      viewCount: "2500",
      likeCount: "120",
      dislikeCount: "4",
      favoriteCount: "9",
      commentCount: "33",
    };
    const before = google.requests.length;
    const reading = await youtubeConnector.postStats!(setup.ctx, {
      auth,
      placement: null,
      postExternalId: externalId,
      params: {},
    });
    expect(reading).toEqual({
      stats: { impressions: 2500, likes: 120, comments: 33, saved: 9 },
      raw: { viewCount: 2500, likeCount: 120, dislikeCount: 4, favoriteCount: 9, commentCount: 33 },
    });
    expect(Object.fromEntries(google.requests[before]!.url.searchParams)).toEqual({
      part: "statistics",
      id: externalId,
    });
  });

  it("errors: an unknown video is rejected, a 5xx is retry-later, an expired token is auth_expired", async () => {
    const { auth } = await newChannel();
    await expect(
      youtubeConnector.postStats!(setup.ctx, { auth, placement: null, postExternalId: "nope", params: {} }),
    ).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "videoNotFound" },
    });
    google.failNext("channels", {
      status: 503,
      body: googleApiError(503, "UNAVAILABLE", "Backend Error", { reason: "backendError" }),
    });
    await expect(youtubeConnector.profileStats!(setup.ctx, { auth, placement: null })).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 30_000,
    });
    await expect(
      youtubeConnector.profileStats!(setup.ctx, {
        auth: { ...auth, tokens: { accessToken: "ya29.bad" } },
        placement: null,
      }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});
