import { inngest } from "@/inngest/client";
import { inboundReceived } from "@/inngest/events";
import { processDelivery } from "@/lib/services/inbound/process";

// One stored delivery from a network -> its comments and account changes applied. Idempotent: every
// item is applied by the network's own ids, and a processed delivery is not processed again.
export const processInboundFn = inngest.createFunction(
  { id: "process-inbound", name: "Inbound: process a network delivery", retries: 4, triggers: [inboundReceived] },
  async ({ event, step }) => step.run("process", () => processDelivery({ deliveryId: event.data.deliveryId })),
);
