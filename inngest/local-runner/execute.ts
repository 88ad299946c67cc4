import "server-only";
import type { JobRun } from "@/lib/db/client";
import { log } from "@/lib/log";
import { sleepWakeAt, type Clock } from "./clock";
import type { FunctionSpec } from "./config";
import type { JobEvent } from "./enqueue";
import { OP, RUN_COMPLETE_ID, retryAfterMs, unsupportedMessage, unsupportedOp } from "./ops";
import { describeError, type Executor, type ExecutorResponse, type OutgoingOp } from "./protocol";
import { RunState } from "./state";
import { finishRun, parkRun, saveProgress } from "./store";

// Drives one leased run through the SDK until it parks (sleep, backoff, runner stopping), completes or
// fails. It plays the Inngest executor: memoise StepRun/StepFailed results, run StepPlanned steps by id
// (concurrently: they are parallel steps), record Sleep ops, retry StepError and function errors with
// backoff (retry-after wins), and re-discover after every bit of progress.

export type RunContext = {
  runnerId: string;
  clock: Clock;
  execute: Executor;
  /** Delay before attempt n (n >= 1) when the error gave no retry-after. */
  backoff: (attempt: number) => number;
  isStopping: () => boolean;
};

export type RunOutcome = "parked" | "completed" | "failed";

type Terminal = { status: "completed"; output: unknown } | { status: "failed"; error: string };

// Requests in one lease before the run is parked (wake now) so other runs get their turn.
const MAX_ROUNDS_PER_CLAIM = 500;

