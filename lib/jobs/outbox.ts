import "server-only";
import { randomUUID } from "node:crypto";
import { db as defaultDb, Prisma, type OutboxDestination, type OutboxEvent } from "@/lib/db/client";

// The transactional outbox. sendEvent() writes its events here, in the caller's transaction when it has
// one, and announces them with NOTIFY, which PostgreSQL delivers only when that transaction commits (and
// never for one rolled back). A dispatcher then hands committed events to the runner in use:
// - local runner (inngest/local-runner/outbox.ts): the event's runs are created in the same transaction
//   that marks it sent, so the hand-over happens exactly once;
// - Inngest server (inngest/outbox-relay.ts): sent over HTTP, then marked sent; a crash in between sends
//   it again with the same event id, which Inngest deduplicates.
// Either way delivery is at-least-once and every consumer is idempotent.

export const OUTBOX_CHANNEL = "event_outbox";

export type OutboxPayload = { id: string; name: string; data: Record<string, unknown>; ts: number; v?: string };
/** An event as a sender gives it: normalizeEvent fills in the id and time. */
export type EventInput = { name: string; data?: unknown; id?: string; ts?: number; v?: string };
export type OutboxDb = Pick<Prisma.TransactionClient, "outboxEvent" | "$executeRaw">;
export type OutboxRow = { id: string; event: OutboxPayload; targets: string[] };

export const normalizeEvent = (event: EventInput, now: Date): OutboxPayload => {
  if (typeof event.name !== "string" || event.name === "") throw new Error("An event needs a name");
  if (
    event.data !== undefined &&
    (event.data === null || typeof event.data !== "object" || Array.isArray(event.data))
  ) {
    throw new Error(`Event "${event.name}": data must be an object`);
  }
  return {
    id: event.id || randomUUID(),
    name: event.name,
    data: (event.data ?? {}) as Record<string, unknown>,
    ts: event.ts ?? now.getTime(),
    ...(event.v ? { v: event.v } : {}),
  };
};

/** Writes events (an id already written is skipped) and notifies listeners when the transaction commits. */
export const writeOutbox = async (
  entries: readonly { event: OutboxPayload; targets: string[] }[],
  { destination, db = defaultDb }: { destination: OutboxDestination; db?: OutboxDb },
) => {
  if (entries.length === 0) return;
  await db.outboxEvent.createMany({
    data: entries.map(({ event, targets }) => ({
      id: event.id,
      name: event.name,
      event: event as unknown as Prisma.InputJsonObject,
      destination,
      targets,
    })),
    skipDuplicates: true,
  });
  await db.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, ${destination})`;
};

const rowOf = (row: Pick<OutboxEvent, "id" | "event" | "targets">): OutboxRow => ({
  id: row.id,
  event: row.event as unknown as OutboxPayload,
  targets: row.targets,
});

/**
 * Local runner: takes pending events whose functions this process knows (`known`; other processes of the
 * same database may run other function sets, e.g. test workers) and hands them over inside one transaction
 * with the marking. An event written without targets (no runner ran where it was sent) gets those that
 * `resolve` names for it, and is left to another process when they are not all known here. Rows another
 * dispatcher holds are skipped. Returns how many were handed over.
 */
export const dispatchWithinTransaction = async ({
  known,
  resolve,
  ids,
  limit = 200,
  handOver,
}: {
  known: readonly string[];
  resolve: (eventName: string) => string[];
  ids?: readonly string[];
  limit?: number;
  handOver: (rows: OutboxRow[], tx: Prisma.TransactionClient) => Promise<unknown>;
}): Promise<number> =>
  defaultDb.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<Pick<OutboxEvent, "id" | "event" | "targets">[]>`
      SELECT id, event, targets FROM event_outbox
      WHERE destination = 'local' AND sent_at IS NULL AND targets <@ ${[...known]}::text[]
        ${ids ? Prisma.sql`AND id = ANY(${[...ids]}::text[])` : Prisma.empty}
      ORDER BY created_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED`;
    const knownIds = new Set(known);
    const rows = locked
      .map(rowOf)
      .map((row) => (row.targets.length > 0 ? row : { ...row, targets: resolve(row.event.name) }))
      .filter((row) => row.targets.every((id) => knownIds.has(id)));
    if (rows.length === 0) return 0;
    await handOver(rows, tx);
    await tx.$executeRaw`UPDATE event_outbox SET sent_at = now(), attempts = attempts + 1 WHERE id = ANY(${rows.map((r) => r.id)}::text[])`;
    return rows.length;
  });

/** Inngest server: leases pending events for `leaseMs` (a crashed sender's lease runs out). */
export const leasePending = async ({
  ids,
  limit = 100,
  leaseMs = 30_000,
}: {
  ids?: readonly string[];
  limit?: number;
  leaseMs?: number;
}) => {
  const rows = await defaultDb.$queryRaw<Pick<OutboxEvent, "id" | "event" | "targets">[]>`
    UPDATE event_outbox SET locked_until = now() + (${leaseMs}::int * interval '1 millisecond'), attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM event_outbox
      WHERE destination = 'server' AND sent_at IS NULL AND (locked_until IS NULL OR locked_until < now())
        ${ids ? Prisma.sql`AND id = ANY(${[...ids]}::text[])` : Prisma.empty}
      ORDER BY created_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, event, targets`;
  return rows.map(rowOf).sort((a, b) => a.event.ts - b.event.ts);
};

export const markSent = (ids: readonly string[]) =>
  defaultDb.outboxEvent.updateMany({
    where: { id: { in: [...ids] } },
    data: { sentAt: new Date(), lockedUntil: null, lastError: null },
  });

/** A failed hand-over: kept pending, tried again after `retryInMs`. */
export const markFailed = (ids: readonly string[], error: string, retryInMs: number) =>
  defaultDb.outboxEvent.updateMany({
    where: { id: { in: [...ids] }, sentAt: null },
    data: { lastError: error.slice(0, 2000), lockedUntil: new Date(Date.now() + retryInMs) },
  });

/** Sent events are kept a day for inspection (their ids also deduplicate re-sends meanwhile). */
export const OUTBOX_RETENTION_MS = 24 * 60 * 60 * 1000;

export const purgeSentOutbox = async (now = new Date()) =>
  (await defaultDb.outboxEvent.deleteMany({ where: { sentAt: { lt: new Date(now.getTime() - OUTBOX_RETENTION_MS) } } }))
    .count;
