import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { seedFacebookPage, useGraphFake } from "@/testing/graph-fake";
import { eventsOf } from "@/testing/network-tests";
import { findProfilesDueForProfileComments, syncProfileComments } from "./sync-profile-comments";

await useOwnDatabase("comments_meta_recs");

// Facebook recommendations read by polling (GET /{page-id}/ratings), against the Graph fake: each is a
// profile-level comment with profile_comment.created once, the Page's own answers stored as their
// replies without an event; a Page token without pages_read_user_content reads nothing.

const graph = useGraphFake({ facebook: "1000000000078", instagram: "2000000000078" });
afterAll(() => db.$disconnect());

describe("facebook recommendations", () => {
  describe("a page with two recommendations, one answered by the Page and commented on by a visitor", () => {
    let w: Awaited<ReturnType<typeof seedFacebookPage>>;
    let loved: string;
    let meh: string;
    let dueBefore: string[];
    let first: Awaited<ReturnType<typeof syncProfileComments>>;
    let by: Map<string | null, Awaited<ReturnType<typeof db.comment.findMany>>[number]>;
    beforeAll(async () => {
      w = await seedFacebookPage(graph());
      loved = graph().addRecommendation(w.page, {
        type: "positive",
        text: "Best croissants in town",
        reviewer: { id: "8001", name: "Bea" },
      });
      meh = graph().addRecommendation(w.page, { type: "negative" });
      graph()
        .content.ratings.get(loved)!
        .replies.push({ id: `${loved}_1`, message: "Thank you Bea!", fromId: w.page, createdAt: Date.now() });
      graph()
        .content.ratings.get(loved)!
        .replies.push({ id: `${loved}_2`, message: "me too", fromId: "8002", createdAt: Date.now() });
      dueBefore = await findProfilesDueForProfileComments();
      first = await syncProfileComments({ profileId: w.profile.id });
      const rows = await db.comment.findMany({ where: { profileId: w.profile.id }, orderBy: { createdAt: "asc" } });
      by = new Map(rows.map((r) => [r.externalId, r]));
    });

    it("finds the profile due", () => {
      expect(dueBefore).toContain(w.profile.id);
    });

    it("reads the Page's ratings with the documented parameters only", () => {
      expect(first).toEqual({ state: "synced", counts: { created: 3 }, failures: [] });
      const call = graph()
        .requests.filter((r) => r.path === `${w.page}/ratings`)
        .at(-1)!;
      expect(Object.keys(call.query).sort()).toEqual(["appsecret_proof", "fields", "limit"]);
    });

    it("stores each recommendation as a profile-level comment", () => {
      expect(by.get(loved)).toMatchObject({
        platformPostId: null,
        placementId: w.page,
        body: "Best croissants in town",
        authorName: "Bea",
        parentExternalId: null,
        platformData: { recommendation_type: "positive" },
      });
      expect(by.get(meh)).toMatchObject({
        body: "",
        authorName: null,
        platformData: { recommendation_type: "negative" },
      });
    });

    it("stores the Page's answer as the recommendation's reply", () => {
      expect(by.get(`${loved}_1`)).toMatchObject({ body: "Thank you Bea!", parentExternalId: loved });
    });

    it("does not store a visitor's comment on the story", () => {
      expect(by.has(`${loved}_2`)).toBe(false); // a visitor's comment on the story is not the Page's answer
    });

    it("emits profile_comment.created once per recommendation", async () => {
      const events = await eventsOf(w.tenant.account.id, "profile_comment.created");
      expect(events.map((e) => (e.data as { external_id: string }).external_id).sort()).toEqual([loved, meh].sort());
    });

    it("the next poll updates the same rows, emitting nothing more", async () => {
      expect(await syncProfileComments({ profileId: w.profile.id, now: new Date(Date.now() + 1000) })).toMatchObject({
        state: "synced",
        counts: { updated: 3 },
      });
      expect(await eventsOf(w.tenant.account.id, "profile_comment.created")).toHaveLength(2);
    });
  });

  it("a Page token without pages_read_user_content fails the placement's read and stores nothing", async () => {
    const { page, profile } = await seedFacebookPage(
      graph(),
      FACEBOOK_SCOPES.filter((s) => s !== "pages_read_user_content"),
    );
    graph().addRecommendation(page, { type: "positive" });
    const out = await syncProfileComments({ profileId: profile.id });
    expect(out).toMatchObject({ state: "failed", failures: [expect.stringContaining("pages_read_user_content")] });
    expect(await db.comment.count({ where: { profileId: profile.id } })).toBe(0);
  });
});
