import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { findProfilesToPollPlacements, pollPlacementsOf } from "@/lib/services/connections/resync-placements";

// Every 5 minutes: networks that cannot announce new placements (telegram channels appear once the bot
// is made an administrator) are asked again. One step per profile; a failing one does not stop the rest.
export const pollPlacementsFn = inngest.createFunction(
  {
    id: "poll-placements",
    name: "Profiles: discover new placements",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC */5 * * * *")],
  },
  async ({ step }) => {
    const due = await step.run("find-profiles", async () => (await findProfilesToPollPlacements()).map((p) => p.id));
    const results: Record<string, string> = {};
    for (const profileId of due)
      results[profileId] = (await step.run(`poll-${profileId}`, () => pollPlacementsOf({ profileId }))).state;
    return results;
  },
);
