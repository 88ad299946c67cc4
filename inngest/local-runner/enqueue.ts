import "server-only";
import { db as defaultDb, type Prisma } from "@/lib/db/client";
import { idFromSeed } from "@/lib/ids";
import type { OutboxPayload } from "@/lib/jobs/outbox";
import { concurrencyKeyFor, type FunctionSpec } from "./config";

// The durable half of "send an event" in local mode: one job_runs row per (event, target function),
// written when the outbox hands the event over (inngest/local-runner/outbox.ts). Run ids derive from the
// event id, so sending the same event id twice (a retried request, a re-executed step.sendEvent) starts
// nothing new, like Inngest's event-id idempotency.

// The event as the outbox stores it; normalizeEvent (ids, default time) lives with the outbox.
export type JobEvent = OutboxPayload;
export { normalizeEvent, type EventInput } from "@/lib/jobs/outbox";
export type JobsDb = Pick<Prisma.TransactionClient, "jobRun">;

export const runIdFor = (eventId: string, functionId: string) => idFromSeed("jobRun", `${eventId}|${functionId}`);

const runRow = (spec: FunctionSpec, event: JobEvent, now: Date): Prisma.JobRunCreateManyInput => ({
  id: runIdFor(event.id, spec.id),
  functionId: spec.id,
  event: event as unknown as Prisma.InputJsonObject,
  status: "queued",
  attempt: 0,
  maxAttempts: spec.maxAttempts,
  wakeAt: now,
  concurrencyKey: concurrencyKeyFor(spec, event.data),
});

/** Creates the runs of outbox events for their target functions; returns how many were new. */
export const enqueueForTargets = async (
  entries: readonly { event: JobEvent; targets: readonly string[] }[],
  { specs, now, db = defaultDb }: { specs: ReadonlyMap<string, FunctionSpec>; now: Date; db?: JobsDb },
): Promise<number> => {
  const rows = entries.flatMap(({ event, targets }) =>
    targets.flatMap((id) => {
      const spec = specs.get(id);
      return spec ? [runRow(spec, event, now)] : [];
    }),
  );
  if (rows.length === 0) return 0;
  const { count } = await db.jobRun.createMany({ data: rows, skipDuplicates: true });
  return count;
};

/** One run of one function (cron ticks: the timer event goes to its own function only). */
export const enqueueRun = async (
  spec: FunctionSpec,
  event: JobEvent,
  { now, db = defaultDb }: { now: Date; db?: JobsDb },
) => {
  const { count } = await db.jobRun.createMany({ data: [runRow(spec, event, now)], skipDuplicates: true });
  return count;
};
