import "server-only";
import { Middleware } from "inngest";
import { getAsyncCtx } from "inngest/experimental";
import type { EventInput, OutboxDb } from "@/lib/jobs/outbox";
import { writeEvents } from "@/lib/jobs/send";
import { dispatchLocalOutbox } from "./outbox";
import { wakeRunners } from "./registry";

/**
 * Local-mode event sending through the outbox (lib/jobs/outbox.ts), with the functions each event starts
 * on the runners of this process (see writeEvents). With `tx` it becomes visible, and its runs are
 * created, only when the caller's transaction commits; without, it is handed over at once. `seed` makes
 * the generated event ids deterministic (see LocalSendMiddleware).
 */
export const enqueueLocally = async (
  events: readonly EventInput[],
  { tx, seed }: { tx?: OutboxDb; seed?: string } = {},
): Promise<{ ids: string[] }> => {
  const { ids } = await writeEvents(events, { tx, seed });
  if (!tx) {
    await dispatchLocalOutbox({ ids });
    wakeRunners();
  } // else the runners are woken by the NOTIFY delivered at commit (lib/jobs/outbox-listener.ts)
  return { ids };
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
