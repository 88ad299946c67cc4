import "server-only";
import type { OutboxDestination } from "@/lib/db/client";

// Where the senders of this process (lib/jobs/send.ts) meet the code that hands outbox events to a runner,
// without importing it: the local runner (inngest/local-runner) and the server relay (inngest/outbox-relay.ts)
// subscribe here, and the senders only ask what has subscribed. Kept on globalThis: Next.js may load this
// module more than once in one server process (instrumentation and route handlers are bundled separately),
// and a send from a route handler must still reach the runner that instrumentation started.
//
// - A local runner announces, while it runs, which of its functions an event starts and its clock: a send
//   in that process writes those targets (so runners of other processes with other function sets, e.g.
//   test workers on one database, leave the event to it). With no runner in the process the event is
//   written without targets, and the dispatcher that takes it resolves them to the app's functions.
// - A dispatcher hands committed events over: a send without a transaction asks the one of its destination
//   to do so at once; events written in a transaction reach it through NOTIFY at commit
//   (lib/jobs/outbox-listener.ts), or its poll.

/** What a running local runner tells the senders of its process. */
export type LocalTargets = {
  /** The ids of its functions that `eventName` starts. */
  targetsFor(eventName: string): readonly string[];
  /** Its business time (tests run runners on a manual clock). */
  now(): Date;
};

/** Hands the committed outbox events `ids` of one destination to its runner. */
export type Dispatch = (ids: readonly string[]) => Promise<unknown>;

const KEY = Symbol.for("social-publisher.outbox-dispatchers");
const state = ((globalThis as Record<symbol, unknown>)[KEY] ??= {
  runners: new Set<LocalTargets>(),
  dispatch: new Map<OutboxDestination, Dispatch>(),
}) as { runners: Set<LocalTargets>; dispatch: Map<OutboxDestination, Dispatch> };

/** Announces a started local runner; returns its withdrawal. */
export const announceLocalRunner = (runner: LocalTargets): (() => void) => {
  state.runners.add(runner);
  return () => void state.runners.delete(runner);
};

/**
 * The functions an event starts on the local runners of this process, and their clock; `targetsFor` is
 * null when none runs here (the dispatcher then resolves the targets).
 */
export const localRunnersHere = (): { targetsFor: ((eventName: string) => string[]) | null; now: () => Date } => {
  const runners = [...state.runners];
  if (runners.length === 0) return { targetsFor: null, now: () => new Date() };
  return {
    targetsFor: (eventName) => [...new Set(runners.flatMap((runner) => runner.targetsFor(eventName)))],
    now: () => runners[0]!.now(),
  };
};

/** Subscribes the dispatcher of a destination (a later one of the same destination replaces it). */
export const subscribeDispatcher = (destination: OutboxDestination, dispatch: Dispatch) =>
  void state.dispatch.set(destination, dispatch);

/** Asks this process's dispatcher of `destination`, if any, to hand `ids` over now. */
export const dispatchNow = async (destination: OutboxDestination, ids: readonly string[]) => {
  if (ids.length > 0) await state.dispatch.get(destination)?.(ids);
};
