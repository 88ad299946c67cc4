import { eventType } from "inngest";
import { z } from "zod";

// Inbound from the networks: a stored delivery (lib/services/inbound) waiting to be processed.

/** A verified delivery was stored: parse it and apply what it says (comments, account changes). */
export const inboundReceived = eventType("app/inbound.received", {
  schema: z.object({ deliveryId: z.string().min(1) }),
});
