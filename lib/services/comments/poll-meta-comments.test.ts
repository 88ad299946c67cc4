import { useOwnDatabase } from "@/lib/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/e2e/fakes/graph";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { INSTAGRAM_SCOPES } from "@/lib/networks/instagram";
import { seedPublishedPost, uniqueDigits } from "@/lib/testing/comments";
import { eventsOf, seedTenant, setEnv } from "@/lib/testing/network-tests";
import { findPostsDueForComments, syncPostComments } from "./poll-post-comments";
import { findProfilesDueForProfileComments, syncProfileComments } from "./sync-profile-comments";

await useOwnDatabase("comments_meta_poll");

// Meta read by polling, against the Graph fake (which refuses parameters the real calls do not take):
// the catch-up of pushes that were lost (facebook GET /{post-id}/comments?filter=stream, instagram
// GET /{media-id}/comments and /{comment-id}/replies) stores comments and replies once, with
// comment.created once each; recommendations
// (GET /{page-id}/ratings) are profile-level comments with profile_comment.created once each, the
// Page's own answers stored as their replies without an event.

const APP = { id: "1000000000077", secret: "fb-secret" };
const IG_APP = { id: "2000000000077", secret: "ig-secret" };
let graph: GraphFake;
beforeAll(async () => {
  graph = await startGraphFake();
  graph.addApp("facebook", APP.id, APP.secret);
  graph.addApp("instagram", IG_APP.id, IG_APP.secret);
  return setEnv({
    NETWORK_FACEBOOK_CLIENT_ID: APP.id,
    NETWORK_FACEBOOK_CLIENT_SECRET: APP.secret,
    NETWORK_FACEBOOK_GRAPH_URL: graph.base("graph.facebook.com"),
    NETWORK_INSTAGRAM_CLIENT_ID: IG_APP.id,
    NETWORK_INSTAGRAM_CLIENT_SECRET: IG_APP.secret,
    NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
  });
});
afterAll(async () => {
  await graph?.close();
  await db.$disconnect();
});

const world = async (scopes = FACEBOOK_SCOPES) => {
  const tenant = await seedTenant();
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
      accessToken: encryptSecret(graph.issueToken("facebook", user, scopes)),
      placements: {
        create: {
          id: newId("placement"),
          externalId: page,
          name: "Acme Bakery",
          accessToken: encryptSecret(graph.pageToken(user, page, scopes)),
        },
      },
    },
  });
  return { tenant, page, profile };
};

const viewerComment = (postId: string, message: string, parentId?: string) => {
  const id = `${postId.split("_").at(-1)}_${graph.content.id()}`;
  graph.content.comments.set(id, {
    id,
    objectId: postId,
    message,
    createdAt: Date.now(),
    family: "facebook",
    parentId,
    pageId: postId.split("_")[0],
    fromId: "7001",
    fromName: "Viewer",
  });
  return id;
};

describe("facebook catch-up of comments on published posts", () => {
  let w: Awaited<ReturnType<typeof world>>;
  let postId: string;
  let platformPost: Awaited<ReturnType<typeof seedPublishedPost>>["platformPost"];
  let top: string;
  let reply: string;
  let deep: string;
  let dueBefore: string[];
  let first: Awaited<ReturnType<typeof syncPostComments>>;
  beforeAll(async () => {
    w = await world();
    postId = `${w.page}_${uniqueDigits(6)}`;
    graph.content.facebook.set(postId, {
      id: postId,
      pageId: w.page,
      kind: "post",
      published: true,
      fields: {},
      message: "Spring menu",
      createdAt: Date.now(),
    });
    ({ platformPost } = await seedPublishedPost({
      group: w.tenant.group,
      profile: w.profile,
      externalId: postId,
      placementId: w.page,
    }));
    top = viewerComment(postId, "Looks great");
    reply = viewerComment(postId, "It does", top);
    deep = viewerComment(postId, "Agreed", reply);
    dueBefore = await findPostsDueForComments();
    first = await syncPostComments({ platformPostId: platformPost.id });
  });
  const createdIds = async () =>
    (await eventsOf(w.tenant.account.id, "comment.created"))
      .map((e) => (e.data as { external_id: string }).external_id)
      .sort();

  it("finds a published post due", () => {
    expect(dueBefore).toContain(platformPost.id);
  });

  it("reads the post's whole stream, chronologically", () => {
    expect(first).toEqual({ state: "synced", counts: { created: 3 } });
    const q = graph.requests.filter((r) => r.path === `${postId}/comments`).at(-1)!.query;
    expect(q).toMatchObject({ filter: "stream", order: "chronological", limit: "100" });
  });

  it("stores the comments and the replies at every depth under their root", async () => {
    const rows = await db.comment.findMany({ where: { platformPostId: platformPost.id } });
    const by = new Map(rows.map((r) => [r.externalId, r]));
    expect(by.get(top)).toMatchObject({
      body: "Looks great",
      parentExternalId: null,
      rootExternalId: null,
      authorExternalId: "7001",
      authorName: "Viewer",
      status: "synced",
      isHidden: false,
      likeCount: 0,
    });
    expect(by.get(reply)).toMatchObject({ parentExternalId: top, rootExternalId: top });
    expect(by.get(deep)).toMatchObject({ parentExternalId: reply, rootExternalId: top });
  });

  it("emits comment.created once each", async () => {
    expect(await createdIds()).toEqual([top, reply, deep].sort());
  });

  describe("then the next poll", () => {
    let again: Awaited<ReturnType<typeof syncPostComments>>;
    beforeAll(async () => {
      again = await syncPostComments({ platformPostId: platformPost.id, now: new Date(Date.now() + 1000) });
    });

    it("updates the same rows", () => {
      expect(again).toEqual({ state: "synced", counts: { updated: 3 } });
    });

    it("emits no second comment.created", async () => {
      expect(await eventsOf(w.tenant.account.id, "comment.created")).toHaveLength(3);
    });

    it("is followed by a wait of an hour at least", async () => {
      expect(await findPostsDueForComments({ now: new Date(Date.now() + 30 * 60_000) })).not.toContain(platformPost.id); // the catch-up waits an hour at least
    });
  });
});

