import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { jobsHousekeepingRequested } from "@/lib/jobs/events";
import { purgeExpiredIdempotency, purgeFinishedJobRuns, purgeSentEvents } from "@/lib/services/jobs/housekeeping";
import { purgeOldSignInFailures } from "@/lib/services/users/sign-in-failures";
import { purgeStaleSignInThrottles } from "@/lib/services/users/sign-in-throttle";

// Nightly clean-up (03:17 UTC), or on demand with a system/jobs.housekeeping.requested event.
export const housekeeping = inngest.createFunction(
  {
    id: "housekeeping",
    name: "Housekeeping: old job runs, idempotency records, sent outbox events, sign-in throttles and failures",
    retries: 2,
    concurrency: 1,
    triggers: [cron("TZ=UTC 17 3 * * *"), jobsHousekeepingRequested],
  },
  async ({ step }) => {
    const jobRuns = await step.run("purge-finished-job-runs", () => purgeFinishedJobRuns());
    const idempotencyRecords = await step.run("purge-expired-idempotency-records", () => purgeExpiredIdempotency());
    const outboxEvents = await step.run("purge-sent-outbox-events", () => purgeSentEvents());
    const signInThrottles = await step.run("purge-stale-sign-in-throttles", () => purgeStaleSignInThrottles());
    const signInFailures = await step.run("purge-old-sign-in-failures", () => purgeOldSignInFailures());
    return { jobRuns, idempotencyRecords, outboxEvents, signInThrottles, signInFailures };
  },
);
