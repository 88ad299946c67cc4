import "server-only";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { groupScope, type Principal } from "@/lib/principal";
import { newId } from "@/lib/ids";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { lockQueues } from "@/lib/services/queues/rearrange";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import type { TCreateProfileGroupBody } from "@/lib/schemas/profile-groups";

const withCounts = { id: true, name: true, _count: { select: { profiles: true } } } as const;

// A scoped key sees only its own group; everything is within the caller's account and environment.
export const listProfileGroups = ({ principal }: { principal: Principal }) =>
  db.profileGroup.findMany({ where: groupScope(principal, "id"), orderBy: { createdAt: "asc" }, select: withCounts });

// Another account's, environment's or group's id answers exactly like a missing one.
export const getProfileGroupOrThrow = async ({ principal, id }: { principal: Principal; id: string }) => {
  const group = await db.profileGroup.findFirst({
    where: { AND: [groupScope(principal, "id"), { id }] },
    select: withCounts,
  });
  if (!group) throw notFound();
  return group;
};

export const createProfileGroup = ({ principal, input }: { principal: Principal; input: TCreateProfileGroupBody }) =>
  retryingTransaction(async (tx) => {
    const group = await tx.profileGroup.create({
      data: {
        id: newId("profileGroup"),
        accountId: principal.accountId,
        environment: principal.environment,
        name: input.name,
      },
      select: withCounts,
    });
    await recordCommit(tx, { resource: "profile_group", id: group.id });
    return group;
  });

// Profiles, queues, posts and the keys scoped to the group go with it (foreign keys cascade). Its queues
// are locked first, in the lock order of every queue transaction, so a post being added to one of them
// finishes (or waits) instead of deadlocking with the cascade.
export const deleteProfileGroup = async ({ principal, id }: { principal: Principal; id: string }) =>
  retryingTransaction(async (tx) => {
    const queues = await tx.postQueue.findMany({
      where: { profileGroupId: id, ...groupScope(principal) },
      select: { id: true },
    });
    await lockQueues(
      tx,
      queues.map((q) => q.id),
    );
    const { count } = await tx.profileGroup.deleteMany({ where: { AND: [groupScope(principal, "id"), { id }] } });
    if (count === 0) throw notFound();
    const result = { deleted: true };
    await recordCommit(tx, { body: result });
    return result;
  });
