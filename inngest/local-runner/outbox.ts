import "server-only";
import { dispatchWithinTransaction } from "@/lib/jobs/outbox";
import { enqueueForTargets } from "./enqueue";
import { sendTargets } from "./registry";

/**
 * Hands committed outbox events to the local runner: their runs are created in the transaction that marks
 * them sent. Only events whose functions all run in this process are taken (see sendTargets); `ids`
 * limits it to events just written. Returns how many events were handed over.
 */
export const dispatchLocalOutbox = async ({ ids }: { ids?: readonly string[] } = {}): Promise<number> => {
  const { specs, clock } = await sendTargets();
  const byId = new Map(specs.map((spec) => [spec.id, spec]));
  let total = 0;
  for (;;) {
    const handed = await dispatchWithinTransaction({
      known: [...byId.keys()],
      ids,
      handOver: (rows, tx) => enqueueForTargets(rows, { specs: byId, now: clock.now(), db: tx }),
    });
    total += handed;
    if (handed === 0 || ids) return total;
  }
};
