import { useOwnDatabase } from "@/lib/testing/own-database";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/e2e/fakes/graph";
import { fakeLocation, startGoogleFake, type GoogleFake } from "@/e2e/fakes/google";
import * as route from "@/app/api/profiles/[id]/comments/route";
import { publishCommentFn } from "@/inngest/functions/comments";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { signIn, contextFor as googleCtx } from "@/lib/networks/google/test-support";
import { googleBusinessConnector } from "@/lib/networks/google_business";
import { callRoute } from "@/lib/testing/call-route";
import { seedNetworkProfile, uniqueDigits } from "@/lib/testing/comments";
import { eventsOf, seedTenant, setEnv, type Tenant } from "@/lib/testing/network-tests";
import { seedKey } from "@/lib/testing/seed";
import { syncProfileComments } from "./sync-profile-comments";

await useOwnDatabase("comments_profile_replies");

// POST /api/profiles/:id/comments: our reply to a google review (PUT {review}/reply) or a facebook
// recommendation (POST /{story-id}/comments), through the API, the local runner and the real connectors
// against the fakes (which refuse fields the real APIs do not take). Pending at once, then published
// exactly once with profile_comment.created; a lost answer is read back, never sent twice; a later sync
// finds the reply as the same row; 404 for an unknown parent or another tenant's profile, 405 elsewhere.

type Json = Record<string, any>;
const FB = { appId: "1000000000088", secret: "fb-secret" };
let google: GoogleFake;
let graph: GraphFake;
let runner: LocalRunner;

beforeAll(async () => {
  [google, graph] = await Promise.all([startGoogleFake(), startGraphFake()]);
  graph.addApp("facebook", FB.appId, FB.secret);
  return setEnv({
    ...google.env("google_business"),
    NETWORK_FACEBOOK_CLIENT_ID: FB.appId,
    NETWORK_FACEBOOK_CLIENT_SECRET: FB.secret,
    NETWORK_FACEBOOK_GRAPH_URL: graph.base("graph.facebook.com"),
  });
}, 60_000);
afterEach(() => runner?.stop());
afterAll(async () => {
  await Promise.all([google?.close(), graph?.close()]);
  await db.$disconnect();
});

