import "server-only";
import { createHash } from "node:crypto";
import { Middleware } from "inngest";
import { getAsyncCtx } from "inngest/experimental";
import { enqueueEvents, normalizeEvent, type EventInput, type JobsDb } from "./enqueue";
import { sendTargets, wakeRunners } from "./registry";

/**
 * Local-mode event sending: durable enqueue in Postgres, then wake the runners of this process (others
 * find the runs on their next poll). With `tx`, the runs commit or roll back with the caller's writes.
 * `seed` makes the generated event ids deterministic (see LocalSendMiddleware).
 */
export const enqueueLocally = async (
  events: readonly EventInput[],
  { tx, seed }: { tx?: JobsDb; seed?: string } = {},
): Promise<{ ids: string[] }> => {
  const { specs, clock } = await sendTargets();
  const now = clock.now();
  const normalized = events.map((event, i) =>
    normalizeEvent(!event.id && seed ? { ...event, id: createHash("sha256").update(`${seed}|${i}`).digest("hex").slice(0, 32) } : event, now),
  );
  await enqueueEvents(normalized, { specs, now, db: tx });
  wakeRunners();
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
