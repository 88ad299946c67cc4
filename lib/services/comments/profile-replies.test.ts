import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { fakeLocation, startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import * as route from "@/app/api/profiles/[id]/comments/route";
import { publishCommentFn } from "@/inngest/functions/comments";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { signIn, contextFor as googleCtx } from "@/lib/networks/google/test-support";
import { googleBusinessConnector } from "@/lib/networks/google_business";
import { callRoute } from "@/testing/call-route";
import { seedNetworkProfile, uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant, setEnv, type Tenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
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
let runner: LocalRunner | undefined;

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
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});
afterAll(async () => {
  await Promise.all([google?.close(), graph?.close()]);
  await db.$disconnect();
});

// The publish-comment function on a local runner (stopped after the test, or after the first test of a
// suite whose beforeAll started it).
const start = async () => {
  runner = await startLocalRunner({
    functions: [publishCommentFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  return runner;
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
  describe("a reply to a review with an owner's reply", () => {
    let profile: Awaited<ReturnType<typeof googleWorld>>["profile"];
    let location: string;
    let review: ReturnType<GoogleFake["commentLists"]["addReview"]>;
    let res: Awaited<ReturnType<typeof reply>>;
    beforeAll(async () => {
      ({ profile, location } = await googleWorld());
      review = google.commentLists.addReview(location, {
        comment: "Great bagels",
        reviewReply: { comment: "Old thanks", updateTime: new Date().toISOString() },
      });
      await syncProfileComments({ profileId: profile.id });
      const stored = await db.comment.findFirstOrThrow({ where: { profileId: profile.id, externalId: review.name } });
      const running = await start();
      res = await reply(profile.id, { body: "Thank you, come again!", parent_id: stored.id });
      await running.drain();
    });
    const ourReplies = () => db.comment.count({ where: { profileId: profile.id, parentExternalId: review.name } });

    it("is answered 201 at once, pending under the review", () => {
      expect(res.status, JSON.stringify(res.json)).toBe(201);
      expect(res.json).toMatchObject({
        status: "pending",
        external_id: null,
        parent_external_id: review.name,
        placement_id: location,
        body: "Thank you, come again!",
        replies: [],
      });
    });

    it("is published once as the review's reply on Google", async () => {
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
    });

    it("takes the place of the reply it replaced", async () => {
      expect(await ourReplies()).toBe(1); // the reply ours replaced is gone
    });

    it("emits profile_comment.created once", async () => {
      expect(await announced(`${review.name}/reply`)).toHaveLength(1);
    });

    describe("then the next sync", () => {
      beforeAll(() => syncProfileComments({ profileId: profile.id, now: new Date(Date.now() + 1000) }));

      it("keeps one row for the reply", async () => {
        expect(await ourReplies()).toBe(1);
      });

      it("lists the review with our reply, published", async () => {
        const list = await callRoute(route.GET, {
          path: `/api/profiles/${profile.id}/comments`,
          token,
          params: { id: profile.id },
        });
        expect((list.json.data as Json[])[0]).toMatchObject({
          external_id: review.name,
          replies: [{ id: res.json.id, status: "published", body: "Thank you, come again!" }],
        });
      });

      it("emits no second profile_comment.created", async () => {
        expect(await announced(`${review.name}/reply`)).toHaveLength(1);
      });
    });
  });

  describe("a review without a reply", () => {
    let profile: Awaited<ReturnType<typeof googleWorld>>["profile"];
    let review: ReturnType<GoogleFake["commentLists"]["addReview"]>;
    beforeAll(async () => {
      let location: string;
      ({ profile, location } = await googleWorld());
      review = google.commentLists.addReview(location, { comment: "Meh" });
      await syncProfileComments({ profileId: profile.id });
    });

    it("a reply Google rejects fails with Google's error", async () => {
      const running = await start();
      google.failNext("reviews.updateReply", {
        status: 400,
        body: { error: { code: 400, status: "INVALID_ARGUMENT", message: "Request contains an invalid argument." } },
      });
      const res = await reply(profile.id, { body: "Sorry to hear", parent_id: review.name });
      expect(res.status).toBe(201);
      await running.drain();
      expect(await row(res.json.id as string)).toMatchObject({ status: "failed", externalId: null, attempts: 1 });
      expect((await row(res.json.id as string)).error).toContain("invalid argument");
    });

    it("takes the review by the network's id", async () => {
      expect(await reply(profile.id, { body: "Thanks", parent_id: review.name })).toMatchObject({
        status: 201,
        json: { parent_external_id: review.name },
      });
    });

    it("404 for an unknown parent", async () => {
      expect(await reply(profile.id, { body: "Hi", parent_id: "accounts/1/locations/2/reviews/none" })).toMatchObject({
        status: 404,
        json: { error: "Parent comment not found" },
      });
    });

    it("422 for a blank body", async () => {
      expect(await reply(profile.id, { body: " ", parent_id: review.name })).toMatchObject({ status: 422 });
    });

    it("`text` is the reply's text", async () => {
      // `text` is the clients' name for the reply's text (the official clients do)
      const byText = await reply(profile.id, { text: "Thanks, see you soon", parent_id: review.name });
      expect(byText).toMatchObject({ status: 201, json: { body: "Thanks, see you soon", status: "pending" } });
    });

    it("another tenant's key answers 404", async () => {
      const other = await seedTenant();
      const otherKey = (await seedKey({ accountId: other.account.id })).token;
      expect(await reply(profile.id, { body: "Hi", parent_id: review.name }, otherKey)).toMatchObject({
        status: 404,
        json: { error: "Not found" },
      });
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

describe("replying to a facebook recommendation whose answer is lost after it was made", () => {
  let profile: Awaited<ReturnType<typeof facebookWorld>>["profile"];
  let page: string;
  let story: string;
  let res: Awaited<ReturnType<typeof reply>>;
  beforeAll(async () => {
    ({ profile, page } = await facebookWorld());
    story = graph.addRecommendation(page, { type: "positive", text: "Lovely staff" });
    await syncProfileComments({ profileId: profile.id });
    const running = await start();
    graph.loseNext({ host: "graph.facebook.com", path: `${story}/comments` });
    res = await reply(profile.id, { body: "Thanks for the kind words", parent_id: story });
    await running.drain();
  });
  const sentReplies = () => graph.content.ratings.get(story)!.replies;

  it("sends the Page's comment on the story once", () => {
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(sentReplies().map((r) => [r.message, r.fromId])).toEqual([["Thanks for the kind words", page]]);
  });

  it("reads the answer back: published with the network's id", async () => {
    expect(await row(res.json.id as string)).toMatchObject({
      status: "published",
      externalId: sentReplies()[0]!.id,
      placementId: page,
    });
  });

  it("emits profile_comment.created once", async () => {
    expect(await announced(sentReplies()[0]!.id)).toHaveLength(1);
  });

  it("a later sync keeps one row for the reply", async () => {
    await syncProfileComments({ profileId: profile.id, now: new Date(Date.now() + 1000) });
    expect(await db.comment.count({ where: { profileId: profile.id, parentExternalId: story } })).toBe(1);
  });
});
