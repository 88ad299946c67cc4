import "server-only";
import { db, type Prisma } from "@/lib/db/client";
import { notFound, unprocessable } from "@/lib/errors";
import { groupScope, type Principal } from "@/lib/principal";
import { newId } from "@/lib/ids";
import { nextSlots } from "@/lib/queues/slots";
import {
  QUEUE_TIMESLOTS_MAX,
  type TCreatePostQueueBody,
  type TTimeslotChange,
  type TTimeslotInput,
  type TUpdatePostQueueBody,
} from "@/lib/schemas/post-queues";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { lockQueue, rearrangeQueue, waitingPostsWhere, type RearrangeOptions } from "./rearrange";

// Queues belong to a profile group of the caller's account and environment; a scoped key sees only its
// group's queues. Another tenant's, environment's or group's queue answers exactly like a missing one.
const scopeOf = (principal: Principal) => groupScope(principal);

export const postQueueSelect = {
  id: true,
  profileGroupId: true,
  name: true,
  description: true,
  timezone: true,
  enabled: true,
  jitter: true,
  createdAt: true,
  updatedAt: true,
  timeslots: { select: { id: true, day: true, time: true }, orderBy: [{ day: "asc" }, { time: "asc" }, { id: "asc" }] },
  _count: { select: { posts: { where: waitingPostsWhere } } },
} satisfies Prisma.PostQueueSelect;

const findQueue = (principal: Principal, id: string) =>
  db.postQueue.findFirst({ where: { AND: [scopeOf(principal), { id }] }, select: postQueueSelect });

export const listPostQueues = ({ principal, profileGroupId }: { principal: Principal; profileGroupId?: string }) =>
  db.postQueue.findMany({
    where: { AND: [scopeOf(principal), profileGroupId ? { profileGroupId } : {}] },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: postQueueSelect,
  });

export const getPostQueueOrThrow = async ({ principal, id }: { principal: Principal; id: string }) => {
  const queue = await findQueue(principal, id);
  if (!queue) throw notFound();
  return queue;
};

const uniqueSlots = (slots: readonly TTimeslotInput[]) => [
  ...new Map(slots.map((s) => [`${s.day} ${s.time}`, s])).values(),
];

export const createPostQueue = async ({ principal, input }: { principal: Principal; input: TCreatePostQueueBody }) => {
  // A scoped key may leave out its own group; everyone else must name one.
  const groupId = input.profile_group_id || principal.profileGroupId;
  if (!groupId) throw unprocessable(["profile_group_id is required"]);
  const group = await db.profileGroup.findFirst({
    where: { AND: [groupScope(principal, "id"), { id: groupId }] },
    select: { id: true },
  });
  if (!group) throw unprocessable(["profile_group_id: Profile group not found"]);

  const q = input.post_queue;
  const id = newId("postQueue");
  // A new queue has no posts yet: nothing to arrange. Repeated day+time pairs collapse into one slot.
  await retryingTransaction(async (tx) => {
    await tx.postQueue.create({
      data: {
        id,
        accountId: principal.accountId,
        environment: principal.environment,
        profileGroupId: group.id,
        name: q.name,
        description: q.description || null,
        timezone: q.timezone,
        jitter: q.jitter,
        enabled: q.enabled,
        timeslots: { createMany: { data: uniqueSlots(q.queue_timeslots_attributes) } },
      },
    });
    await recordCommit(tx, { resource: "post_queue", id });
  });
  return getPostQueueOrThrow({ principal, id });
};

type UpdateOptions = { principal: Principal; id: string; input: TUpdatePostQueueBody } & RearrangeOptions;

const slotsField = "post_queue.queue_timeslots_attributes";

// Removals first, then additions (so one request can remove a slot and add it back). Adding a day+time
// the queue already has is ignored. Returns whether the set of slots changed.
const applyTimeslotChanges = async (
  tx: Parameters<typeof rearrangeQueue>[0],
  queueId: string,
  changes: readonly TTimeslotChange[],
) => {
  const removals = changes.flatMap((c, index) => ("_destroy" in c ? [{ id: c.id, index }] : []));
  const additions = uniqueSlots(changes.filter((c): c is TTimeslotInput => !("_destroy" in c)));
  let isChanged = false;

  if (removals.length > 0) {
    const ids = [...new Set(removals.map((r) => r.id))];
    const found = new Set(
      (await tx.queueTimeslot.findMany({ where: { queueId, id: { in: ids } }, select: { id: true } })).map((s) => s.id),
    );
    const missing = removals.filter((r) => !found.has(r.id));
    if (missing.length > 0)
      throw unprocessable(missing.map((r) => `${slotsField}.${r.index}.id: Timeslot ${r.id} not found in this queue`));
    await tx.queueTimeslot.deleteMany({ where: { queueId, id: { in: ids } } });
    isChanged = true;
  }
  if (additions.length > 0) {
    const { count } = await tx.queueTimeslot.createMany({
      data: additions.map((s) => ({ queueId, ...s })),
      skipDuplicates: true,
    });
    if (count > 0) {
      isChanged = true;
      if ((await tx.queueTimeslot.count({ where: { queueId } })) > QUEUE_TIMESLOTS_MAX) {
        throw unprocessable([`${slotsField}: A queue has at most ${QUEUE_TIMESLOTS_MAX} timeslots`]);
      }
    }
  }
  return isChanged;
};

