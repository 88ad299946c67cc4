import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fakeLocation, startGoogleFake, type GoogleFake } from "@/e2e/fakes/google";
import * as route from "@/app/api/profiles/[id]/comments/route";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { signIn, contextFor as googleCtx } from "@/lib/networks/google/test-support";
import { googleBusinessConnector } from "@/lib/networks/google_business";
import { callRoute } from "@/lib/testing/call-route";
import { seedNetworkProfile, uniqueDigits } from "@/lib/testing/comments";
import { eventsOf, seedTenant, setEnv } from "@/lib/testing/network-tests";
import { seedGroup, seedKey } from "@/lib/testing/seed";
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

describe("google reviews polling", () => {
  it("stores each review once per location with the owner's reply, and emits profile_comment.created once per review", async () => {
    const { tenant, profile, locations } = await world();
    const [deli, bakery] = locations as [string, string];
    const r1 = google.commentLists.addReview(deli, {
      comment: "Great bagels",
      starRating: "FIVE",
      reviewReply: { comment: "Thank you!", updateTime: new Date().toISOString() },
    });
    google.commentLists.addReview(bakery, {
      comment: "Too sweet",
      starRating: "TWO",
      reviewer: { isAnonymous: true, displayName: "A Google user" },
    });

    expect(await findProfilesDueForProfileComments()).toContain(profile.id);
    const first = await syncProfileComments({ profileId: profile.id });
    expect(first).toMatchObject({ state: "synced", counts: { created: 3 } });
    const calls = google.requestsTo("reviews.list");
    expect(calls.at(-1)!.url.searchParams.get("orderBy")).toBe("updateTime desc");

    const rows = await db.comment.findMany({ where: { profileId: profile.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.placementId, r.externalId, r.parentExternalId, r.body, r.postId])).toEqual([
      [deli, r1.name, null, "Great bagels", null],
      [deli, `${r1.name}/reply`, r1.name, "Thank you!", null],
      [bakery, expect.stringContaining(`${bakery}/reviews/`), null, "Too sweet", null],
    ]);
    expect(rows[2]!.authorUsername).toBeNull(); // anonymous
    expect(rows[0]!.platformData).toMatchObject({ star_rating: "FIVE", rating: 5 });

    const events = await eventsOf(tenant.account.id, "profile_comment.created");
    expect(events).toHaveLength(2); // the reviews, not the owner's reply
    expect(events[0]!.data).toEqual({
      id: rows[0]!.id,
      profile_id: profile.id,
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

    // A second sync (an edited review, one new one) updates and adds, and emits only for the new one.
    google.commentLists.reviews.get(deli)![0]!.comment = "Great bagels, edited";
    google.commentLists.addReview(deli, { comment: "Nice staff", starRating: "FOUR" });
    const second = await syncProfileComments({ profileId: profile.id, now: new Date(Date.now() + 1000) });
    expect(second.counts).toMatchObject({ created: 1, updated: 3 });
    expect(await db.comment.count({ where: { profileId: profile.id } })).toBe(4);
    expect(await db.comment.findFirst({ where: { externalId: r1.name } })).toMatchObject({
      body: "Great bagels, edited",
    });
    expect(await eventsOf(tenant.account.id, "profile_comment.created")).toHaveLength(3);
    expect(await findProfilesDueForProfileComments()).not.toContain(profile.id); // twice a day
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

  it("the fake refuses an unknown query parameter and an unknown orderBy, as Google does", async () => {
    const { profile, locations } = await world();
    const stored = await db.profile.findUniqueOrThrow({ where: { id: profile.id } });
    const { decryptSecret } = await import("@/lib/crypto");
    const headers = { authorization: `Bearer ${decryptSecret(stored.accessToken!)}` };
    const base = `${google.url("mybusiness")}/${locations[0]}/reviews`;
    expect((await fetch(`${base}?page_size=10`, { headers })).status).toBe(400);
    expect((await fetch(`${base}?orderBy=newest`, { headers })).status).toBe(400);
    expect((await fetch(`${base}?orderBy=updateTime%20desc&pageSize=50`, { headers })).status).toBe(200);
  });
});

describe("GET /api/profiles/:id/comments", () => {
  it("lists reviews newest first with replies, narrows by placement_id, pages from 0; 405 on other networks; another tenant's or group's profile is 404", async () => {
    const { tenant, profile, locations, token } = await world();
    const [deli, bakery] = locations as [string, string];
    const old = google.commentLists.addReview(deli, {
      comment: "old",
      createTime: "2026-01-01T00:00:00Z",
      reviewReply: { comment: "thanks" },
    });
    google.commentLists.addReview(deli, { comment: "new", createTime: "2026-02-01T00:00:00Z" });
    google.commentLists.addReview(bakery, { comment: "bakery", createTime: "2026-01-15T00:00:00Z" });
    await syncProfileComments({ profileId: profile.id });
    const get = (query: string, t = token, id = profile.id) =>
      callRoute(route.GET, { path: `/api/profiles/${id}/comments${query}`, token: t, params: { id } });

    const all = await get("");
    expect(all.status).toBe(200);
    expect(all.json).toMatchObject({ total: 3, page: 0, per_page: 20 });
    const data = all.json.data as {
      body: string;
      placement_id: string;
      replies: { body: string; parent_external_id: string }[];
    }[];
    expect(data.map((c) => c.body)).toEqual(["new", "bakery", "old"]);
    expect(data[2]!.replies).toEqual([
      expect.objectContaining({ body: "thanks", parent_external_id: old.name, placement_id: deli }),
    ]);
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

    const narrowed = await get(`?placement_id=${encodeURIComponent(bakery)}`);
    expect((narrowed.json.data as { body: string }[]).map((c) => c.body)).toEqual(["bakery"]);
    const page1 = await get("?page=1&per_page=2");
    expect(page1.json).toMatchObject({ total: 3, page: 1, per_page: 2 });
    expect((page1.json.data as { body: string }[]).map((c) => c.body)).toEqual(["old"]);
    expect((await get("?per_page=101")).json).toMatchObject({ per_page: 100 }); // capped at 100

    const twitter = await seedNetworkProfile({ group: tenant.group, platform: "twitter" });
    expect(await get("", token, twitter.id)).toMatchObject({
      status: 405,
      json: { error: "Unsupported method for twitter" },
    });

    const other = await seedTenant();
    const { token: otherToken } = await seedKey({ accountId: other.account.id });
    expect((await get("", otherToken)).status).toBe(404);
    const groupB = await seedGroup({ accountId: tenant.account.id });
    const scoped = await seedKey({ accountId: tenant.account.id, kind: "scoped", profileGroupId: groupB.id });
    expect((await get("", scoped.token)).status).toBe(404);
    expect((await get("", token, "prof_doesnotexist1234")).status).toBe(404);
  });
});
