import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeLocation, googleApiError, startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import { publishInput, publishMedia } from "@/testing/publish-media";
import { NetworkError } from "../errors";
import { contextFor, signIn } from "../google/test-support";
import type { ProfileAuth, PublishInput } from "../types";
import { googleBusinessConnector } from ".";

let google: GoogleFake;
let setup: ReturnType<typeof contextFor<ReturnType<typeof googleBusinessConnector.settings.parse>>>;

beforeAll(async () => {
  google = await startGoogleFake();
  setup = contextFor(googleBusinessConnector, google, "google_business");
  google.business.config.liveAfterPolls = 0;
});
afterAll(() => google?.close());

let n = 0;
const newOwner = async () => {
  const i = ++n;
  const user = google.addUser({
    sub: `gbp-del-${i}`,
    email: `del${i}@acme.example`,
    name: `Owner ${i}`,
    accounts: [
      {
        name: `accounts/8${i}`,
        accountName: "Acme",
        type: "LOCATION_GROUP",
        locations: [fakeLocation(`60${i}`, "Acme Pizza")],
      },
    ],
  });
  const location = `accounts/8${i}/locations/60${i}`;
  const auth = await signIn(googleBusinessConnector, setup.ctx, google, user);
  const placement = { externalId: location, accessToken: null, metadata: {} };
  const input = (over: Partial<PublishInput> = {}): PublishInput =>
    publishInput(auth, { placement, ...over, params: { location_id: location, ...over.params } });
  const remove = (externalId: string, as: ProfileAuth = auth, params: Record<string, unknown> = {}) =>
    googleBusinessConnector.deletePublished!(setup.ctx, { auth: as, placement, externalId, params });
  return { auth, location, input, remove };
};
const since = (count: number) => google.requests.slice(count);
const publish = (input: PublishInput) => googleBusinessConnector.publish!(setup.ctx, input);
const photo = () =>
  publishMedia("image", { url: `https://media.example.test/hosted/${Math.random().toString(36).slice(2)}.png` });

describe("google_business deletePublished", () => {
  it("a local post: DELETE {mybusiness_url}/{post name} (200 {}); the post is gone from the location", async () => {
    const { auth, location, input, remove } = await newOwner();
    const { externalId } = await publish(input({ body: "Today only" }));
    expect(google.business.posts.get(location)!.map((p) => p.name)).toEqual([externalId]);

    const before = google.requests.length;
    await expect(remove(externalId)).resolves.toBeUndefined();
    const calls = since(before);
    expect(calls.map((r) => [r.route, r.method])).toEqual([["localPosts.delete", "DELETE"]]);
    expect(calls[0]!.url.pathname).toBe(`/mybusiness.googleapis.com/v4/${externalId}`);
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${auth.tokens!.accessToken}`);
    expect(google.business.posts.get(location)).toEqual([]);
    expect(google.business.deleted.has(externalId)).toBe(true);
    // Google no longer has it: a read-back finds nothing.
    expect(await googleBusinessConnector.findPublished!(setup.ctx, input({ body: "Today only" }))).toBeNull();
  });

  it("a photo: DELETE {mybusiness_url}/{media item name}; the gallery photo is gone", async () => {
    const { location, input, remove } = await newOwner();
    const { externalId } = await publish(input({ body: "ignored", media: [photo()], params: { format: "photo" } }));
    expect(externalId).toMatch(new RegExp(`^${location}/media/`));

    const before = google.requests.length;
    await expect(remove(externalId, undefined, { format: "photo", location_id: location })).resolves.toBeUndefined();
    const calls = since(before);
    expect(calls.map((r) => [r.route, r.method])).toEqual([["media.delete", "DELETE"]]);
    expect(calls[0]!.url.pathname).toBe(`/mybusiness.googleapis.com/v4/${externalId}`);
    expect(google.business.media.get(location)).toEqual([]);
    expect(google.business.deleted.has(externalId)).toBe(true);
  });

  it("deleting again (404 NOT_FOUND) resolves, for posts and photos", async () => {
    const { location, input, remove } = await newOwner();
    const post = await publish(input({ body: "Twice" }));
    const item = await publish(input({ media: [photo()], params: { format: "photo" } }));
    await remove(post.externalId);
    await remove(item.externalId);
    const before = google.requests.length;
    await expect(remove(post.externalId)).resolves.toBeUndefined();
    await expect(remove(item.externalId)).resolves.toBeUndefined();
    await expect(remove(`${location}/localPosts/123456789`)).resolves.toBeUndefined();
    expect(since(before).map((r) => r.route)).toEqual(["localPosts.delete", "media.delete", "localPosts.delete"]);
  });

  it("a refused delete throws the mapped NetworkError and keeps the post: another owner (403), an expired token", async () => {
    const owner = await newOwner();
    const stranger = await newOwner();
    const { externalId } = await publish(owner.input({ body: "Mine" }));

    const refused = await owner.remove(externalId, stranger.auth).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(NetworkError);
    expect(refused).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "PERMISSION_DENIED", platformErrorMessage: "The caller does not have permission" },
    });
    await expect(
      owner.remove(externalId, { ...owner.auth, tokens: { accessToken: "ya29.expired" } }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
    expect(google.business.posts.get(owner.location)!.map((p) => p.name)).toEqual([externalId]);
  });

  it("maps other failures as a write (rate limit, 5xx outcome unknown) and refuses a name that is not a post or photo", async () => {
    const { location, input, remove } = await newOwner();
    const { externalId } = await publish(input({ body: "Sturdy" }));
    google.failNext("localPosts.delete", {
      status: 429,
      headers: { "retry-after": "30" },
      body: googleApiError(429, "RESOURCE_EXHAUSTED", "Quota exceeded", { errorInfo: "RATE_LIMIT_EXCEEDED" }),
    });
    await expect(remove(externalId)).rejects.toMatchObject({ kind: "rate_limited", retryAfterMs: 30_000 });
    google.failNext("localPosts.delete", {
      status: 500,
      body: googleApiError(500, "INTERNAL", "Internal error encountered."),
    });
    await expect(remove(externalId)).rejects.toMatchObject({ kind: "outcome_unknown" });
    expect(google.business.posts.get(location)).toHaveLength(1);

    const before = google.requests.length;
    for (const bad of [location, "localPosts/1", `${location}/localPosts/1?x=y`, `${location}/reviews/1`]) {
      await expect(remove(bad)).rejects.toMatchObject({
        kind: "rejected",
        details: { platformErrorCode: "invalid_id" },
      });
    }
    expect(since(before)).toEqual([]);
  });
});
