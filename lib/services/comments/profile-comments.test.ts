import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeLocation, startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import * as route from "@/app/api/profiles/[id]/comments/route";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { signIn, contextFor as googleCtx } from "@/lib/networks/google/test-support";
import { googleBusinessConnector } from "@/lib/networks/google_business";
import { callRoute } from "@/testing/call-route";
import { seedNetworkProfile, uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { seedGroup, seedKey } from "@/testing/seed";
import { findProfilesDueForProfileComments, syncProfileComments } from "./sync-profile-comments";

// Google reviews as profile-level comments, against the Google fake (which refuses unknown query
// parameters and enum values): the sync stores each review once per location with its owner reply,
// emits profile_comment.created exactly once, backs off on a rate limit, and GET
// /api/profiles/:id/comments lists them (placement_id, pagination, 405, tenancy).

let google: GoogleFake;
beforeAll(async () => {
  google = await startGoogleFake();
  return setEnv(google.env("google_business"));
});
afterAll(async () => {
  await google?.close();
  await db.$disconnect();
});

const world = async () => {
  const tenant = await seedTenant();
  const n = uniqueDigits(6);
  const locations = [`accounts/9${n}/locations/1${n}`, `accounts/9${n}/locations/2${n}`];
  const user = google.addUser({
    sub: `sub-${n}`,
    email: `${n}@example.com`,
    name: "Owner",
    accounts: [
      {
        name: `accounts/9${n}`,
        accountName: "Acme",
        type: "PERSONAL",
        locations: [fakeLocation(`1${n}`, "Acme Deli"), fakeLocation(`2${n}`, "Acme Bakery")],
      },
    ],
  });
  const { ctx } = googleCtx(googleBusinessConnector, google, "google_business");
  const auth = await signIn(googleBusinessConnector, ctx, google, user);
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "google_business", externalId: user.sub });
  await db.profile.update({
    where: { id: profile.id },
    data: { accessToken: encryptSecret(auth.tokens!.accessToken), scopes: auth.tokens!.scopes ?? [] },
  });
  for (const [position, externalId] of locations.entries()) {
    await db.placement.create({
      data: { id: newId("placement"), profileId: profile.id, externalId, name: `L${position}`, position },
    });
  }
  const { token } = await seedKey({ accountId: tenant.account.id });
  return { tenant, profile, locations, token };
};

type World = Awaited<ReturnType<typeof world>>;

