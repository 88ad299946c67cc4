import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { INSTAGRAM_SCOPES } from "@/lib/networks/instagram";
import { seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedFacebookPage, useGraphFake } from "@/testing/graph-fake";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { findPostsDueForComments, syncPostComments } from "./poll-post-comments";

await useOwnDatabase("comments_meta_poll");

// Meta comments read by polling, against the Graph fake (which refuses parameters the real calls do not
// take): the catch-up of pushes that were lost (facebook GET /{post-id}/comments?filter=stream, instagram
// GET /{media-id}/comments and /{comment-id}/replies) stores comments and replies once, with
// comment.created once each. Recommendations: poll-meta-recommendations.test.ts.

const graph = useGraphFake({ facebook: "1000000000077", instagram: "2000000000077" });
afterAll(() => db.$disconnect());

const viewerComment = (postId: string, message: string, parentId?: string) => {
  const id = `${postId.split("_").at(-1)}_${graph().content.id()}`;
  graph().content.comments.set(id, {
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
  let w: Awaited<ReturnType<typeof seedFacebookPage>>;
  let postId: string;
  let platformPost: Awaited<ReturnType<typeof seedPublishedPost>>["platformPost"];
  let top: string;
  let reply: string;
  let deep: string;
  let dueBefore: string[];
  let first: Awaited<ReturnType<typeof syncPostComments>>;
  beforeAll(async () => {
    w = await seedFacebookPage(graph());
    postId = `${w.page}_${uniqueDigits(6)}`;
    graph().content.facebook.set(postId, {
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
    const q = graph()
      .requests.filter((r) => r.path === `${postId}/comments`)
      .at(-1)!.query;
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
    graph().addInstagramUser({ id: appScoped, user_id: igUser, username: "acme.bakery" });
    const profile = await db.profile.create({
      data: {
        id: newId("profile"),
        accountId: tenant.account.id,
        environment: "live",
        profileGroupId: tenant.group.id,
        platform: "instagram",
        name: "Acme",
        externalId: igUser,
        accessToken: encryptSecret(graph().issueToken("instagram", appScoped, INSTAGRAM_SCOPES)),
      },
    });
    mediaId = graph().content.igMediaId();
    graph().content.media.set(mediaId, {
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
      const id = graph().content.id("1797");
      graph().content.comments.set(id, {
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
    expect(
      graph()
        .requests.filter((r) => r.path === `${top}/replies`)
        .at(-1)!.query,
    ).toMatchObject({
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
    graph().failNext({
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
