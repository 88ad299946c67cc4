import "server-only";
import { db, type Prisma } from "@/lib/db/client";
import { notFound, unprocessable } from "@/lib/errors";
import { groupScope, type Principal } from "@/lib/principal";
import type { QueuePriority } from "@/lib/generated/prisma/enums";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { lockQueue, rearrangeQueue, waitingPostsWhere, type RearrangeOptions } from "./rearrange";

export const queuedPostSelect = {
  id: true,
  body: true,
  status: true,
  queueId: true,
  queuePriority: true,
  scheduledAt: true,
  createdAt: true,
} satisfies Prisma.PostSelect;

type SetPriorityOptions = { principal: Principal; postId: string; priority: QueuePriority } & RearrangeOptions;

// A queued post's priority, then the queue rearranged in the same transaction (higher priority takes
// earlier slots). Drafts keep the priority for when they are scheduled. Posts outside the caller's scope
// answer 404; a post that is in no queue, 422.
export const setQueuedPostPriority = async ({
  principal,
  postId,
  priority,
  now = new Date(),
  random = Math.random,
}: SetPriorityOptions) =>
  retryingTransaction(
    async (tx) => {
      const post = await tx.post.findFirst({
        where: { AND: [groupScope(principal), { id: postId, parentId: null }] },
        select: { queueId: true },
      });
      if (!post) throw notFound();
      if (!post.queueId) throw unprocessable(["Post is not in a queue"]);
      if (!(await lockQueue(tx, post.queueId))) throw notFound();
      await tx.post.update({ where: { id: postId }, data: { queuePriority: priority } });
      await rearrangeQueue(tx, post.queueId, { now, random });
      return tx.post.findUniqueOrThrow({ where: { id: postId }, select: queuedPostSelect });
    },
    { timeout: 30_000 },
  );

type ListOptions = { principal: Principal; queueId: string; from?: Date; to?: Date };

// The admin calendar: the queue's waiting posts placed in [from, to), plus those without a slot
// (scheduled_at null: the queue has no timeslots), in publishing order.
export const listQueuedPosts = async ({ principal, queueId, from, to }: ListOptions) => {
  const queue = await db.postQueue.findFirst({
    where: { AND: [groupScope(principal), { id: queueId }] },
    select: { id: true },
  });
  if (!queue) throw notFound();
  const window =
    from || to
      ? { OR: [{ scheduledAt: { ...(from && { gte: from }), ...(to && { lt: to }) } }, { scheduledAt: null }] }
      : {};
  return db.post.findMany({
    where: { queueId, ...waitingPostsWhere, ...window },
    orderBy: [{ scheduledAt: { sort: "asc", nulls: "last" } }, { createdAt: "asc" }, { id: "asc" }],
    select: queuedPostSelect,
    take: 1000,
  });
};
