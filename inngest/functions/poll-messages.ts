import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { findProfilesDueForMessages, pollProfileMessages } from "@/lib/services/inbound/poll-messages";

// Every 5 minutes: inbound messages of the networks that push none (bluesky's conversation log), one
// step per profile so a failing profile does not stop the rest.
export const pollMessagesFn = inngest.createFunction(
  {
    id: "poll-messages",
    name: "Messages: poll conversation logs",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC */5 * * * *")],
  },
  async ({ event, step }) => {
    const found = await step.run("find-profiles", async () => {
      const now = new Date(Math.max(event.ts ?? 0, Date.now()));
      return { now: now.toISOString(), profiles: await findProfilesDueForMessages({ now }) };
    });
    for (const profileId of found.profiles)
      await step.run(`profile-${profileId}`, () => pollProfileMessages({ profileId, now: new Date(found.now) }));
    return { profiles: found.profiles.length };
  },
);
