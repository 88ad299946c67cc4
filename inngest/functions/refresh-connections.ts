import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { findProfilesDueForRefresh, refreshProfileConnection } from "@/lib/services/connections/refresh-connections";

// Every 5 minutes: refresh access tokens that expire within 15 minutes (one step per profile, so a
// slow network does not repeat refreshes that already succeeded).
export const refreshConnectionsFn = inngest.createFunction(
  {
    id: "refresh-connections",
    name: "Profiles: refresh expiring tokens",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC */5 * * * *")],
  },
  async ({ step }) => {
    const due = await step.run("find-due-profiles", async () => (await findProfilesDueForRefresh()).map((p) => p.id));
    const results: Record<string, string> = {};
    for (const profileId of due) {
      results[profileId] = (
        await step.run(`refresh-${profileId}`, () => refreshProfileConnection({ profileId }))
      ).state;
    }
    return results;
  },
);
