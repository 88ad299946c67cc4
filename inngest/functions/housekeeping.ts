import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { jobsHousekeepingRequested } from "@/inngest/events";
import { purgeExpiredIdempotency, purgeFinishedJobRuns } from "@/lib/services/jobs/housekeeping";

// Nightly clean-up (03:17 UTC), or on demand with a system/jobs.housekeeping.requested event.
export const housekeeping = inngest.createFunction(
  {
    id: "housekeeping",
    name: "Housekeeping: old job runs and idempotency records",
    retries: 2,
    concurrency: 1,
    triggers: [cron("TZ=UTC 17 3 * * *"), jobsHousekeepingRequested],
  },
  async ({ step }) => {
    const jobRuns = await step.run("purge-finished-job-runs", () => purgeFinishedJobRuns());
    const idempotencyRecords = await step.run("purge-expired-idempotency-records", () => purgeExpiredIdempotency());
    return { jobRuns, idempotencyRecords };
  },
);
