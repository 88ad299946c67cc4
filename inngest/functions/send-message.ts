import { inngest } from "@/inngest/client";
import { messageSendRequested } from "@/lib/jobs/events";
import { collectFollowUps, followUpDelayMs } from "@/lib/services/inbound/follow-up";
import { attemptSend, type SendOutcome } from "@/lib/services/messages/send-attempt";
import { MAX_ATTEMPTS } from "@/lib/services/posts/publish-attempt";

// One outbound message: attempts with waits between them (failed_waiting_for_retry: 1 min, 5 min, 30 min
// or the network's Retry-After), at most MAX_ATTEMPTS, each exactly once (send-attempt.ts). One run at a
// time per chat keeps a chat's messages in the order they were sent. Step ids are stable. Once sent, what
// the network pushes in answer a moment later (the sandbox's simulated participant) is collected
// (follow-up.ts).
export const sendMessageFn = inngest.createFunction(
  {
    id: "send-message",
    name: "Messages: send a direct message",
    retries: 3, // infrastructure errors; network failures are attempts, not retries
    concurrency: { limit: 1, key: "event.data.chatId" },
    triggers: [messageSendRequested],
  },
  async ({ event, step }) => {
    const { messageId } = event.data;
    let outcome: SendOutcome = { state: "gone" };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      outcome = await step.run(`send-${attempt}`, () => attemptSend({ messageId, attempt }));
      if (outcome.state !== "retry") break;
      await step.sleep(`wait-${attempt}`, outcome.delayMs);
    }
    if (outcome.state !== "published") return outcome;
    const delayMs = await step.run("follow-up-delay", () => followUpDelayMs(messageId));
    if (delayMs === null) return outcome;
    await step.sleep("follow-up-wait", delayMs);
    await step.run("follow-up-collect", () => collectFollowUps(messageId));
    return outcome;
  },
);
