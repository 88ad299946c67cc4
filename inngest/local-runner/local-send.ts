import "server-only";
import { createHash } from "node:crypto";
import { Middleware } from "inngest";
import { getAsyncCtx } from "inngest/experimental";
import { writeOutbox, type OutboxDb } from "@/lib/jobs/outbox";
import { matchesEvent } from "./config";
import { normalizeEvent, type EventInput } from "./enqueue";
import { dispatchLocalOutbox } from "./outbox";
import { sendTargets, wakeRunners } from "./registry";

/**
 * Local-mode event sending through the outbox (lib/jobs/outbox.ts). Each event is written with the ids of
 * the functions it starts (those this process runs, or the app's). With `tx` it becomes visible, and its
 * runs are created, only when the caller's transaction commits; without, it is handed over at once.
 * `seed` makes the generated event ids deterministic (see LocalSendMiddleware).
 */
export const enqueueLocally = async (
  events: readonly EventInput[],
  { tx, seed }: { tx?: OutboxDb; seed?: string } = {},
): Promise<{ ids: string[] }> => {
  const { specs, clock } = await sendTargets();
  const now = clock.now();
  const normalized = events.map((event, i) =>
    normalizeEvent(
      !event.id && seed
        ? { ...event, id: createHash("sha256").update(`${seed}|${i}`).digest("hex").slice(0, 32) }
        : event,
      now,
    ),
  );
  const entries = normalized
    .map((event) => ({ event, targets: specs.filter((spec) => matchesEvent(spec, event.name)).map((spec) => spec.id) }))
    .filter((entry) => entry.targets.length > 0);
  await writeOutbox(entries, { destination: "local", db: tx });
  if (!tx) {
    await dispatchLocalOutbox({ ids: entries.map((e) => e.event.id) });
    wakeRunners();
  } // else the runners are woken by the NOTIFY delivered at commit (lib/jobs/outbox-listener.ts)
  return { ids: normalized.map((e) => e.id) };
};

/**
 * Installed on the Inngest client in local mode only. Every send through the SDK (`inngest.send()` and
 * `step.sendEvent()`) ends here instead of POSTing to an Inngest event API. Inside a step the event ids
 * are derived from the run and the step, so a step re-executed after a crash (between its send and the
 * memoisation of its result) enqueues the same runs again, which the run ids turn into no-ops.
 */
export class LocalSendMiddleware extends Middleware.BaseMiddleware {
  readonly id = "social-publisher:local-send";

  override async wrapSendEvent({ events }: Middleware.WrapSendEventArgs) {
    const execution = (await getAsyncCtx())?.execution;
    const stepId = execution?.executingStep?.hashedId;
    const seed = stepId && execution.ctx.runId ? `${execution.ctx.runId}|${stepId}` : undefined;
    return enqueueLocally(events as readonly EventInput[], { seed });
  }
}