const start = async () => {
  runner = await startLocalRunner({
    functions: [publishCommentFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
};
// A tenant of its own per test (a group has one profile per network), with an API key.
const newTenant = async () => {
  const tenant = await seedTenant();
  return { tenant, token: (await seedKey({ accountId: tenant.account.id })).token };
};
let tenant: Tenant;
let token: string;
const reply = (profileId: string, body: Json, key = token) =>
  callRoute(route.POST, { path: `/api/profiles/${profileId}/comments`, token: key, body, params: { id: profileId } });
const row = (id: string) => db.comment.findUniqueOrThrow({ where: { id } });
const announced = async (externalId: string) =>
  (await eventsOf(tenant.account.id, "profile_comment.created")).filter(
    (e) => (e.data as Json).external_id === externalId,
  );

const googleWorld = async () => {
  ({ tenant, token } = await newTenant());
  const n = uniqueDigits(6);
  const location = `accounts/9${n}/locations/1${n}`;
  const user = google.addUser({
    sub: `sub-${n}`,
    email: `${n}@example.com`,
    name: "Owner",
    accounts: [
      {
        name: `accounts/9${n}`,
        accountName: "Acme",
        type: "PERSONAL",
        locations: [fakeLocation(`1${n}`, "Acme Deli")],
      },
    ],
  });
  const auth = await signIn(
    googleBusinessConnector,
    googleCtx(googleBusinessConnector, google, "google_business").ctx,
    google,
    user,
  );
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "google_business", externalId: user.sub });
  await db.profile.update({
    where: { id: profile.id },
    data: { accessToken: encryptSecret(auth.tokens!.accessToken), scopes: auth.tokens!.scopes ?? [] },
  });
  await db.placement.create({
    data: { id: newId("placement"), profileId: profile.id, externalId: location, name: "Deli", position: 0 },
  });
  return { profile, location };
};

const facebookWorld = async () => {
  ({ tenant, token } = await newTenant());
  const user = uniqueDigits(8);
  const page = uniqueDigits(9);
  graph.addFacebookUser({ id: user, name: "Ada", pages: [{ id: page, name: "Acme Bakery", category: "Bakery" }] });
  const profile = await db.profile.create({
    data: {
      id: newId("profile"),
      accountId: tenant.account.id,
      environment: "live",
      profileGroupId: tenant.group.id,
      platform: "facebook",
      name: "Acme",
      externalId: user,
      accessToken: encryptSecret(graph.issueToken("facebook", user, FACEBOOK_SCOPES)),
      placements: {
        create: {
          id: newId("placement"),
          externalId: page,
          name: "Acme Bakery",
          accessToken: encryptSecret(graph.pageToken(user, page, FACEBOOK_SCOPES)),
        },
      },
    },
  });
  return { profile, page };
};

describe("replying to a google review", () => {
  it("pending at once, then the review's reply on Google, published once with profile_comment.created; the next sync keeps one row", async () => {
    const { profile, location } = await googleWorld();
    const review = google.commentLists.addReview(location, {
      comment: "Great bagels",
      reviewReply: { comment: "Old thanks", updateTime: new Date().toISOString() },
    });
    await syncProfileComments({ profileId: profile.id });
    const stored = await db.comment.findFirstOrThrow({ where: { profileId: profile.id, externalId: review.name } });

    await start();
    const res = await reply(profile.id, { body: "Thank you, come again!", parent_id: stored.id });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      status: "pending",
      external_id: null,
      parent_external_id: review.name,
      placement_id: location,
      body: "Thank you, come again!",
      replies: [],
    });
    await runner.drain();

    const call = google.requestsTo("reviews.updateReply").at(-1)!;
    expect([call.method, call.json]).toEqual(["PUT", { comment: "Thank you, come again!" }]);
    expect(google.commentLists.reviews.get(location)![0]!.reviewReply).toMatchObject({
      comment: "Thank you, come again!",
    });
    expect(await row(res.json.id as string)).toMatchObject({
      status: "published",
      externalId: `${review.name}/reply`,
      attempts: 1,
    });
    expect(await db.comment.count({ where: { profileId: profile.id, parentExternalId: review.name } })).toBe(1); // the reply ours replaced is gone
    expect(await announced(`${review.name}/reply`)).toHaveLength(1);

    await syncProfileComments({ profileId: profile.id, now: new Date(Date.now() + 1000) });
    expect(await db.comment.count({ where: { profileId: profile.id, parentExternalId: review.name } })).toBe(1);
    const list = await callRoute(route.GET, {
      path: `/api/profiles/${profile.id}/comments`,
      token,
      params: { id: profile.id },
    });
    expect((list.json.data as Json[])[0]).toMatchObject({
      external_id: review.name,
      replies: [{ id: res.json.id, status: "published", body: "Thank you, come again!" }],
    });
    expect(await announced(`${review.name}/reply`)).toHaveLength(1);
  });

  it("a rejection fails with Google's error; the parent by the network's id; 404 for an unknown parent and another tenant's profile", async () => {
    const { profile, location } = await googleWorld();
    const review = google.commentLists.addReview(location, { comment: "Meh" });
    await syncProfileComments({ profileId: profile.id });
    await start();
    google.failNext("reviews.updateReply", {
      status: 400,
      body: { error: { code: 400, status: "INVALID_ARGUMENT", message: "Request contains an invalid argument." } },
    });
    const res = await reply(profile.id, { body: "Sorry to hear", parent_id: review.name });
    expect(res.status).toBe(201);
    await runner.drain();
    expect(await row(res.json.id as string)).toMatchObject({ status: "failed", externalId: null, attempts: 1 });
    expect((await row(res.json.id as string)).error).toContain("invalid argument");

    expect(await reply(profile.id, { body: "Hi", parent_id: "accounts/1/locations/2/reviews/none" })).toMatchObject({
      status: 404,
      json: { error: "Parent comment not found" },
    });
    expect(await reply(profile.id, { body: " ", parent_id: review.name })).toMatchObject({ status: 422 });
    // `text` is the clients' name for the reply's text (the official clients do)
    const byText = await reply(profile.id, { text: "Thanks, see you soon", parent_id: review.name });
    expect(byText).toMatchObject({ status: 201, json: { body: "Thanks, see you soon", status: "pending" } });
    const other = await seedTenant();
    const otherKey = (await seedKey({ accountId: other.account.id })).token;
    expect(await reply(profile.id, { body: "Hi", parent_id: review.name }, otherKey)).toMatchObject({
      status: 404,
      json: { error: "Not found" },
    });
  });

  it("a network without profile-level comments answers 405", async () => {
    ({ tenant, token } = await newTenant());
    const bluesky = await seedNetworkProfile({ group: tenant.group, platform: "bluesky" });
    expect(await reply(bluesky.id, { body: "Hi", parent_id: "x" })).toMatchObject({
      status: 405,
      json: { error: "Unsupported method for bluesky" },
    });
  });
});

describe("replying to a facebook recommendation", () => {
  it("the Page's comment on the story; an answer lost after it was made is read back: published once, sent once", async () => {
    const { profile, page } = await facebookWorld();
    const story = graph.addRecommendation(page, { type: "positive", text: "Lovely staff" });
    await syncProfileComments({ profileId: profile.id });
    await start();
    graph.loseNext({ host: "graph.facebook.com", path: `${story}/comments` });
    const res = await reply(profile.id, { body: "Thanks for the kind words", parent_id: story });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    await runner.drain();

    const replies = graph.content.ratings.get(story)!.replies;
    expect(replies.map((r) => [r.message, r.fromId])).toEqual([["Thanks for the kind words", page]]);
    expect(await row(res.json.id as string)).toMatchObject({
      status: "published",
      externalId: replies[0]!.id,
      placementId: page,
    });
    expect(await announced(replies[0]!.id)).toHaveLength(1);
    await syncProfileComments({ profileId: profile.id, now: new Date(Date.now() + 1000) });
    expect(await db.comment.count({ where: { profileId: profile.id, parentExternalId: story } })).toBe(1);
  });
});
