import "server-only";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { nextCronRun, type FunctionSpec } from "./config";
import { enqueueRun } from "./enqueue";

// Cron triggers. job_crons keeps the next due tick of every cron function, so a restart neither skips
// nor repeats one: a tick that came due while no runner was up runs once when one starts (several missed
// ticks coalesce into that one run, like a single late timer), and a tick is claimed with a
// compare-and-set on next_run_at in the same transaction that enqueues its run, so two runners (or a
// crash between the two writes) cannot run it twice.

export const SCHEDULED_TIMER_EVENT = "inngest/scheduled.timer";

type CronFunction = FunctionSpec & { cron: NonNullable<FunctionSpec["cron"]> };

const withCron = (specs: readonly FunctionSpec[]): CronFunction[] =>
  specs.filter((s): s is CronFunction => s.cron !== null);

/** Creates the schedule rows of new cron functions; a changed schedule restarts from its next tick. */
export const syncCrons = async (specs: readonly FunctionSpec[], now: Date) => {
  const crons = withCron(specs);
  if (crons.length === 0) return;
  await db.jobCron.createMany({
    data: crons.map((s) => ({ functionId: s.id, schedule: s.cron.schedule, nextRunAt: nextCronRun(s.cron, now) })),
    skipDuplicates: true,
  });
  const rows = await db.jobCron.findMany({ where: { functionId: { in: crons.map((s) => s.id) } } });
  for (const spec of crons) {
    const row = rows.find((r) => r.functionId === spec.id);
    if (row && row.schedule !== spec.cron.schedule) {
      await db.jobCron.updateMany({
        where: { functionId: spec.id, schedule: row.schedule },
        data: { schedule: spec.cron.schedule, nextRunAt: nextCronRun(spec.cron, now) },
      });
    }
  }
};

/** Enqueues one run for every cron whose tick is due; returns how many ticks were taken. */
export const enqueueDueCrons = async (specs: readonly FunctionSpec[], now: Date): Promise<number> => {
  const crons = withCron(specs);
  if (crons.length === 0) return 0;
  const due = await db.jobCron.findMany({
    where: { functionId: { in: crons.map((s) => s.id) }, nextRunAt: { lte: now } },
  });
  let taken = 0;
  for (const row of due) {
    const spec = crons.find((s) => s.id === row.functionId)!;
    if (row.schedule !== spec.cron.schedule) continue; // syncCrons resets it
    const next = nextCronRun(spec.cron, now);
    const tick = row.nextRunAt;
    const won = await db.$transaction(async (tx) => {
      const { count } = await tx.jobCron.updateMany({
        where: { functionId: spec.id, nextRunAt: tick },
        data: { nextRunAt: next },
      });
      if (count === 0) return false; // another runner took this tick
      const event = {
        id: `cron|${spec.id}|${tick.toISOString()}`,
        name: SCHEDULED_TIMER_EVENT,
        data: { cron: spec.cron.schedule },
        ts: tick.getTime(),
      };
      await enqueueRun(spec, event, { now, db: tx });
      return true;
    });
    if (won) {
      taken += 1;
      log.info("cron tick enqueued", { functionId: spec.id, tick: tick.toISOString(), nextRunAt: next.toISOString() });
    }
  }
  return taken;
};
