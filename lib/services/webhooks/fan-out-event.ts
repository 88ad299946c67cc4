import "server-only";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";

// Creates one dispatch per enabled webhook that subscribes to the event (by name or `*`) and can see
// it: account-wide webhooks see every event of their environment, group webhooks only their group's.
// Idempotent: running it twice for one event creates nothing new and returns the same dispatches.
export const fanOutEvent = async ({ eventId }: { eventId: string }) => {
  const event = await db.event.findUnique({ where: { id: eventId } });
  if (!event) return [];
  const webhooks = await db.webhook.findMany({
    where: {
      accountId: event.accountId,
      environment: event.environment,
      enabled: true,
      events: { hasSome: [event.type, "*"] },
      OR: [{ profileGroupId: null }, ...(event.profileGroupId ? [{ profileGroupId: event.profileGroupId }] : [])],
    },
    select: { id: true },
  });
  await db.$transaction([
    db.webhookDispatch.createMany({
      data: webhooks.map((w) => ({ id: newId("webhookDispatch"), webhookId: w.id, eventId: event.id })),
      skipDuplicates: true,
    }),
    db.event.update({ where: { id: event.id }, data: { fannedOutAt: new Date() } }),
  ]);
  return db.webhookDispatch.findMany({
    where: { eventId: event.id, status: "pending" },
    select: { id: true, webhookId: true },
    orderBy: { id: "asc" },
  });
};

// Events whose fan-out never happened (the process died between commit and dispatch): for the
// reconcile job.
export const findEventsAwaitingFanOut = ({ olderThan, limit = 100 }: { olderThan: Date; limit?: number }) =>
  db.event.findMany({
    where: { fannedOutAt: null, createdAt: { lt: olderThan } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
    take: limit,
  });
