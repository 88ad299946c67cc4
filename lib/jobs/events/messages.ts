import { eventType } from "inngest";
import { z } from "zod";

// Direct messages: an outbound message stored `pending`, waiting to be sent (lib/services/messages).

/** Send one stored outbound message (function send-message). */
export const messageSendRequested = eventType("app/message.send.requested", {
  schema: z.object({ messageId: z.string().min(1), chatId: z.string().min(1) }),
});