export const processRun = async (ctx: RunContext, spec: FunctionSpec, run: JobRun): Promise<RunOutcome> => {
  const event = run.event as unknown as JobEvent;
  const state = new RunState(run.steps);
  const fields = { runId: run.id, functionId: spec.id };
  let attempt = run.attempt; // attempt of the next discovery request (function-level errors)
  let writes: Promise<void> = Promise.resolve();

  const save = () => {
    const snapshot = { steps: state.toJson(), attempt };
    writes = writes.then(() => saveProgress(run.id, ctx.runnerId, snapshot));
    return writes;
  };

  const request = (stepId: string | undefined, requestAttempt: number) =>
    ctx.execute({
      functionId: spec.id,
      stepId,
      runId: run.id,
      event,
      attempt: requestAttempt,
      maxAttempts: run.maxAttempts,
      steps: state.memo(),
      stack: state.stack(),
      // While a failed step waits for its retry, the SDK must not run it early during discovery.
      disableImmediateExecution: state.hasPendingRetries(),
    });

  const scheduleStepRetry = (op: OutgoingOp, nextAttempt: number, retryAfter: string | undefined) => {
    if (nextAttempt >= run.maxAttempts) {
      state.finish(op.id, { error: op.error ?? { name: "Error", message: "step failed" } });
      return;
    }
    const now = ctx.clock.now();
    const at = new Date(now.getTime() + (retryAfterMs(retryAfter, now) ?? ctx.backoff(nextAttempt)));
    state.retry(op.id, nextAttempt, at);
    log.warn("job step failed; retrying", {
      ...fields,
      step: op.userland?.id ?? op.id,
      attempt: nextAttempt,
      retryAt: at.toISOString(),
      error: describeError(op.error),
    });
  };

  // Applies the ops of one response. `requestAttempt` is the attempt the request carried (a StepError's
  // next attempt is one more). Returns the steps the SDK planned, or how the run ended.
  const applyOps = (
    ops: OutgoingOp[],
    requestAttempt: number,
    retryAfter: string | undefined,
  ): { planned: string[]; terminal?: Terminal } => {
    const planned: string[] = [];
    for (const op of ops) {
      const unsupported = unsupportedOp(op);
      if (unsupported)
        return { planned, terminal: { status: "failed", error: unsupportedMessage(spec.id, op, unsupported) } };
      if (op.id === RUN_COMPLETE_ID && (op.op === OP.StepError || op.op === OP.StepFailed)) {
        return { planned, terminal: { status: "failed", error: describeError(op.error) } };
      }
      switch (op.op) {
        case OP.StepRun:
          state.finish(op.id, { data: op.data ?? null });
          attempt = 0;
          break;
        case OP.StepFailed:
          state.finish(op.id, { error: op.error });
          attempt = 0;
          break;
        case OP.StepError:
          scheduleStepRetry(op, requestAttempt + 1, retryAfter);
          break;
        case OP.StepPlanned:
          if (!state.isFinished(op.id) && !state.pendingRetry(op.id) && !planned.includes(op.id)) planned.push(op.id);
          break;
        case OP.Sleep:
          state.sleep(op.id, sleepWakeAt(op.name ?? "", ctx.clock.now()));
          break;
        case OP.RunComplete:
          return { planned, terminal: { status: "completed", output: op.data ?? null } };
      }
    }
    return { planned };
  };

  // Runs one planned step by its hashed id (stepId=<id>), as the executor does for parallel steps.
  const runPlannedStep = async (stepId: string, stepAttempt: number): Promise<Terminal | undefined> => {
    const res = await request(stepId, stepAttempt);
    if (res.kind === "done") return { status: "completed", output: res.output };
    if (res.kind === "ops") {
      const { planned, terminal } = applyOps(res.ops, stepAttempt, res.retryAfter);
      return (
        terminal ??
        (planned.length ? { status: "failed", error: `SDK planned new steps while running step ${stepId}` } : undefined)
      );
    }
    if (res.noRetry) return { status: "failed", error: describeError(res.error) };
    // 500 without ops: the function threw before reaching the step, or the SDK could not find it.
    scheduleStepRetry({ id: stepId, op: OP.StepError, error: res.error }, stepAttempt + 1, res.retryAfter);
    return undefined;
  };

  const finish = async (terminal: Terminal) => {
    await writes;
    await finishRun(run.id, ctx.runnerId, { ...terminal, steps: state.toJson(), attempt, finishedAt: ctx.clock.now() });
    if (terminal.status === "completed") log.info("job run completed", fields);
    else log.error("job run failed", { ...fields, error: terminal.error });
    return terminal.status;
  };

  const park = async (wakeAt: Date): Promise<RunOutcome> => {
    await writes;
    await parkRun(run.id, ctx.runnerId, { steps: state.toJson(), attempt, wakeAt });
    log.debug("job run parked", { ...fields, wakeAt: wakeAt.toISOString() });
    return "parked";
  };

  const functionError = async (res: Extract<ExecutorResponse, { kind: "error" }>): Promise<RunOutcome> => {
    if (res.noRetry || attempt + 1 >= run.maxAttempts)
      return finish({ status: "failed", error: describeError(res.error) });
    attempt += 1;
    const now = ctx.clock.now();
    const wakeAt = new Date(now.getTime() + (retryAfterMs(res.retryAfter, now) ?? ctx.backoff(attempt)));
    log.warn("job run failed; retrying", {
      ...fields,
      attempt,
      retryAt: wakeAt.toISOString(),
      error: describeError(res.error),
    });
    return park(wakeAt);
  };

  let discover = true;
  for (let round = 0; round < MAX_ROUNDS_PER_CLAIM; round++) {
    if (ctx.isStopping()) return park(ctx.clock.now()); // hand the run over without waiting for a lease to expire
    const now = ctx.clock.now();
    if (state.endDueSleeps(now).length > 0) discover = true;

    const due = state.dueRetries(now);
    if (due.length > 0) {
      const terminal = (await Promise.all(due.map((d) => runPlannedStep(d.id, d.attempt)))).find(Boolean);
      if (terminal) return finish(terminal);
      await save();
      discover = true;
      continue;
    }
    if (!discover) {
      const wakeAt = state.nextWake();
      if (wakeAt) return park(wakeAt);
      // nothing pending and nothing to discover cannot last: ask the SDK again (below)
    }

    discover = false;
    const res = await request(undefined, attempt);
    if (res.kind === "done") return finish({ status: "completed", output: res.output });
    if (res.kind === "error") return functionError(res);
    const before = state.stack().length;
    const { planned, terminal } = applyOps(res.ops, attempt, res.retryAfter);
    if (terminal) return finish(terminal);
    if (planned.length > 0) {
      const plannedTerminal = (await Promise.all(planned.map((id) => runPlannedStep(id, 0)))).find(Boolean);
      if (plannedTerminal) return finish(plannedTerminal);
    }
    // Progress (a step finished) may reveal new steps; sleeps and scheduled retries alone wait for their time.
    if (planned.length > 0 || state.stack().length > before) discover = true;
    await save();
  }
  return park(ctx.clock.now());
};
