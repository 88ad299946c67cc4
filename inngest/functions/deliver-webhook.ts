import { inngest } from "@/inngest/client";
import { webhookDispatchCreated } from "@/lib/jobs/events";
import { DELIVERY_DELAYS_MS, MAX_ATTEMPTS } from "@/lib/services/webhooks/config";
import { attemptDelivery } from "@/lib/services/webhooks/attempt-delivery";

// The spec's schedule: at most 5 attempts, waiting 0, 1 min, 5 min, 30 min and 2 h before them. The
// function owns the schedule; attemptDelivery owns signing, timeouts and recording. Each receiver gets
// its own concurrency key, so a slow or dead one never holds up deliveries to other webhooks.
// Step ids are stable: never rename them while runs may be sleeping between attempts.
export const deliverWebhookFn = inngest.createFunction(
  {
    id: "deliver-webhook",
    name: "Webhooks: deliver one event to one webhook",
    retries: 3, // infrastructure errors (database down); HTTP failures are attempts, not retries
    concurrency: { limit: 2, key: "event.data.webhookId" },
    triggers: [webhookDispatchCreated],
  },
  async ({ event, step }) => {
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const delay = DELIVERY_DELAYS_MS[attempt - 1]!;
      if (delay > 0) await step.sleep(`wait-before-attempt-${attempt}`, delay);
      const outcome = await step.run(`attempt-${attempt}`, () =>
        attemptDelivery({ dispatchId: event.data.dispatchId, attemptNumber: attempt }),
      );
      if (outcome.state !== "retry") return outcome;
    }
    return { state: "failed" as const };
  },
);
