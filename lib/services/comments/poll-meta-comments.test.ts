import { useOwnDatabase } from "@/lib/testing/own-database";
import { describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { INSTAGRAM_SCOPES } from "@/lib/networks/instagram";
import { seedPublishedPost, uniqueDigits } from "@/lib/testing/comments";
import { eventsOf, seedTenant } from "@/lib/testing/network-tests";
import { useMetaGraphFake } from "@/lib/testing/messaging";
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
const graph = useMetaGraphFake(APP, IG_APP);

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
  it("stores comments and replies missed by the webhooks once, with comment.created once each", async () => {
    const { tenant, page, profile } = await world();
    const postId = `${page}_${uniqueDigits(6)}`;
    graph.content.facebook.set(postId, {
      id: postId,
      pageId: page,
      kind: "post",
      published: true,
      fields: {},
      message: "Spring menu",
      createdAt: Date.now(),
    });
    const { platformPost } = await seedPublishedPost({
      group: tenant.group,
      profile,
      externalId: postId,
      placementId: page,
    });
    const top = viewerComment(postId, "Looks great");
    const reply = viewerComment(postId, "It does", top);
    const deep = viewerComment(postId, "Agreed", reply);

    expect(await findPostsDueForComments()).toContain(platformPost.id);
    expect(await syncPostComments({ platformPostId: platformPost.id })).toEqual({
      state: "synced",
      counts: { created: 3 },
    });
    const q = graph.requests.filter((r) => r.path === `${postId}/comments`).at(-1)!.query;
    expect(q).toMatchObject({ filter: "stream", order: "chronological", limit: "100" });
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
    expect(
      (await eventsOf(tenant.account.id, "comment.created"))
        .map((e) => (e.data as { external_id: string }).external_id)
        .sort(),
    ).toEqual([top, reply, deep].sort());

    const again = await syncPostComments({ platformPostId: platformPost.id, now: new Date(Date.now() + 1000) });
    expect(again).toEqual({ state: "synced", counts: { updated: 3 } });
    expect(await eventsOf(tenant.account.id, "comment.created")).toHaveLength(3);
    expect(await findPostsDueForComments({ now: new Date(Date.now() + 30 * 60_000) })).not.toContain(platformPost.id); // the catch-up waits an hour at least
  });
});

describe("instagram catch-up of comments on published media", () => {
  it("stores comments and their replies once, with comment.created once each; a refused read waits for the next poll", async () => {
    const tenant = await seedTenant();
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
    const mediaId = graph.content.igMediaId();
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
    const { platformPost } = await seedPublishedPost({ group: tenant.group, profile, externalId: mediaId });
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
    const top = add("Yum");
    const reply = add("@fan agreed", top);

    expect(await syncPostComments({ platformPostId: platformPost.id })).toEqual({
      state: "synced",
      counts: { created: 2 },
    });
    expect(graph.requests.filter((r) => r.path === `${top}/replies`).at(-1)!.query).toMatchObject({
      fields: "id,text,timestamp,from,like_count,hidden",
    });
    const rows = await db.comment.findMany({ where: { platformPostId: platformPost.id } });
    expect(rows.find((r) => r.externalId === top)).toMatchObject({
      body: "Yum",
      parentExternalId: null,
      authorUsername: "fan",
      authorExternalId: "17841499",
      isHidden: false,
    });
    expect(rows.find((r) => r.externalId === reply)).toMatchObject({ parentExternalId: top, rootExternalId: top });
    expect(await eventsOf(tenant.account.id, "comment.created")).toHaveLength(2);
    expect(await syncPostComments({ platformPostId: platformPost.id, now: new Date(Date.now() + 1000) })).toEqual({
      state: "synced",
      counts: { updated: 2 },
    });

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
  it("each recommendation is a profile-level comment with profile_comment.created once; the Page's answer is its reply", async () => {
    const { tenant, page, profile } = await world();
    const loved = graph.addRecommendation(page, {
      type: "positive",
      text: "Best croissants in town",
      reviewer: { id: "8001", name: "Bea" },
    });
    const meh = graph.addRecommendation(page, { type: "negative" });
    graph.content.ratings
      .get(loved)!
      .replies.push({ id: `${loved}_1`, message: "Thank you Bea!", fromId: page, createdAt: Date.now() });
    graph.content.ratings
      .get(loved)!
      .replies.push({ id: `${loved}_2`, message: "me too", fromId: "8002", createdAt: Date.now() });

    expect(await findProfilesDueForProfileComments()).toContain(profile.id);
    expect(await syncProfileComments({ profileId: profile.id })).toEqual({
      state: "synced",
      counts: { created: 3 },
      failures: [],
    });
    const call = graph.requests.filter((r) => r.path === `${page}/ratings`).at(-1)!;
    expect(Object.keys(call.query).sort()).toEqual(["appsecret_proof", "fields", "limit"]);
    const rows = await db.comment.findMany({ where: { profileId: profile.id }, orderBy: { createdAt: "asc" } });
    const by = new Map(rows.map((r) => [r.externalId, r]));
    expect(by.get(loved)).toMatchObject({
      platformPostId: null,
      placementId: page,
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
    expect(by.get(`${loved}_1`)).toMatchObject({ body: "Thank you Bea!", parentExternalId: loved });
    expect(by.has(`${loved}_2`)).toBe(false); // a visitor's comment on the story is not the Page's answer

    const events = await eventsOf(tenant.account.id, "profile_comment.created");
    expect(events.map((e) => (e.data as { external_id: string }).external_id).sort()).toEqual([loved, meh].sort());
    expect(await syncProfileComments({ profileId: profile.id, now: new Date(Date.now() + 1000) })).toMatchObject({
      state: "synced",
      counts: { updated: 3 },
    });
    expect(await eventsOf(tenant.account.id, "profile_comment.created")).toHaveLength(2);
  });

  it("a Page token without pages_read_user_content fails the placement's read and stores nothing", async () => {
    const { page, profile } = await world(FACEBOOK_SCOPES.filter((s) => s !== "pages_read_user_content"));
    graph.addRecommendation(page, { type: "positive" });
    const out = await syncProfileComments({ profileId: profile.id });
    expect(out).toMatchObject({ state: "failed", failures: [expect.stringContaining("pages_read_user_content")] });
    expect(await db.comment.count({ where: { profileId: profile.id } })).toBe(0);
  });
});
