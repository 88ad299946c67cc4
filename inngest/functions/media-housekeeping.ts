import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { jobsHousekeepingRequested } from "@/lib/jobs/events";
import { sweepUnreferencedMedia } from "@/lib/services/media/sweep-unreferenced";

// Nightly (03:47 UTC), or on demand with system/jobs.housekeeping.requested: stored media files no row
// refers to, older than a day, are removed (lib/services/media/sweep-unreferenced.ts).
export const mediaHousekeepingFn = inngest.createFunction(
  {
    id: "media-housekeeping",
    name: "Housekeeping: media files no row refers to",
    retries: 2,
    concurrency: 1,
    triggers: [cron("TZ=UTC 47 3 * * *"), jobsHousekeepingRequested],
  },
  async ({ step }) => step.run("sweep-unreferenced-media", () => sweepUnreferencedMedia()),
);
