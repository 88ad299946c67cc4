import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { collectPostStats, collectProfileStats, findPostsDueForStats, findProfilesDueForStats } from "@/lib/services/stats/collect-stats";

// Hourly: every profile and published post whose last snapshot is about 23 hours old gets a new one.
// One step per profile / post; a failing network does not stop the rest.
export const collectStatsFn = inngest.createFunction(
  { id: "collect-stats", name: "Stats: take snapshots", retries: 1, concurrency: 1, triggers: [cron("TZ=UTC 17 * * * *")] },
  async ({ step }) => {
    const profiles = await step.run("find-profiles", async () => (await findProfilesDueForStats()).map((p) => p.id));
    for (const profileId of profiles) await step.run(`profile-${profileId}`, () => collectProfileStats({ profileId }));
    const posts = await step.run("find-posts", async () => (await findPostsDueForStats()).map((p) => p.id));
    for (const platformPostId of posts) await step.run(`post-${platformPostId}`, () => collectPostStats({ platformPostId }));
    return { profiles: profiles.length, posts: posts.length };
  },
);
