import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { findEventsAwaitingFanOut } from "@/lib/services/webhooks/fan-out-event";

// Durable truth is the event log: an event whose fan-out never ran (its job was lost, or the send
// failed after commit in server mode) is fanned out again. Fan-out is idempotent.
export const reconcileWebhooksFn = inngest.createFunction(
  {
    id: "reconcile-webhooks",
    name: "Webhooks: finish lost fan-outs",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC */5 * * * *")],
  },
  async ({ step }) => {
    const stale = await step.run("find-stale-events", async () =>
      (await findEventsAwaitingFanOut({ olderThan: new Date(Date.now() - 2 * 60_000) })).map((e) => e.id),
    );
    if (stale.length > 0) {
      await step.sendEvent(
        "refan",
        stale.map((eventId) => ({ name: "app/event.recorded", data: { eventId } })),
      );
    }
    return { refanned: stale.length };
  },
);
