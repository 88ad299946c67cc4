import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import {
  collectPostStats,
  collectProfileStats,
  findPostsDueForStats,
  findProfilesDueForStats,
} from "@/lib/services/stats/collect-stats";

// Hourly: every profile and published post whose last snapshot is about 23 hours old gets a new one.
// One step per profile / post; a failing network does not stop the rest.
// Snapshots are taken "at" the tick: the cron event's time, or the real time when the run is late (the
// local runner's clock decides when ticks are due, so runs on a manual clock see that clock's time).
export const collectStatsFn = inngest.createFunction(
  {
    id: "collect-stats",
    name: "Stats: take snapshots",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC 17 * * * *")],
  },
  async ({ event, step }) => {
    const found = await step.run("find-profiles", async () => {
      const now = new Date(Math.max(event.ts ?? 0, Date.now()));
      return { now: now.toISOString(), profiles: (await findProfilesDueForStats({ now })).map((p) => p.id) };
    });
    const now = new Date(found.now);
    for (const profileId of found.profiles)
      await step.run(`profile-${profileId}`, () => collectProfileStats({ profileId, now }));
    const posts = await step.run("find-posts", async () => (await findPostsDueForStats({ now })).map((p) => p.id));
    for (const platformPostId of posts)
      await step.run(`post-${platformPostId}`, () => collectPostStats({ platformPostId, now }));
    return { profiles: found.profiles.length, posts: posts.length };
  },
);
