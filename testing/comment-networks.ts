import { afterAll, beforeAll } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
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
import { callRoute } from "./call-route";
import { seedPublishedPost } from "./comments";
import { seedTenant, setEnv, type Tenant } from "./network-tests";
import { seedKey } from "./seed";

// Comment writes on each network whose API takes them (publish-comments-networks.test.ts,
// comment-actions-networks.test.ts): the Graph and Google fakes, a live profile and a published post per
// network (seeded on first use), and the API calls.

export type Json = Record<string, any>;
export const FB = { user: "10150001", page: "20001", appId: "1000000000001" };
const IG = { appScopedId: "app-scoped-501", userId: "17841400000000501", appId: "2000000000002" };
const TH = { userId: "9001", appId: "3000000000003" };
const CHANNEL = "UCacmebakeryxxxxxxxxxxxx";

// Live bindings: set by useCommentNetworks() for the importing test file.
export let graph: GraphFake;
export let google: GoogleFake;
export let tenant: Tenant;
export let runner: LocalRunner;
let token: string;
let youtubeSub = "";

// The fakes, a tenant with its key and a local runner with the comment functions, for one test file.
export const useCommentNetworks = () => {
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
};

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

export const now = () => Date.now();
export type Target = {
  platform: Platform;
  post: { id: string };
  profile: { id: string };
  postExternalId: string;
  held: (externalId: string) => string | undefined;
};

export const targets: Partial<Record<Platform, () => Promise<Target>>> = {
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

export const create = (t: Target, body: Json, headers: Record<string, string> = {}) =>
  callRoute(postCommentsRoute.POST, {
    path: `/api/posts/${t.post.id}/comments?profile_id=${t.profile.id}`,
    token,
    body,
    params: { id: t.post.id },
    headers,
  });
export const act = (route: RouteHandler, t: Target, id: string) =>
  callRoute(route, {
    path: `/api/posts/${t.post.id}/comments/${id}?profile_id=${t.profile.id}`,
    token,
    params: { id: t.post.id, comment_id: id },
  });
export const row = (id: string) => db.comment.findUniqueOrThrow({ where: { id } });

const seeded: Partial<Record<Platform, Target>> = {};
export const targetOf = async (platform: Platform) => (seeded[platform] ??= await targets[platform]!());
export type Row = Awaited<ReturnType<typeof row>>;