// Timeslots added or removed, a new timezone or jitter, and resuming (enabled false -> true) rearrange
// the queue's posts in the same transaction; resuming moves past-due posts into future slots. Pausing
// only stops publishing (the publisher checks `enabled`).
export const updatePostQueue = async ({
  principal,
  id,
  input,
  now = new Date(),
  random = Math.random,
}: UpdateOptions) => {
  const q = input.post_queue;
  await retryingTransaction(
    async (tx) => {
      const visible = await tx.postQueue.findFirst({
        where: { AND: [scopeOf(principal), { id }] },
        select: { id: true },
      });
      if (!visible || !(await lockQueue(tx, id))) throw notFound();
      const current = await tx.postQueue.findUniqueOrThrow({
        where: { id },
        select: { timezone: true, jitter: true, enabled: true },
      });

      const isSlotsChanged = await applyTimeslotChanges(tx, id, q.queue_timeslots_attributes ?? []);
      const isTimezoneChanged = q.timezone !== undefined && q.timezone !== current.timezone;
      const isJitterChanged = q.jitter !== undefined && q.jitter !== current.jitter;
      const isResumed = q.enabled === true && !current.enabled;

      await tx.postQueue.update({
        where: { id },
        data: {
          ...(q.name !== undefined && { name: q.name }),
          ...(q.description !== undefined && { description: q.description || null }),
          ...(q.timezone !== undefined && { timezone: q.timezone }),
          ...(q.jitter !== undefined && { jitter: q.jitter }),
          ...(q.enabled !== undefined && { enabled: q.enabled }),
        },
      });
      if (isSlotsChanged || isTimezoneChanged || isJitterChanged || isResumed)
        await rearrangeQueue(tx, id, { now, random });
      await recordCommit(tx, { resource: "post_queue", id });
    },
    { timeout: 30_000 },
  );
  return getPostQueueOrThrow({ principal, id });
};

// Posts stay, with their scheduled_at; the foreign key clears their queue reference (ON DELETE SET NULL).
// Posts keep existing without the queue (the foreign key clears queue_id) and keep their slot time.
// Posts that had no slot (a queue without timeslots) become drafts: losing the queue must not publish
// them at once.
export const deletePostQueue = async ({ principal, id }: { principal: Principal; id: string }) =>
  retryingTransaction(async (tx) => {
    const queue = await tx.postQueue.findFirst({ where: { AND: [scopeOf(principal), { id }] }, select: { id: true } });
    if (!queue || !(await lockQueue(tx, id))) throw notFound();
    const unslotted = {
      queueId: id,
      scheduledAt: null,
      draft: false,
      status: { in: ["pending" as const, "scheduled" as const] },
    };
    const roots = (await tx.post.findMany({ where: { ...unslotted, parentId: null }, select: { id: true } })).map(
      (p) => p.id,
    );
    await tx.post.updateMany({
      where: { OR: [{ id: { in: roots } }, { parentId: { in: roots } }] },
      data: { draft: true, status: "draft" },
    });
    await tx.postQueue.delete({ where: { id } });
    const result = { deleted: true };
    await recordCommit(tx, { body: result });
    return result;
  });

/**
 * The first slot after `now` that no waiting post of the queue occupies: posts are placed one per slot
 * from the first future slot on, so with N such posts it is the (N+1)-th future slot, the one a post
 * added now at the end of the queue gets (its base time; jitter is drawn at arrangement). Posts of an
 * enabled queue whose time has passed are being published and hold no future slot; in a paused queue
 * they do (resuming moves them into future slots).
 */
export const getNextSlot = async ({
  principal,
  id,
  now = new Date(),
}: {
  principal: Principal;
  id: string;
  now?: Date;
}) => {
  const queue = await db.postQueue.findFirst({
    where: { AND: [scopeOf(principal), { id }] },
    select: { timezone: true, enabled: true, timeslots: { select: { day: true, time: true } } },
  });
  if (!queue) throw notFound();
  if (queue.timeslots.length === 0) throw unprocessable(["Queue has no timeslots"]);
  const taken = await db.post.count({
    where: {
      queueId: id,
      ...waitingPostsWhere,
      ...(queue.enabled && { OR: [{ scheduledAt: null }, { scheduledAt: { gt: now } }] }),
    },
  });
  const slots = nextSlots({ timeslots: queue.timeslots, timezone: queue.timezone, after: now, count: taken + 1 });
  return slots[taken]!;
};