describe("google reviews polling", () => {
  describe("a first sync of two locations' reviews", () => {
    let w: World;
    let deli: string;
    let bakery: string;
    let r1: ReturnType<GoogleFake["commentLists"]["addReview"]>;
    let dueBefore: string[];
    let first: Awaited<ReturnType<typeof syncProfileComments>>;
    let rows: Awaited<ReturnType<typeof db.comment.findMany>>;
    beforeAll(async () => {
      w = await world();
      [deli, bakery] = w.locations as [string, string];
      r1 = google.commentLists.addReview(deli, {
        comment: "Great bagels",
        starRating: "FIVE",
        reviewReply: { comment: "Thank you!", updateTime: new Date().toISOString() },
      });
      google.commentLists.addReview(bakery, {
        comment: "Too sweet",
        starRating: "TWO",
        reviewer: { isAnonymous: true, displayName: "A Google user" },
      });
      dueBefore = await findProfilesDueForProfileComments();
      first = await syncProfileComments({ profileId: w.profile.id });
      rows = await db.comment.findMany({ where: { profileId: w.profile.id }, orderBy: { createdAt: "asc" } });
    });

    it("finds a new profile due", () => {
      expect(dueBefore).toContain(w.profile.id);
    });

    it("asks Google for the latest updated reviews first", () => {
      const calls = google.requestsTo("reviews.list");
      expect(calls.at(-1)!.url.searchParams.get("orderBy")).toBe("updateTime desc");
    });

    it("stores each review once per location with the owner's reply under it", () => {
      expect(first).toMatchObject({ state: "synced", counts: { created: 3 } });
      expect(rows.map((r) => [r.placementId, r.externalId, r.parentExternalId, r.body, r.postId])).toEqual([
        [deli, r1.name, null, "Great bagels", null],
        [deli, `${r1.name}/reply`, r1.name, "Thank you!", null],
        [bakery, expect.stringContaining(`${bakery}/reviews/`), null, "Too sweet", null],
      ]);
    });

    it("stores an anonymous reviewer without a username", () => {
      expect(rows[2]!.authorUsername).toBeNull(); // anonymous
    });

    it("keeps the star rating in platform_data", () => {
      expect(rows[0]!.platformData).toMatchObject({ star_rating: "FIVE", rating: 5 });
    });

    it("emits profile_comment.created once per review, not for the owner's reply", async () => {
      const events = await eventsOf(w.tenant.account.id, "profile_comment.created");
      expect(events).toHaveLength(2); // the reviews, not the owner's reply
      expect(events[0]!.data).toEqual({
        id: rows[0]!.id,
        profile_id: w.profile.id,
        platform: "google_business",
        placement_id: deli,
        external_id: r1.name,
        parent_external_id: null,
        body: "Great bagels",
        status: "synced",
        author_username: "Reviewer",
        author_avatar_url: "https://lh3.example/r.jpg",
        platform_data: expect.objectContaining({ star_rating: "FIVE" }),
        posted_at: expect.any(String),
        created_at: rows[0]!.createdAt.toISOString(),
      });
    });

    // A second sync (an edited review, one new one).
    describe("then a second sync", () => {
      let second: Awaited<ReturnType<typeof syncProfileComments>>;
      beforeAll(async () => {
        google.commentLists.reviews.get(deli)![0]!.comment = "Great bagels, edited";
        google.commentLists.addReview(deli, { comment: "Nice staff", starRating: "FOUR" });
        second = await syncProfileComments({ profileId: w.profile.id, now: new Date(Date.now() + 1000) });
      });

      it("updates the edited review and adds the new one", async () => {
        expect(second.counts).toMatchObject({ created: 1, updated: 3 });
        expect(await db.comment.count({ where: { profileId: w.profile.id } })).toBe(4);
        expect(await db.comment.findFirst({ where: { externalId: r1.name } })).toMatchObject({
          body: "Great bagels, edited",
        });
      });

      it("emits profile_comment.created for the new review only", async () => {
        expect(await eventsOf(w.tenant.account.id, "profile_comment.created")).toHaveLength(3);
      });

      it("leaves the profile not due until its next poll (twice a day)", async () => {
        expect(await findProfilesDueForProfileComments()).not.toContain(w.profile.id); // twice a day
      });
    });
  });

  it("a rate limit stops the profile's polls until the network's wait is over", async () => {
    const { profile } = await world();
    google.failNext("reviews.list", {
      status: 429,
      body: { error: { code: 429, message: "Quota exceeded", status: "RESOURCE_EXHAUSTED" } },
      headers: { "retry-after": "120" },
    });
    const now = new Date();
    expect(await syncProfileComments({ profileId: profile.id, now })).toMatchObject({ state: "rate_limited" });
    const state = await db.commentSync.findUniqueOrThrow({ where: { profileId: profile.id } });
    expect(state.backoffUntil!.getTime() - now.getTime()).toBeGreaterThanOrEqual(119_000);
    expect(await syncProfileComments({ profileId: profile.id, now: new Date(now.getTime() + 60_000) })).toEqual({
      state: "backing_off",
    });
    expect(await findProfilesDueForProfileComments({ now: new Date(now.getTime() + 60_000) })).not.toContain(
      profile.id,
    );
    expect(await syncProfileComments({ profileId: profile.id, now: new Date(now.getTime() + 130_000) })).toMatchObject({
      state: "synced",
    });
  });

  describe("the Google fake, as Google does", () => {
    let reviewsUrl: string;
    let headers: Record<string, string>;
    beforeAll(async () => {
      const { profile, locations } = await world();
      const stored = await db.profile.findUniqueOrThrow({ where: { id: profile.id } });
      const { decryptSecret } = await import("@/lib/crypto");
      headers = { authorization: `Bearer ${decryptSecret(stored.accessToken!)}` };
      reviewsUrl = `${google.url("mybusiness")}/${locations[0]}/reviews`;
    });

    it("answers the documented query", async () => {
      expect((await fetch(`${reviewsUrl}?orderBy=updateTime%20desc&pageSize=50`, { headers })).status).toBe(200);
    });

    it("refuses an unknown query parameter", async () => {
      expect((await fetch(`${reviewsUrl}?page_size=10`, { headers })).status).toBe(400);
    });

    it("refuses an unknown orderBy", async () => {
      expect((await fetch(`${reviewsUrl}?orderBy=newest`, { headers })).status).toBe(400);
    });
  });
});

