import "server-only";
import { announceLocalRunner } from "@/lib/jobs/dispatchers";
import { systemClock, type Clock } from "./clock";
import { compileFunctions, matchesEvent, type FunctionSpec } from "./config";

// Process-wide state of the local runner, kept on globalThis: Next.js may load this module more than once
// in one server process (instrumentation and route handlers are bundled separately), and a send from a
// route handler must still wake the runner that instrumentation started. A registered runner is also
// announced to the senders of the process (lib/jobs/dispatchers.ts), which write the targets it declares.

export type RegisteredRunner = { id: string; specs: readonly FunctionSpec[]; clock: Clock; wake(): void };

const KEY = Symbol.for("social-publisher.local-job-runner");
const state = ((globalThis as Record<symbol, unknown>)[KEY] ??= { runners: new Map() }) as {
  runners: Map<RegisteredRunner, () => void>;
};

export const registerRunner = (runner: RegisteredRunner) => {
  if (state.runners.has(runner)) return;
  const withdraw = announceLocalRunner({
    targetsFor: (name) => runner.specs.filter((spec) => matchesEvent(spec, name)).map((spec) => spec.id),
    now: () => runner.clock.now(),
  });
  state.runners.set(runner, withdraw);
};
export const unregisterRunner = (runner: RegisteredRunner) => {
  state.runners.get(runner)?.();
  state.runners.delete(runner);
};
export const activeRunners = (): RegisteredRunner[] => [...state.runners.keys()];

export const wakeRunners = () => {
  for (const runner of state.runners.keys()) runner.wake();
};

let appSpecs: Promise<FunctionSpec[]> | undefined;

/** The app's own functions (inngest/functions), compiled once. */
export const loadAppSpecs = () =>
  (appSpecs ??= (async () => {
    const [{ functions }, { inngest }] = await Promise.all([import("@/inngest/functions"), import("@/inngest/client")]);
    return compileFunctions(functions, { client: inngest });
  })());

/**
 * Which functions a local send starts, and on which clock: those of the runners running in this process
 * (tests start runners with their own functions and clocks), otherwise the app's functions (scripts, CLI,
 * a request served while the runner lives in another process).
 */
export const sendTargets = async (): Promise<{ specs: readonly FunctionSpec[]; clock: Clock }> => {
  const runners = activeRunners();
  if (runners.length === 0) return { specs: await loadAppSpecs(), clock: systemClock };
  const byId = new Map<string, FunctionSpec>();
  for (const runner of runners) for (const spec of runner.specs) if (!byId.has(spec.id)) byId.set(spec.id, spec);
  return { specs: [...byId.values()], clock: runners[0]!.clock };
};
