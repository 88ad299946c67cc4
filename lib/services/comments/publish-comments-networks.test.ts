import { useOwnDatabase } from "@/lib/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/e2e/fakes/graph";
import { startGoogleFake, type GoogleFake } from "@/e2e/fakes/google";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as commentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import * as hideRoute from "@/app/api/posts/[id]/comments/[comment_id]/hide/route";
import * as likeRoute from "@/app/api/posts/[id]/comments/[comment_id]/like/route";
import { commentActionFn, publishCommentFn } from "@/inngest/functions/comments";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import type { RouteHandler } from "@/lib/api/route";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import type { Platform } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { contextFor as googleContext, signIn as googleSignIn } from "@/lib/networks/google/test-support";
import { INSTAGRAM_SCOPES } from "@/lib/networks/instagram";
import { THREADS_SCOPES } from "@/lib/networks/threads";
import { youtubeConnector } from "@/lib/networks/youtube";
import { callRoute } from "@/lib/testing/call-route";
import { seedComment, seedPublishedPost } from "@/lib/testing/comments";
import { eventsOf, seedTenant, setEnv, type Tenant } from "@/lib/testing/network-tests";
import { seedKey } from "@/lib/testing/seed";

await useOwnDatabase("comments");

// Comment writes on each network whose API takes them, through the API, the local runner and the real
// connectors against the fakes (which refuse parameters and fields the real APIs do not take): a comment
// and a reply reach `published` with the id the network holds; on Facebook an answer lost after the
// comment was made is read back (published, the network holds it once); an Idempotency-Key replay
// creates nothing; hide, like and delete reach the network.

type Json = Record<string, any>;
const FB = { user: "10150001", page: "20001", appId: "1000000000001" };
const IG = { appScopedId: "app-scoped-501", userId: "17841400000000501", appId: "2000000000002" };
const TH = { userId: "9001", appId: "3000000000003" };
const CHANNEL = "UCacmebakeryxxxxxxxxxxxx";

let graph: GraphFake;
let google: GoogleFake;
let tenant: Tenant;
let token: string;
let runner: LocalRunner;
let youtubeSub = "";

