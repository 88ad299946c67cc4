import { afterAll, beforeAll } from "vitest";
import * as privateReplyRoute from "@/app/api/posts/[id]/comments/[comment_id]/private_reply/route";
import { startGraphFake, type GraphFake } from "@/e2e/fakes/graph";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { callRoute } from "./call-route";
import { seedComment, uniqueDigits } from "./comments";
import { setEnv } from "./network-tests";

// Shared by the private-reply tests (lib/services/comments/private-reply*.test.ts): the route call, the
// send-message function run to completion, a commenter's comment, and the Graph fake with the facebook
// and instagram apps the connectors are pointed at.

export type Json = Record<string, unknown>;
export const DAY = 24 * 3600_000;

export type PrivateReplyTarget = {
  token: string;
  accountId: string;
  post: { id: string };
  profile: { id: string };
  platformPost: Parameters<typeof seedComment>[0]["platformPost"];
  group: Parameters<typeof seedComment>[0]["group"];
};

export const privateReply = (
  t: PrivateReplyTarget,
  commentId: string,
  body: Json = { text: "Hi! We sent you the recipe." },
) =>
  callRoute(privateReplyRoute.POST, {
    path: `/api/posts/${t.post.id}/comments/${commentId}/private_reply?profile_id=${t.profile.id}`,
    token: t.token,
    body,
    params: { id: t.post.id, comment_id: commentId },
  });

// Runs every pending send to its end on a local runner of its own.
export const drainSends = async () => {
  const runner: LocalRunner = await startLocalRunner({
    functions: [sendMessageFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  await runner.drain();
  await runner.stop();
};

export const messageWithChat = (id: string) => db.message.findUniqueOrThrow({ where: { id }, include: { chat: true } });

// A commenter's comment, stored as synced (from someone else), `ageMs` old; with `held`, the Graph fake
// holds it too (as `networkAgeMs` old when given).
export const commentBy = async (
  t: PrivateReplyTarget,
  {
    ageMs,
    held,
  }: {
    ageMs: number;
    held?: { graph: GraphFake; family: "facebook" | "instagram"; pageId?: string; networkAgeMs?: number };
  },
) => {
  const fromId = uniqueDigits(15);
  const at = new Date(Date.now() - ageMs);
  const c = await seedComment(
    { platformPost: t.platformPost, group: t.group },
    { createdAt: at, body: "Recipe please?" },
  );
  await db.comment.update({
    where: { id: c.id },
    data: { authorExternalId: fromId, authorUsername: "hungry.fan", postedAt: at },
  });
  if (held) {
    held.graph.content.comments.set(c.externalId!, {
      id: c.externalId!,
      objectId: "post",
      message: c.body,
      createdAt: Date.now() - (held.networkAgeMs ?? ageMs),
      family: held.family,
      pageId: held.pageId,
      fromId,
    });
  }
  return { ...c, fromId };
};

export const GRAPH_APPS = {
  facebook: { id: "1000000000091", secret: "fb-pr-secret" },
  instagram: { id: "2000000000092", secret: "ig-pr-secret" },
};

// The Graph fake for the suite, the connectors pointed at it; `graph()` reads it inside tests.
export const useGraphFake = () => {
  let graph: GraphFake;
  beforeAll(async () => {
    graph = await startGraphFake();
    graph.addApp("facebook", GRAPH_APPS.facebook.id, GRAPH_APPS.facebook.secret);
    graph.addApp("instagram", GRAPH_APPS.instagram.id, GRAPH_APPS.instagram.secret);
    return setEnv({
      NETWORK_FACEBOOK_CLIENT_ID: GRAPH_APPS.facebook.id,
      NETWORK_FACEBOOK_CLIENT_SECRET: GRAPH_APPS.facebook.secret,
      NETWORK_FACEBOOK_GRAPH_URL: graph.base("graph.facebook.com"),
      NETWORK_INSTAGRAM_CLIENT_ID: GRAPH_APPS.instagram.id,
      NETWORK_INSTAGRAM_CLIENT_SECRET: GRAPH_APPS.instagram.secret,
      NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
    });
  });
  afterAll(async () => {
    await graph.close();
  });
  return () => graph;
};
