import "server-only";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { db as appDb, type PrismaClient } from "@/lib/db/client";
import { isDatabaseUnreachable } from "@/lib/db/unreachable";
import { jobsMode, readinessMaxAges, type JobsMode } from "@/lib/env";
import { probeInngestServer } from "@/lib/jobs/inngest-server-probe";
import { runnerHealth } from "@/lib/jobs/runner-health";

// GET /readyz (app/readyz/route.ts): whether this process can do its work. Public and unauthenticated, so
// cheap and discreet: one `SELECT 1` and one read of `_prisma_migrations` at most per second however many
// requests come (a result is reused for a second, and concurrent requests share one check in flight), and
// the body names each check with ok and a short reason, never a host, error text or migration name.

export type Check = { ok: boolean; reason?: string };
export type JobRunnerCheck = Check & {
  mode: JobsMode;
  last_claim_at?: string | null;
  last_cron_tick_at?: string | null;
};
export type Readiness = {
  status: "ok" | "failing";
  checks: { database: Check; migrations: Check; job_runner: JobRunnerCheck };
};

export type ReadinessOptions = {
  /** Default: the app's client (DATABASE_URL). */
  db?: PrismaClient;
  /** Default: prisma/migrations under the working directory (`npm start` and `next start` run in the repository). */
  migrationsDir?: string;
  mode?: JobsMode;
  maxAges?: { claimMs: number; cronMs: number };
};

const REUSE_MS = 1_000;
const DB_TIMEOUT_MS = 2_000;

// One cached outcome per key: reused for REUSE_MS, or for good when `keep` says so (applied migrations stay
// applied while the process runs).
type Cached<T> = { at: number; value: Promise<T> };
const cached = <T>(
  cache: Map<unknown, Cached<T>>,
  key: unknown,
  now: number,
  compute: () => Promise<T>,
  keep: (value: T) => boolean = () => false,
): Promise<T> => {
  const hit = cache.get(key);
  if (hit && now - hit.at < REUSE_MS) return hit.value;
  const value = compute();
  cache.set(key, { at: now, value });
  void value.then((v) => keep(v) && cache.set(key, { at: Infinity, value }));
  return value;
};

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new TimeoutError()), ms).unref())]);
class TimeoutError extends Error {}

const failure = (error: unknown): Check => ({
  ok: false,
  reason:
    error instanceof TimeoutError
      ? "no answer in time"
      : isDatabaseUnreachable(error)
        ? "database unreachable"
        : "query failed",
});

const databaseChecks = new Map<unknown, Cached<Check>>();
const checkDatabase = (client: PrismaClient, now: number) =>
  cached(databaseChecks, client, now, () =>
    withTimeout(client.$queryRaw`SELECT 1`, DB_TIMEOUT_MS).then(() => ({ ok: true }), failure),
  );

const migrationChecks = new Map<PrismaClient, Map<unknown, Cached<Check>>>();
const checkMigrations = (client: PrismaClient, dir: string, now: number) =>
  cached(
    migrationChecks.get(client) ?? migrationChecks.set(client, new Map()).get(client)!,
    dir,
    now,
    async () => {
      let local: string[];
      try {
        const entries = await readdir(dir, { withFileTypes: true });
        local = entries.filter((e) => e.isDirectory()).map((e) => e.name);
      } catch {
        return { ok: false, reason: "migrations folder unreadable" };
      }
      let rows: { migration_name: string }[];
      try {
        rows = await withTimeout(
          client.$queryRaw<{ migration_name: string }[]>`
            SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
          DB_TIMEOUT_MS,
        );
      } catch (error) {
        return failure(error); // also when _prisma_migrations does not exist
      }
      const applied = new Set(rows.map((r) => r.migration_name));
      const pending = local.filter((name) => !applied.has(name)).length;
      return pending === 0 ? { ok: true } : { ok: false, reason: `${pending} migration(s) not applied` };
    },
    (check) => check.ok,
  );

const iso = (date: Date | null) => date?.toISOString() ?? null;
const ageSeconds = (date: Date, now: number) => Math.round((now - date.getTime()) / 1000);

const checkLocalRunner = (now: number, maxAges: { claimMs: number; cronMs: number }): JobRunnerCheck => {
  const health = runnerHealth();
  const times = { last_claim_at: iso(health.lastClaimAt), last_cron_tick_at: iso(health.lastCronTickAt) };
  const result = (reason?: string): JobRunnerCheck => ({
    ok: !reason,
    mode: "local",
    ...times,
    ...(reason && { reason }),
  });
  if (health.running === 0) return result("job runner not running");
  if (!health.lastClaimAt) return result("no claim poll yet");
  if (now - health.lastClaimAt.getTime() > maxAges.claimMs)
    return result(`last claim poll ${ageSeconds(health.lastClaimAt, now)} s ago`);
  if (!health.lastCronTickAt) return result("no cron tick yet");
  if (now - health.lastCronTickAt.getTime() > maxAges.cronMs)
    return result(`last cron tick ${ageSeconds(health.lastCronTickAt, now)} s ago`);
  return result();
};

const serverProbes = new Map<unknown, Cached<Check>>();
const checkInngestServer = (now: number) =>
  cached(serverProbes, "server", now, () => probeInngestServer()).then((probe): JobRunnerCheck => ({
    ...probe,
    mode: "server",
  }));

export const checkReadiness = async (options: ReadinessOptions = {}): Promise<Readiness> => {
  const client = options.db ?? appDb;
  const now = Date.now();
  const mode = options.mode ?? jobsMode();
  const dir = options.migrationsDir ?? path.join(process.cwd(), "prisma", "migrations");
  const [database, migrations, job_runner] = await Promise.all([
    checkDatabase(client, now),
    checkMigrations(client, dir, now),
    mode === "server" ? checkInngestServer(now) : checkLocalRunner(now, options.maxAges ?? readinessMaxAges()),
  ]);
  const ok = database.ok && migrations.ok && job_runner.ok;
  return { status: ok ? "ok" : "failing", checks: { database, migrations, job_runner } };
};

/** GET /readyz: 200 when every check passes, else 503; never cached. */
export const readinessResponse = async (options?: ReadinessOptions): Promise<Response> => {
  const readiness = await checkReadiness(options);
  return Response.json(readiness, {
    status: readiness.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
};

/** GET /healthz: the process is alive and answering. */
export const livenessResponse = (): Response =>
  Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
