import "server-only";
import { hostname } from "node:os";
import type { InngestFunction } from "inngest";
import { inngest } from "@/inngest/client";
import { functions as appFunctions } from "@/inngest/functions";
import type { JobRun } from "@/lib/db/client";
import { randomBase58 } from "@/lib/ids";
import { isDatabaseUnreachable } from "@/lib/db/unreachable";
import { log } from "@/lib/log";
import { systemClock, type Clock } from "./clock";
import { compileFunctions, type FunctionSpec } from "./config";
import { enqueueDueCrons, syncCrons } from "./cron";
import { processRun, type RunContext } from "./execute";
import { createExecutor } from "./protocol";
import { registerRunner, unregisterRunner } from "./registry";
import { claimRuns, LeaseLostError, releaseRun, renewLeases } from "./store";
import { listenToOutbox } from "@/lib/jobs/outbox-listener";
import { recordClaimPoll, recordCronTick, runnerStarted, runnerStopped } from "@/lib/jobs/runner-health";
import { dispatchLocalOutbox } from "./outbox";

export type LocalRunnerOptions = {
  /** Functions to run; default: the app's (inngest/functions). */
  functions?: readonly InngestFunction.Any[];
  /** Business time for sleeps, retries and crons; tests pass a ManualClock. Default: the system clock. */
  clock?: Clock;
  /** Poll period of the background loop (sends in this process also wake it at once). 0: no loop; the
   * caller drives the runner with tick() / drain() (tests). Default 300 ms. After a failed tick the loop
   * waits twice as long each time, up to maxBackoffMs. */
  pollIntervalMs?: number;
  /** The longest wait between ticks that keep failing (the database is down). Default 5 s. */
  maxBackoffMs?: number;
  /** How long a claimed run stays ours without a heartbeat (renewed every third of it). Default 60 s. */
  leaseMs?: number;
  /** Runs executed at the same time by this runner. Default 8. */
  maxConcurrentRuns?: number;
  /** Delay before retry attempt n (n >= 1) when the error has no retry-after. Default exponentialBackoff(). */
  backoff?: (attempt: number) => number;
  /** Lease owner name; default host:pid:random. */
  id?: string;
};

export type LocalRunner = {
  readonly id: string;
  readonly clock: Clock;
  readonly functionIds: readonly string[];
  /** Hands committed outbox events over, enqueues due cron ticks, then claims and starts due runs
   * (without waiting for them). */
  tick(): Promise<number>;
  /** Ticks and waits until nothing is due at clock.now() and nothing is executing. */
  drain(): Promise<void>;
  /** Asks the background loop for an immediate tick. */
  wake(): void;
  /** Stops claiming; running runs park at their next step boundary; resolves when they have. */
  stop(): Promise<void>;
};

/** 10 s, 20 s, 40 s, … capped at 1 h. */
export const exponentialBackoff =
  ({ baseMs = 10_000, maxMs = 60 * 60_000 } = {}) =>
  (attempt: number) =>
    Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));

/**
 * Starts the durable local runner (INNGEST_MODE=local). Throws a LocalRunnerConfigError naming every
 * function option or trigger it does not implement, before touching the database.
 */
export const startLocalRunner = async (options: LocalRunnerOptions = {}): Promise<LocalRunner> => {
  const specs = compileFunctions(options.functions ?? appFunctions, { client: inngest });
  const runner = new Runner(specs, options);
  await runner.start();
  return runner;
};

class Runner implements LocalRunner {
  readonly id: string;
  readonly clock: Clock;
  readonly functionIds: readonly string[];
  private readonly byId: Map<string, FunctionSpec>;
  private readonly pollIntervalMs: number;
  private readonly maxBackoffMs: number;
  private readonly leaseMs: number;
  private readonly maxConcurrentRuns: number;
  private readonly context: RunContext;
  private readonly inFlight = new Map<string, Promise<void>>();
  private ticking: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private outboxListener: { close: () => Promise<void> } | undefined;
  private loopRunning = false;
  private wakePending = false;
  private stopping = false;
  private failedTicks = 0; // in a row
  private databaseLost = false;

  constructor(
    readonly specs: readonly FunctionSpec[],
    options: LocalRunnerOptions,
  ) {
    this.id = options.id ?? `${hostname()}:${process.pid}:${randomBase58(6)}`;
    this.clock = options.clock ?? systemClock;
    this.functionIds = specs.map((s) => s.id);
    this.byId = new Map(specs.map((s) => [s.id, s]));
    this.pollIntervalMs = options.pollIntervalMs ?? 300;
    this.maxBackoffMs = Math.max(this.pollIntervalMs, options.maxBackoffMs ?? 5_000);
    this.leaseMs = options.leaseMs ?? 60_000;
    this.maxConcurrentRuns = options.maxConcurrentRuns ?? 8;
    this.context = {
      runnerId: this.id,
      clock: this.clock,
      execute: createExecutor(
        specs.map((s) => s.fn),
        inngest,
      ),
      backoff: options.backoff ?? exponentialBackoff(),
      isStopping: () => this.stopping,
    };
  }

