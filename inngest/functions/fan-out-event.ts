import { inngest } from "@/inngest/client";
import { eventRecorded } from "@/lib/jobs/events";
import { fanOutEvent } from "@/lib/services/webhooks/fan-out-event";

// One recorded event -> one delivery run per subscribed webhook.
export const fanOutEventFn = inngest.createFunction(
  { id: "fan-out-event", name: "Webhooks: fan out an event", retries: 5, triggers: [eventRecorded] },
  async ({ event, step }) => {
    const dispatches = await step.run("create-dispatches", () => fanOutEvent({ eventId: event.data.eventId }));
    if (dispatches.length === 0) return { dispatches: 0 };
    await step.sendEvent(
      "deliver",
      // The dispatch id makes the send idempotent: a re-run of this function starts no second delivery.
      dispatches.map((d) => ({
        name: "app/webhook.dispatch.created",
        id: d.id,
        data: { dispatchId: d.id, webhookId: d.webhookId },
      })),
    );
    return { dispatches: dispatches.length };
  },
);
