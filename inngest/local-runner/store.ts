import "server-only";
import { db, Prisma, type JobRun } from "@/lib/db/client";
import type { FunctionSpec } from "./config";
import type { StepEntry } from "./state";

// Postgres side of the runner. A run is executed by whoever holds its lease (locked_by, locked_until).
// Claims take candidate rows with FOR UPDATE SKIP LOCKED, so concurrent runners never claim the same run;
// every later write is fenced on locked_by, so a runner that lost its lease (it stalled past locked_until
// and another runner took over) cannot overwrite the new owner's progress. Lease times use the database
// clock (now() in UTC, matching the timestamp(3) columns); wake times use the runner's Clock.

export class LeaseLostError extends Error {
  override name = "LeaseLostError";
}

const DB_NOW = Prisma.sql`(now() AT TIME ZONE 'UTC')`;

type Candidate = { id: string; functionId: string; concurrencyKey: string | null };

export const claimRuns = async ({
  runnerId,
  specs,
  exclude,
  now,
  limit,
  leaseMs,
}: {
  runnerId: string;
  specs: ReadonlyMap<string, FunctionSpec>;
  exclude: readonly string[];
  now: Date;
  limit: number;
  leaseMs: number;
}): Promise<JobRun[]> => {
  if (limit <= 0 || specs.size === 0) return [];
  const limited = [...specs.values()].filter((s) => s.concurrency);
  const due = (t: string) => {
    const col = (name: string) => Prisma.raw(`${t}.${name}`);
    return Prisma.sql`
      ${col("status")} IN ('queued', 'running')
      AND ${col("wake_at")} <= (${now.toISOString()}::timestamptz AT TIME ZONE 'UTC')
      AND (${col("locked_until")} IS NULL OR ${col("locked_until")} < ${DB_NOW})
      AND ${col("function_id")} = ANY(${[...specs.keys()]}::text[])
      AND NOT (${col("id")} = ANY(${[...exclude]}::text[]))`;
  };
  const claimed = await db.$transaction(async (tx) => {
    // Due runs, oldest first, at most `limit` per concurrency group, so one group's backlog cannot
    // crowd the others out of the candidate window. Rows another runner is claiming are skipped.
    const candidates = await tx.$queryRaw<Candidate[]>`
      SELECT id, function_id AS "functionId", concurrency_key AS "concurrencyKey"
      FROM job_runs
      WHERE id IN (
        SELECT id FROM (
          SELECT r.id, r.wake_at, r.created_at, l.lim,
                 row_number() OVER (PARTITION BY r.function_id, r.concurrency_key ORDER BY r.wake_at, r.created_at, r.id) AS n
          FROM job_runs r
          LEFT JOIN unnest(${limited.map((s) => s.id)}::text[], ${limited.map((s) => s.concurrency!.limit)}::int[]) AS l(function_id, lim)
            ON l.function_id = r.function_id AND r.concurrency_key IS NOT NULL
          WHERE ${due("r")}
        ) ranked
        WHERE lim IS NULL OR n <= lim
        ORDER BY wake_at, created_at, id
        LIMIT ${limit * 4 + 16}
      ) AND ${due("job_runs")}
      ORDER BY wake_at, created_at, id
      FOR UPDATE SKIP LOCKED`;

    // Concurrency groups (function + key): serialise the "how many are running" check across runners
    // with transaction-scoped advisory locks, taken in a fixed order so two claimers cannot deadlock.
    const isLimited = (c: Candidate) => specs.get(c.functionId)?.concurrency && c.concurrencyKey !== null;
    const groups = [...new Set(candidates.filter(isLimited).map((c) => `${c.functionId}|${c.concurrencyKey}`))].sort();
    const slots = new Map<string, number>();
    for (const group of groups) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`jobs:${group}`}, 0))`;
      const sep = group.indexOf("|");
      const functionId = group.slice(0, sep);
      const [{ running }] = (await tx.$queryRaw<{ running: number }[]>`
        SELECT count(*)::int AS running FROM job_runs
        WHERE function_id = ${functionId} AND concurrency_key = ${group.slice(sep + 1)}
          AND status IN ('queued', 'running') AND locked_until >= ${DB_NOW}`) as [{ running: number }];
      slots.set(group, specs.get(functionId)!.concurrency!.limit - running);
    }

    const chosen: string[] = [];
    for (const c of candidates) {
      if (chosen.length >= limit) break;
      if (isLimited(c)) {
        const group = `${c.functionId}|${c.concurrencyKey}`;
        const free = slots.get(group) ?? 0;
        if (free <= 0) continue;
        slots.set(group, free - 1);
      }
      chosen.push(c.id);
    }
    if (chosen.length === 0) return [];
    await tx.$executeRaw`
      UPDATE job_runs
      SET locked_by = ${runnerId}, locked_until = ${DB_NOW} + (${leaseMs}::int * interval '1 millisecond'),
          status = 'running', updated_at = ${DB_NOW}
      WHERE id = ANY(${chosen}::text[])`;
    return chosen;
  });
  if (claimed.length === 0) return [];
  const rows = await db.jobRun.findMany({ where: { id: { in: claimed }, lockedBy: runnerId } });
  const order = new Map(claimed.map((id, i) => [id, i]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
};

/** Extends the leases this runner holds (heartbeat while runs execute). */
export const renewLeases = async (runnerId: string, ids: readonly string[], leaseMs: number) => {
  if (ids.length === 0) return;
  await db.$executeRaw`
    UPDATE job_runs SET locked_until = ${DB_NOW} + (${leaseMs}::int * interval '1 millisecond')
    WHERE id = ANY(${[...ids]}::text[]) AND locked_by = ${runnerId}`;
};

const fenced = async (runId: string, runnerId: string, data: Prisma.JobRunUpdateManyMutationInput) => {
  const { count } = await db.jobRun.updateMany({ where: { id: runId, lockedBy: runnerId }, data });
  if (count === 0) throw new LeaseLostError(`run ${runId} is no longer leased by ${runnerId}`);
};

const json = (steps: Record<string, StepEntry>) => steps as unknown as Prisma.InputJsonObject;

/** Progress while the run keeps executing (a step finished, a retry or sleep was scheduled). */
export const saveProgress = (
  runId: string,
  runnerId: string,
  { steps, attempt }: { steps: Record<string, StepEntry>; attempt: number },
) => fenced(runId, runnerId, { steps: json(steps), attempt });

/** Gives the run back until wakeAt (sleeping, backing off, or handed over when the runner stops). */
export const parkRun = (
  runId: string,
  runnerId: string,
  { steps, attempt, wakeAt }: { steps: Record<string, StepEntry>; attempt: number; wakeAt: Date },
) => fenced(runId, runnerId, { steps: json(steps), attempt, wakeAt, lockedBy: null, lockedUntil: null });

export const finishRun = (
  runId: string,
  runnerId: string,
  result: { steps: Record<string, StepEntry>; attempt: number; finishedAt: Date } & (
    { status: "completed"; output: unknown } | { status: "failed"; error: string }
  ),
) =>
  fenced(runId, runnerId, {
    steps: json(result.steps),
    attempt: result.attempt,
    status: result.status,
    finishedAt: result.finishedAt,
    lockedBy: null,
    lockedUntil: null,
    ...(result.status === "completed"
      ? {
          output:
            result.output === null || result.output === undefined
              ? Prisma.DbNull
              : (result.output as Prisma.InputJsonValue),
        }
      : { error: result.error }),
  });

/** Lets go of a run after an unexpected runner error; the progress saved so far stays. */
export const releaseRun = (runId: string, runnerId: string, wakeAt: Date) =>
  db.jobRun.updateMany({
    where: { id: runId, lockedBy: runnerId },
    data: { lockedBy: null, lockedUntil: null, wakeAt },
  });
