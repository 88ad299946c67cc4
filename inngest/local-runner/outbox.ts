import "server-only";
import { subscribeDispatcher } from "@/lib/jobs/dispatchers";
import { dispatchWithinTransaction } from "@/lib/jobs/outbox";
import { matchesEvent } from "./config";
import { enqueueForTargets } from "./enqueue";
import { loadAppSpecs, sendTargets, wakeRunners } from "./registry";

/**
 * Hands committed outbox events to the local runner: their runs are created in the transaction that marks
 * them sent. Only events whose functions all run in this process are taken (see sendTargets): the targets
 * the sender wrote, or for an event written without (no runner ran in the sending process), the app's
 * functions it starts, resolved here. `ids` limits it to events just written. Returns how many events were
 * handed over.
 */
export const dispatchLocalOutbox = async ({ ids }: { ids?: readonly string[] } = {}): Promise<number> => {
  const { specs, clock } = await sendTargets();
  const byId = new Map(specs.map((spec) => [spec.id, spec]));
  const appSpecs = await loadAppSpecs();
  const appTargets = (name: string) => appSpecs.filter((spec) => matchesEvent(spec, name)).map((spec) => spec.id);
  let total = 0;
  for (;;) {
    const handed = await dispatchWithinTransaction({
      known: [...byId.keys()],
      resolve: appTargets,
      ids,
      handOver: (rows, tx) => enqueueForTargets(rows, { specs: byId, now: clock.now(), db: tx }),
    });
    total += handed;
    if (handed === 0 || ids) return total;
  }
};

// A send without a transaction in this process hands its events over at once (lib/jobs/send.ts), and
// wakes the runners of the process for them.
subscribeDispatcher("local", async (ids) => {
  await dispatchLocalOutbox({ ids });
  wakeRunners();
});