  async start() {
    await syncCrons(this.specs, this.clock.now());
    registerRunner(this);
    runnerStarted(this.id);
    this.heartbeat = setInterval(
      () => {
        renewLeases(this.id, [...this.inFlight.keys()], this.leaseMs).catch((err: unknown) =>
          log.warn("job runner heartbeat failed", { runnerId: this.id, error: String(err) }),
        );
      },
      Math.max(100, Math.floor(this.leaseMs / 3)),
    );
    this.heartbeat.unref();
    if (this.pollIntervalMs > 0) {
      // Events committed by any process of this database wake the loop at once (NOTIFY at commit).
      this.outboxListener = listenToOutbox((destination) => destination !== "server" && this.wake());
      this.schedule(0);
    }
    log.info("local job runner started", {
      runnerId: this.id,
      functions: this.functionIds,
      pollIntervalMs: this.pollIntervalMs,
    });
  }

  tick(): Promise<number> {
    const next = this.ticking.then(() => this.tickOnce());
    this.ticking = next.catch(() => undefined);
    return next;
  }

  private async tickOnce(): Promise<number> {
    if (this.stopping) return 0;
    await dispatchLocalOutbox();
    const now = this.clock.now();
    await enqueueDueCrons(this.specs, now);
    recordCronTick(); // readiness (lib/jobs/runner-health.ts)
    const runs = await claimRuns({
      runnerId: this.id,
      specs: this.byId,
      exclude: [...this.inFlight.keys()],
      now,
      limit: this.maxConcurrentRuns - this.inFlight.size,
      leaseMs: this.leaseMs,
    });
    recordClaimPoll();
    for (const run of runs) this.launch(run);
    return runs.length;
  }

  private launch(run: JobRun) {
    const spec = this.byId.get(run.functionId)!;
    const done = processRun(this.context, spec, run)
      .then(() => undefined)
      .catch((err: unknown) => this.onRunError(run, err))
      .finally(() => {
        this.inFlight.delete(run.id);
        this.wake();
      });
    this.inFlight.set(run.id, done);
  }

  private async onRunError(run: JobRun, err: unknown) {
    const fields = {
      runId: run.id,
      functionId: run.functionId,
      runnerId: this.id,
      error: err instanceof Error ? err.message : String(err),
    };
    if (err instanceof LeaseLostError) {
      log.warn("job run lease lost; another runner owns it now", fields);
      return;
    }
    log.error("job runner error; the run is retried shortly", fields);
    const wakeAt = new Date(this.clock.now().getTime() + 5_000);
    // While the database is away (restarting) the release is tried again, so the run resumes soon after it
    // is back; past the lease, or when stopping, the lease expires on its own.
    const until = Date.now() + this.leaseMs;
    for (let pauseMs = 250; ; pauseMs = Math.min(pauseMs * 2, this.maxBackoffMs)) {
      try {
        return void (await releaseRun(run.id, this.id, wakeAt));
      } catch (releaseError) {
        if (!isDatabaseUnreachable(releaseError) || this.stopping || Date.now() + pauseMs > until) return;
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  async drain() {
    for (let round = 0; round < 10_000; round++) {
      const claimed = await this.tick();
      if (claimed === 0 && this.inFlight.size === 0) return;
      await Promise.all([...this.inFlight.values()]);
    }
    throw new Error("drain(): runs kept coming due after 10000 rounds");
  }

  wake() {
    if (this.pollIntervalMs <= 0 || this.stopping) return;
    if (this.loopRunning) this.wakePending = true;
    else this.schedule(0);
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), delayMs);
  }

  // While the database cannot be reached (stopped, restarting), the loop backs off and says so once, and
  // once more when it is back; other failures are logged each time.
  private async loop() {
    this.timer = undefined;
    this.loopRunning = true;
    try {
      await this.tick();
      if (this.databaseLost)
        log.info("job runner reached the database again", { runnerId: this.id, failedTicks: this.failedTicks });
      this.failedTicks = 0;
      this.databaseLost = false;
    } catch (err) {
      this.failedTicks++;
      const fields = { runnerId: this.id, error: err instanceof Error ? err.message : String(err) };
      if (!isDatabaseUnreachable(err)) log.error("job runner tick failed", fields);
      else if (!this.databaseLost) {
        this.databaseLost = true;
        log.error("job runner lost the database; retrying with backoff until it is back", fields);
      }
    } finally {
      this.loopRunning = false;
      if (!this.stopping) {
        const backoff = Math.min(this.maxBackoffMs, this.pollIntervalMs * 2 ** this.failedTicks);
        this.schedule(this.failedTicks > 0 ? backoff : this.wakePending ? 0 : this.pollIntervalMs);
        this.wakePending = false;
      }
    }
  }

  async stop() {
    this.stopping = true;
    runnerStopped(this.id);
    if (this.timer) clearTimeout(this.timer);
    await this.outboxListener?.close();
    await this.ticking;
    await Promise.all([...this.inFlight.values()]);
    if (this.heartbeat) clearInterval(this.heartbeat);
    unregisterRunner(this);
    log.info("local job runner stopped", { runnerId: this.id });
  }
}