describe("GET /api/profiles/:id/comments", () => {
  let w: World;
  let deli: string;
  let bakery: string;
  let old: ReturnType<GoogleFake["commentLists"]["addReview"]>;
  beforeAll(async () => {
    w = await world();
    [deli, bakery] = w.locations as [string, string];
    old = google.commentLists.addReview(deli, {
      comment: "old",
      createTime: "2026-01-01T00:00:00Z",
      reviewReply: { comment: "thanks" },
    });
    google.commentLists.addReview(deli, { comment: "new", createTime: "2026-02-01T00:00:00Z" });
    google.commentLists.addReview(bakery, { comment: "bakery", createTime: "2026-01-15T00:00:00Z" });
    await syncProfileComments({ profileId: w.profile.id });
  });
  const get = (query: string, t = w.token, id = w.profile.id) =>
    callRoute(route.GET, { path: `/api/profiles/${id}/comments${query}`, token: t, params: { id } });
  type Listed = { body: string; placement_id: string; replies: { body: string; parent_external_id: string }[] };

  it("lists reviews newest first, from page 0", async () => {
    const all = await get("");
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ total: 3, page: 0, per_page: 20 });
    expect((all.json.data as Listed[]).map((c) => c.body)).toEqual(["new", "bakery", "old"]);
  });

  it("gives each review its replies", async () => {
    const data = (await get("")).json.data as Listed[];
    expect(data[2]!.replies).toEqual([
      expect.objectContaining({ body: "thanks", parent_external_id: old.name, placement_id: deli }),
    ]);
  });

  it("renders a review with the profile comment's fields only", async () => {
    const data = (await get("")).json.data as Listed[];
    expect(Object.keys(data[0]!).sort()).toEqual(
      [
        "id",
        "external_id",
        "parent_external_id",
        "placement_id",
        "body",
        "status",
        "author_username",
        "author_avatar_url",
        "platform_data",
        "posted_at",
        "created_at",
        "replies",
      ].sort(),
    );
  });

  it("narrows by placement_id", async () => {
    const narrowed = await get(`?placement_id=${encodeURIComponent(bakery)}`);
    expect((narrowed.json.data as { body: string }[]).map((c) => c.body)).toEqual(["bakery"]);
  });

  it("pages by per_page", async () => {
    const page1 = await get("?page=1&per_page=2");
    expect(page1.json).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect((page1.json.data as { body: string }[]).map((c) => c.body)).toEqual(["old"]);
  });

  it("caps per_page at 100", async () => {
    expect((await get("?per_page=101")).json).toMatchObject({ per_page: 100 }); // capped at 100
  });

  it("405 on a network without profile-level comments", async () => {
    const twitter = await seedNetworkProfile({ group: w.tenant.group, platform: "twitter" });
    expect(await get("", w.token, twitter.id)).toMatchObject({
      status: 405,
      json: { error: "Unsupported method for twitter" },
    });
  });

  it("another tenant's profile is 404", async () => {
    const other = await seedTenant();
    const { token: otherToken } = await seedKey({ accountId: other.account.id });
    expect((await get("", otherToken)).status).toBe(404);
  });

  it("another group's profile is 404 to a scoped key", async () => {
    const groupB = await seedGroup({ accountId: w.tenant.account.id });
    const scoped = await seedKey({ accountId: w.tenant.account.id, kind: "scoped", profileGroupId: groupB.id });
    expect((await get("", scoped.token)).status).toBe(404);
  });

  it("an unknown profile is 404", async () => {
    expect((await get("", w.token, "prof_doesnotexist1234")).status).toBe(404);
  });
});