describe("instagram catch-up of comments on published media", () => {
  let tenant: Awaited<ReturnType<typeof seedTenant>>;
  let mediaId: string;
  let platformPost: Awaited<ReturnType<typeof seedPublishedPost>>["platformPost"];
  let top: string;
  let reply: string;
  let first: Awaited<ReturnType<typeof syncPostComments>>;
  beforeAll(async () => {
    tenant = await seedTenant();
    const appScoped = `app-${uniqueDigits(6)}`;
    const igUser = `178414${uniqueDigits(11)}`;
    graph.addInstagramUser({ id: appScoped, user_id: igUser, username: "acme.bakery" });
    const profile = await db.profile.create({
      data: {
        id: newId("profile"),
        accountId: tenant.account.id,
        environment: "live",
        profileGroupId: tenant.group.id,
        platform: "instagram",
        name: "Acme",
        externalId: igUser,
        accessToken: encryptSecret(graph.issueToken("instagram", appScoped, INSTAGRAM_SCOPES)),
      },
    });
    mediaId = graph.content.igMediaId();
    graph.content.media.set(mediaId, {
      id: mediaId,
      family: "instagram",
      userId: igUser,
      containerId: "c1",
      mediaType: "IMAGE",
      productType: "FEED",
      text: "Spring",
      children: [],
      permalink: "https://www.instagram.com/p/x/",
      createdAt: Date.now(),
    });
    ({ platformPost } = await seedPublishedPost({ group: tenant.group, profile, externalId: mediaId }));
    const add = (message: string, parentId?: string) => {
      const id = graph.content.id("1797");
      graph.content.comments.set(id, {
        id,
        objectId: mediaId,
        message,
        createdAt: Date.now(),
        family: "instagram",
        parentId,
        fromId: "17841499",
        fromUsername: "fan",
      });
      return id;
    };
    top = add("Yum");
    reply = add("@fan agreed", top);
    first = await syncPostComments({ platformPostId: platformPost.id });
  });

  it("stores a comment and its reply under it", async () => {
    expect(first).toEqual({ state: "synced", counts: { created: 2 } });
    const rows = await db.comment.findMany({ where: { platformPostId: platformPost.id } });
    expect(rows.find((r) => r.externalId === top)).toMatchObject({
      body: "Yum",
      parentExternalId: null,
      authorUsername: "fan",
      authorExternalId: "17841499",
      isHidden: false,
    });
    expect(rows.find((r) => r.externalId === reply)).toMatchObject({ parentExternalId: top, rootExternalId: top });
  });

  it("asks for the replies' documented fields", () => {
    expect(graph.requests.filter((r) => r.path === `${top}/replies`).at(-1)!.query).toMatchObject({
      fields: "id,text,timestamp,from,like_count,hidden",
    });
  });

  it("emits comment.created once each", async () => {
    expect(await eventsOf(tenant.account.id, "comment.created")).toHaveLength(2);
  });

  it("the next poll updates the same rows", async () => {
    expect(await syncPostComments({ platformPostId: platformPost.id, now: new Date(Date.now() + 1000) })).toEqual({
      state: "synced",
      counts: { updated: 2 },
    });
  });

  it("a refused read fails the poll, which waits for the next one, emitting nothing", async () => {
    graph.failNext({
      host: "graph.instagram.com",
      path: `${mediaId}/comments`,
      status: 400,
      error: { message: "(#100) Unsupported get request", code: 100 },
    });
    expect(
      await syncPostComments({ platformPostId: platformPost.id, now: new Date(Date.now() + 2 * 3600_000) }),
    ).toMatchObject({ state: "failed" });
    expect(await eventsOf(tenant.account.id, "comment.created")).toHaveLength(2);
  });
});

describe("facebook recommendations", () => {
  describe("a page with two recommendations, one answered by the Page and commented on by a visitor", () => {
    let w: Awaited<ReturnType<typeof world>>;
    let loved: string;
    let meh: string;
    let dueBefore: string[];
    let first: Awaited<ReturnType<typeof syncProfileComments>>;
    let by: Map<string | null, Awaited<ReturnType<typeof db.comment.findMany>>[number]>;
    beforeAll(async () => {
      w = await world();
      loved = graph.addRecommendation(w.page, {
        type: "positive",
        text: "Best croissants in town",
        reviewer: { id: "8001", name: "Bea" },
      });
      meh = graph.addRecommendation(w.page, { type: "negative" });
      graph.content.ratings
        .get(loved)!
        .replies.push({ id: `${loved}_1`, message: "Thank you Bea!", fromId: w.page, createdAt: Date.now() });
      graph.content.ratings
        .get(loved)!
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
      const call = graph.requests.filter((r) => r.path === `${w.page}/ratings`).at(-1)!;
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
    const { page, profile } = await world(FACEBOOK_SCOPES.filter((s) => s !== "pages_read_user_content"));
    graph.addRecommendation(page, { type: "positive" });
    const out = await syncProfileComments({ profileId: profile.id });
    expect(out).toMatchObject({ state: "failed", failures: [expect.stringContaining("pages_read_user_content")] });
    expect(await db.comment.count({ where: { profileId: profile.id } })).toBe(0);
  });
});
