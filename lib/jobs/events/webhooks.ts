import { eventType } from "inngest";
import { z } from "zod";

// Webhook pipeline: an event-log row was committed -> fan out to subscribed webhooks -> deliver each.

/** A spec event was recorded in the event log (lib/services/events/emit-event.ts). */
export const eventRecorded = eventType("app/event.recorded", { schema: z.object({ eventId: z.string().min(1) }) });

/** One event must be delivered to one webhook (a webhook_dispatches row). */
export const webhookDispatchCreated = eventType("app/webhook.dispatch.created", {
  schema: z.object({ dispatchId: z.string().min(1), webhookId: z.string().min(1) }),
});
