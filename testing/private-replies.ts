import * as privateReplyRoute from "@/app/api/posts/[id]/comments/[comment_id]/private_reply/route";
import type { GraphFake } from "@/testing/fakes/graph";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { callRoute } from "./call-route";
import { seedComment, uniqueDigits } from "./comments";

// Shared by the private-reply tests (lib/services/comments/private-reply*.test.ts): the route call, the
// send-message function run to completion, a commenter's comment, and the Graph fake (graph-fake.ts).

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

export { useGraphFake } from "./graph-fake";
