// What the durable local runner (inngest/local-runner/runner.ts) reports about itself, for readiness
// (lib/services/health/readiness.ts): whether a runner is running in this process, when it last finished a
// claim poll, and when it last finished a pass over the cron schedule (job_crons; every tick makes one). The
// runner writes, the health service reads: lib/ does not import inngest/. Readiness is per process, so this is
// process memory, kept on globalThis because Next.js may load this module more than once in one process
// (instrumentation and route handlers are bundled separately). Times are wall-clock (a runner on a test's
// ManualClock still reports when it really polled).

type RunnerHealthState = { running: Set<string>; lastClaimAt: Date | null; lastCronTickAt: Date | null };

const KEY = Symbol.for("social-publisher.job-runner-health");
const state = ((globalThis as Record<symbol, unknown>)[KEY] ??= {
  running: new Set<string>(),
  lastClaimAt: null,
  lastCronTickAt: null,
}) as RunnerHealthState;

export const runnerStarted = (runnerId: string) => void state.running.add(runnerId);
export const runnerStopped = (runnerId: string) => void state.running.delete(runnerId);
export const recordCronTick = (at: Date = new Date()) => void (state.lastCronTickAt = at);
export const recordClaimPoll = (at: Date = new Date()) => void (state.lastClaimAt = at);

export type RunnerHealth = { running: number; lastClaimAt: Date | null; lastCronTickAt: Date | null };

export const runnerHealth = (): RunnerHealth => ({
  running: state.running.size,
  lastClaimAt: state.lastClaimAt,
  lastCronTickAt: state.lastCronTickAt,
});