beforeAll(async () => {
  [graph, google] = await Promise.all([startGraphFake(), startGoogleFake()]);
  graph.addApp("facebook", FB.appId, "fb-secret");
  graph.addApp("instagram", IG.appId, "ig-secret");
  graph.addApp("threads", TH.appId, "th-secret");
  graph.addFacebookUser({
    id: FB.user,
    name: "Ada",
    pages: [{ id: FB.page, name: "Acme Bakery", category: "Bakery" }],
  });
  graph.addInstagramUser({ id: IG.appScopedId, user_id: IG.userId, username: "acme.bakery" });
  graph.addThreadsUser({ id: TH.userId, username: "acme.bakery" });
  tenant = await seedTenant();
  token = (await seedKey({ accountId: tenant.account.id })).token;
  runner = await startLocalRunner({
    functions: [publishCommentFn, commentActionFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  return setEnv({
    NETWORK_FACEBOOK_CLIENT_ID: FB.appId,
    NETWORK_FACEBOOK_CLIENT_SECRET: "fb-secret",
    NETWORK_FACEBOOK_GRAPH_URL: graph.base("graph.facebook.com"),
    NETWORK_INSTAGRAM_CLIENT_ID: IG.appId,
    NETWORK_INSTAGRAM_CLIENT_SECRET: "ig-secret",
    NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
    NETWORK_THREADS_CLIENT_ID: TH.appId,
    NETWORK_THREADS_CLIENT_SECRET: "th-secret",
    NETWORK_THREADS_GRAPH_URL: graph.base("graph.threads.com"),
    ...google.env("youtube"),
  });
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await Promise.all([graph?.close(), google?.close()]);
});

// A live profile of `platform` holding `post` on the network (created on the fake by `onNetwork`).
const seedProfile = async (
  platform: Platform,
  externalId: string,
  accessToken: string,
  placement?: { externalId: string; accessToken: string },
) =>
  db.profile.create({
    data: {
      id: newId("profile"),
      accountId: tenant.account.id,
      environment: "live",
      profileGroupId: tenant.group.id,
      platform,
      name: `Acme on ${platform}`,
      externalId,
      accessToken: encryptSecret(accessToken),
      ...(placement && {
        placements: {
          create: {
            id: newId("placement"),
            externalId: placement.externalId,
            name: "Acme Bakery",
            accessToken: encryptSecret(placement.accessToken),
          },
        },
      }),
    },
  });

const now = () => Date.now();
type Target = {
  platform: Platform;
  post: { id: string };
  profile: { id: string };
  postExternalId: string;
  held: (externalId: string) => string | undefined;
};

const targets: Partial<Record<Platform, () => Promise<Target>>> = {
  facebook: async () => {
    const profile = await seedProfile("facebook", FB.user, graph.issueToken("facebook", FB.user, FACEBOOK_SCOPES), {
      externalId: FB.page,
      accessToken: graph.pageToken(FB.user, FB.page, FACEBOOK_SCOPES),
    });
    const postExternalId = `${FB.page}_${now()}`;
    graph.content.facebook.set(postExternalId, {
      id: postExternalId,
      pageId: FB.page,
      kind: "post",
      published: true,
      fields: {},
      message: "Spring menu",
      createdAt: now(),
    });
    const { post } = await seedPublishedPost({
      group: tenant.group,
      profile,
      externalId: postExternalId,
      placementId: FB.page,
    });
    return {
      platform: "facebook",
      post,
      profile,
      postExternalId,
      held: (id) => graph.content.comments.get(id)?.message,
    };
  },
  instagram: async () => {
    const profile = await seedProfile(
      "instagram",
      IG.userId,
      graph.issueToken("instagram", IG.appScopedId, INSTAGRAM_SCOPES),
    );
    const postExternalId = `1790000000${now()}`;
    graph.content.media.set(postExternalId, {
      id: postExternalId,
      family: "instagram",
      userId: IG.userId,
      containerId: "c1",
      mediaType: "IMAGE",
      productType: "FEED",
      text: "Spring",
      children: [],
      permalink: "https://www.instagram.com/p/x/",
      createdAt: now(),
    });
    const { post } = await seedPublishedPost({ group: tenant.group, profile, externalId: postExternalId });
    return {
      platform: "instagram",
      post,
      profile,
      postExternalId,
      held: (id) => graph.content.comments.get(id)?.message,
    };
  },
  threads: async () => {
    const profile = await seedProfile("threads", TH.userId, graph.issueToken("threads", TH.userId, THREADS_SCOPES));
    const postExternalId = `1802${now()}`;
    graph.content.media.set(postExternalId, {
      id: postExternalId,
      family: "threads",
      userId: TH.userId,
      containerId: "c2",
      mediaType: "TEXT_POST",
      text: "Spring",
      children: [],
      permalink: "https://www.threads.com/@acme/post/x",
      createdAt: now(),
    });
    const { post } = await seedPublishedPost({ group: tenant.group, profile, externalId: postExternalId });
    return {
      platform: "threads",
      post,
      profile,
      postExternalId,
      held: (id) => graph.publishedMedia("threads").find((m) => m.id === id)?.text,
    };
  },
  youtube: async () => {
    const user = google.addUser({
      sub: "yt-owner",
      email: "video@acme.example",
      name: "Acme Video",
      channel: { id: CHANNEL, title: "Acme Bakery" },
    });
    youtubeSub = user.sub;
    const auth = await googleSignIn(
      youtubeConnector,
      googleContext(youtubeConnector, google, "youtube").ctx,
      google,
      user,
    );
    const profile = await seedProfile("youtube", CHANNEL, auth.tokens!.accessToken);
    const video = google.youtube.addVideo(youtubeSub, { title: "Spring menu tour" });
    const { post } = await seedPublishedPost({ group: tenant.group, profile, externalId: video.id });
    return {
      platform: "youtube",
      post,
      profile,
      postExternalId: video.id,
      held: (id) => google.youtubeComments.comments.get(id)?.textOriginal,
    };
  },
};

const create = (t: Target, body: Json, headers: Record<string, string> = {}) =>
  callRoute(postCommentsRoute.POST, {
    path: `/api/posts/${t.post.id}/comments?profile_id=${t.profile.id}`,
    token,
    body,
    params: { id: t.post.id },
    headers,
  });
const act = (route: RouteHandler, t: Target, id: string) =>
  callRoute(route, {
    path: `/api/posts/${t.post.id}/comments/${id}?profile_id=${t.profile.id}`,
    token,
    params: { id: t.post.id, comment_id: id },
  });
const row = (id: string) => db.comment.findUniqueOrThrow({ where: { id } });

const seeded: Partial<Record<Platform, Target>> = {};
const targetOf = async (platform: Platform) => (seeded[platform] ??= await targets[platform]!());

type Row = Awaited<ReturnType<typeof row>>;

describe.each(Object.keys(targets) as Platform[])("a comment and a reply on %s", (platform) => {
  let t: Target;
  let top: Awaited<ReturnType<typeof create>>;
  let published: Row;
  let replied: Row;
  beforeAll(async () => {
    t = await targetOf(platform);
    top = await create(t, { body: `Thanks for watching, ${platform}!` });
    await runner.drain();
    published = await row(top.json.id as string);
    const reply = await create(t, { text: "Another one", parent_id: published.id });
    await runner.drain();
    replied = await row(reply.json.id as string);
  });

  it("the comment is published with the id the network holds", () => {
    expect(top.status, JSON.stringify(top.json)).toBe(201);
    expect(published, published.error ?? "").toMatchObject({
      status: "published",
      attempts: 1,
      error: null,
      externalId: expect.any(String),
    });
    expect(t.held(published.externalId!)).toBe(`Thanks for watching, ${platform}!`);
  });

  it("the reply is published under it", () => {
    expect(replied, replied.error ?? "").toMatchObject({
      status: "published",
      parentExternalId: published.externalId,
    });
    expect(t.held(replied.externalId!)).toBe("Another one");
  });

  it(`comment.created is emitted ${platform === "youtube" ? "for neither" : "once for each"}`, async () => {
    const announced = (await eventsOf(tenant.account.id, "comment.created")).filter((e) =>
      [published.id, replied.id].includes((e.data as Json).id),
    );
    expect(announced).toHaveLength(platform === "youtube" ? 0 : 2); // comment.created: instagram, facebook, threads (networks-and-messaging)
  });
});

describe("exactly once on facebook", () => {
  describe("an answer lost after the comment was made", () => {
    let t: Target;
    let first: Awaited<ReturnType<typeof create>>;
    let c: Row;
    beforeAll(async () => {
      t = await targetOf("facebook");
      graph.loseNext({ host: "graph.facebook.com", path: `${t.postExternalId}/comments` });
      first = await create(t, { body: "Lost in the mail" }, { "Idempotency-Key": "fb-lost-1" });
      await runner.drain();
      c = await row(first.json.id as string);
    });
    const onNetwork = () => [...graph.content.comments.values()].filter((x) => x.message === "Lost in the mail");

    it("is read back from the Page's own recent comments", () => {
      expect(first.status).toBe(201);
      // the read-back asked for the Page's own recent comments
      expect(
        graph
          .calls("graph.facebook.com", `${t.postExternalId}/comments`)
          .filter((r) => r.method === "GET")
          .at(-1)!.query,
      ).toMatchObject({ filter: "stream", order: "reverse_chronological" });
    });

    it("is published, held once by the network", () => {
      expect(c).toMatchObject({ status: "published", attempts: 1 });
      expect(onNetwork().map((x) => x.id)).toEqual([c.externalId]);
    });

    it("a replay of the request answers the same comment and creates nothing", async () => {
      const replay = await create(t, { body: "Lost in the mail" }, { "Idempotency-Key": "fb-lost-1" });
      expect([replay.status, replay.json.id]).toEqual([201, c.id]);
      await runner.drain();
      expect(await db.comment.count({ where: { body: "Lost in the mail" } })).toBe(1);
      expect(onNetwork()).toHaveLength(1);
    });
  });

  it("a rejection by Graph fails the comment with its error details", async () => {
    const t = await targetOf("facebook");
    graph.failNext({
      host: "graph.facebook.com",
      path: `${t.postExternalId}/comments`,
      error: { message: "(#1446036) This comment contains blocked content", code: 1446036 },
    });
    const c = await create(t, { body: "blocked words" });
    await runner.drain();
    expect(await row(c.json.id as string)).toMatchObject({
      status: "failed",
      errorDetails: expect.objectContaining({ platformErrorCode: "1446036" }),
    });
  });
});

describe("actions reach the network", () => {
  describe("facebook, on a visitor's comment", () => {
    let t: Target;
    let visitorId: string;
    let stored: Awaited<ReturnType<typeof seedComment>>;
    beforeAll(async () => {
      t = await targetOf("facebook");
      const visitor = {
        id: `${t.postExternalId.split("_")[1]}_${now()}`,
        objectId: t.postExternalId,
        message: "First!",
        createdAt: now(),
        family: "facebook" as const,
        pageId: FB.page,
        fromId: "5551",
      };
      visitorId = visitor.id;
      graph.content.comments.set(visitor.id, visitor);
      const pp = await db.platformPost.findFirstOrThrow({ where: { postId: t.post.id } });
      stored = await seedComment(
        { platformPost: pp, group: tenant.group },
        { externalId: visitor.id, body: "First!", createdAt: new Date() },
      );
    });

    it("hide and like reach Graph and then show", async () => {
      for (const route of [hideRoute.POST, likeRoute.POST])
        expect((await act(route, t, visitorId)).json).toEqual({ accepted: true });
      await runner.drain();
      expect(graph.content.comments.get(visitorId)).toMatchObject({ hidden: true });
      expect([...(graph.content.comments.get(visitorId)!.likedBy ?? [])]).toEqual([FB.page]);
      expect(await row(stored.id)).toMatchObject({ isHidden: true, likeCount: 1, isLiked: true });
    });

    it("delete removes it on Graph and here", async () => {
      expect((await act(commentRoute.DELETE, t, stored.id)).json).toEqual({ accepted: true });
      await runner.drain();
      expect(graph.content.comments.has(visitorId)).toBe(false);
      expect(await db.comment.count({ where: { id: stored.id } })).toBe(0);
    });
  });

  // Our own published comment, then the action on it.
  const ownPublished = async (platform: Platform, route: RouteHandler) => {
    const t = await targetOf(platform);
    const c = await create(t, { body: `Moderated on ${platform}` });
    await runner.drain();
    const published = await row(c.json.id as string);
    expect((await act(route, t, published.id)).json).toEqual({ accepted: true });
    await runner.drain();
    return { t, published };
  };

  it("threads hides a reply", async () => {
    const { published } = await ownPublished("threads", hideRoute.POST);
    expect(graph.publishedMedia("threads").find((m) => m.id === published.externalId)).toMatchObject({
      hidden: true,
    });
    expect(await row(published.id)).toMatchObject({ isHidden: true });
  });

  it.each(["instagram", "youtube"] as const)("%s deletes our own comment", async (platform) => {
    const { t, published } = await ownPublished(platform, commentRoute.DELETE);
    expect(t.held(published.externalId!), platform).toBeUndefined();
    expect(await db.comment.count({ where: { id: published.id } })).toBe(0);
  });
});
