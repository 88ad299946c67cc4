import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleApiError, startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import { publishInput, publishMedia } from "@/testing/publish-media";
import { NetworkError } from "../errors";
import { contextFor, signIn } from "../google/test-support";
import type { ProfileAuth } from "../types";
import { youtubeConnector } from ".";

let google: GoogleFake;
let setup: ReturnType<typeof contextFor<ReturnType<typeof youtubeConnector.settings.parse>>>;

beforeAll(async () => {
  google = await startGoogleFake();
  setup = contextFor(youtubeConnector, google, "youtube");
  google.youtube.config.processingPolls = 0;
});
afterAll(() => google?.close());

let n = 0;
const newChannel = async () => {
  const i = ++n;
  const user = google.addUser({
    sub: `yt-del-${i}`,
    email: `d${i}@example.com`,
    name: `Deleter ${i}`,
    channel: { id: `UCdelete${i}xxxxxxxxxxxxx`, title: `Channel ${i}` },
  });
  return { user, auth: await signIn(youtubeConnector, setup.ctx, google, user) };
};
const since = (count: number) => google.requests.slice(count);
const publish = (auth: ProfileAuth) =>
  youtubeConnector.publish!(
    setup.ctx,
    publishInput(auth, { media: [publishMedia("video")], params: { title: "To be deleted" } }),
  );
const remove = (auth: ProfileAuth, externalId: string) =>
  youtubeConnector.deletePublished!(setup.ctx, { auth, placement: null, externalId, params: {} });

describe("youtube deletePublished", () => {
  it("DELETE {api_url}/videos?id=… (204): the video is gone from the channel and from reads", async () => {
    const { user, auth } = await newChannel();
    const { externalId } = await publish(auth);
    expect(google.youtube.videos.has(externalId)).toBe(true);

    const before = google.requests.length;
    await expect(remove(auth, externalId)).resolves.toBeUndefined();
    const calls = since(before);
    expect(calls.map((r) => [r.route, r.method])).toEqual([["videos.delete", "DELETE"]]);
    expect(calls[0]!.url.pathname).toBe("/www.googleapis.com/youtube/v3/videos");
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ id: externalId });
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${auth.tokens!.accessToken}`);

    expect(google.youtube.videos.has(externalId)).toBe(false);
    expect(google.youtube.deleted.has(externalId)).toBe(true);
    expect([...google.youtube.videos.values()].filter((v) => v.ownerSub === user.sub)).toEqual([]);
    await expect(
      youtubeConnector.postStats!(setup.ctx, { auth, placement: null, postExternalId: externalId, params: {} }),
    ).rejects.toMatchObject({
      details: { platformErrorCode: "videoNotFound" },
    });
  });

  it("deleting again (404 videoNotFound) resolves; so does an id YouTube never had", async () => {
    const { auth } = await newChannel();
    const { externalId } = await publish(auth);
    await remove(auth, externalId);
    const before = google.requests.length;
    await expect(remove(auth, externalId)).resolves.toBeUndefined();
    await expect(remove(auth, "neverExisted")).resolves.toBeUndefined();
    expect(since(before).map((r) => r.route)).toEqual(["videos.delete", "videos.delete"]);
  });

  it("a refused delete throws the mapped NetworkError and leaves the video: another channel's video, an expired token", async () => {
    const owner = await newChannel();
    const stranger = await newChannel();
    const { externalId } = await publish(owner.auth);

    const refused = await remove(stranger.auth, externalId).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NetworkError);
    expect(refused).toMatchObject({
      kind: "rejected",
      details: {
        platformErrorCode: "forbidden",
        platformErrorSubcode: "PERMISSION_DENIED",
        platformErrorMessage: expect.stringContaining("cannot be deleted"),
      },
    });
    await expect(remove({ ...owner.auth, tokens: { accessToken: "ya29.expired" } }, externalId)).rejects.toMatchObject({
      kind: "auth_expired",
    });
    expect(google.youtube.videos.has(externalId)).toBe(true);
  });

  it("maps other failures as a write: quota, 5xx (outcome unknown); a 404 that is not the API's is not taken for gone", async () => {
    const { auth } = await newChannel();
    const { externalId } = await publish(auth);
    google.failNext("videos.delete", {
      status: 403,
      body: googleApiError(403, "PERMISSION_DENIED", "You have exceeded your quota.", {
        reason: "quotaExceeded",
        domain: "youtube.quota",
      }),
    });
    await expect(remove(auth, externalId)).rejects.toMatchObject({
      kind: "rate_limited",
      details: { platformErrorCode: "quotaExceeded" },
    });
    google.failNext("videos.delete", {
      status: 503,
      body: googleApiError(503, "UNAVAILABLE", "Backend Error", { reason: "backendError" }),
    });
    await expect(remove(auth, externalId)).rejects.toMatchObject({ kind: "outcome_unknown" });
    google.failNext("videos.delete", { status: 404, body: "<html><body>Not Found</body></html>" });
    await expect(remove(auth, externalId)).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "404" },
    });
    expect(google.youtube.videos.has(externalId)).toBe(true);
    await expect(remove(auth, " ")).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "invalid_id" },
    });
  });
});
