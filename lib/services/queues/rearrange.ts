import "server-only";
import type { Prisma, Tx } from "@/lib/db/client";
import type { PostStatus } from "@/lib/generated/prisma/enums";
import { arrangeQueue, type ArrangedPost } from "@/lib/queues/arrange";

export type RearrangeOptions = { now?: Date; random?: () => number };

// The posts a queue places into slots: root posts waiting to be published (media being checked or
// scheduled), drafts excluded. Everything else keeps its scheduled_at.
const WAITING_STATUSES: PostStatus[] = ["pending", "scheduled"];
export const waitingPostsWhere = {
  status: { in: WAITING_STATUSES },
  draft: false,
  parentId: null,
} satisfies Prisma.PostWhereInput;

// Lock order, everywhere: the queue row first, then its posts and timeslots. Every transaction that
// touches a queue's posts or timeslots (post created, edited, published, deleted in a queue; timeslots,
// pause/resume; queue deleted) takes this row lock before writing anything else, so concurrent triggers
// run one after the other, each arranging what the other committed, instead of deadlocking (a post
// inserted first holds a key-share lock on the queue row that blocks the other's FOR UPDATE).
// Returns false when the queue no longer exists.
export const lockQueue = async (tx: Tx, queueId: string): Promise<boolean> => {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM post_queues WHERE id = ${queueId} FOR UPDATE`;
  return rows.length > 0;
};

// Several queues (a post moving from one queue to another): always in id order. Returns the ids that exist.
export const lockQueues = async (tx: Tx, queueIds: readonly (string | null | undefined)[]): Promise<Set<string>> => {
  const ids = [...new Set(queueIds.filter((id): id is string => !!id))].sort();
  if (ids.length === 0) return new Set();
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM post_queues WHERE id = ANY(${ids}::text[]) ORDER BY id FOR UPDATE`;
  return new Set(rows.map((r) => r.id));
};

/**
 * Re-places every waiting post of the queue (API reference, tag "Queues": lib/contracts/post-queues.ts): high, medium, low, oldest first, one per
 * slot strictly after `now`, jitter applied; scheduled_at becomes null when the queue has no timeslots.
 * Call it inside the transaction that made the change (timeslots, timezone, jitter, resume, a post added
 * to or removed from the queue, a priority changed). Only posts whose time changes are written.
 */
export const rearrangeQueue = async (
  tx: Tx,
  queueId: string,
  { now = new Date(), random = Math.random }: RearrangeOptions = {},
): Promise<ArrangedPost[]> => {
  if (!(await lockQueue(tx, queueId))) return [];
  const queue = await tx.postQueue.findUniqueOrThrow({
    where: { id: queueId },
    select: { timezone: true, jitter: true, timeslots: { select: { day: true, time: true } } },
  });
  const posts = await tx.post.findMany({
    where: { queueId, ...waitingPostsWhere },
    select: { id: true, queuePriority: true, createdAt: true, scheduledAt: true },
  });
  const arranged = arrangeQueue({
    posts: posts.map((p) => ({ id: p.id, priority: p.queuePriority ?? "medium", createdAt: p.createdAt })),
    timeslots: queue.timeslots,
    timezone: queue.timezone,
    jitterMinutes: queue.jitter,
    now,
    random,
  });

  const before = new Map(posts.map((p) => [p.id, p.scheduledAt?.getTime() ?? null]));
  const changed = arranged.filter((a) => (a.scheduledAt?.getTime() ?? null) !== before.get(a.id));
  if (changed.length > 0) {
    // One statement for the whole queue. Columns are timestamp(3) holding UTC: an ISO string cast to
    // timestamp keeps its wall clock and drops the "Z", which is how Prisma writes them too.
    const ids = changed.map((a) => a.id);
    const times = changed.map((a) => a.scheduledAt?.toISOString() ?? null);
    await tx.$executeRaw`
      UPDATE posts AS p SET scheduled_at = u.at, updated_at = ${now.toISOString()}::timestamp(3)
      FROM unnest(${ids}::text[], ${times}::timestamp(3)[]) AS u(id, at)
      WHERE p.id = u.id`;
  }
  return arranged;
};
