import { inngest } from "@/inngest/client";
import { inboundReceived } from "@/lib/jobs/events";
import { processDelivery } from "@/lib/services/inbound/process";

// One stored delivery from a network -> its comments and account changes applied. Idempotent: every
// item is applied by the network's own ids, and a processed delivery is not processed again. A reply
// processed before the comment it answers (deliveries run in any order) is retried with the backoff
// (about 10 s, 20 s, 40 s, 80 s); after the last try it stays unmatched.
const RETRIES = 4;

export const processInboundFn = inngest.createFunction(
  { id: "process-inbound", name: "Inbound: process a network delivery", retries: RETRIES, triggers: [inboundReceived] },
  async ({ event, step, attempt }) =>
    step.run("process", () => processDelivery({ deliveryId: event.data.deliveryId, finalAttempt: attempt >= RETRIES })),
);
