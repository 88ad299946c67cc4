import "server-only";
import { db } from "@/lib/db/client";
import { purgeSentOutbox } from "@/lib/jobs/outbox";
import { purgeExpiredIdempotencyRecords } from "@/lib/services/idempotency/with-idempotency";

// Finished job runs are kept a week for inspection, then deleted. (Their ids also deduplicate events sent
// again with the same id, so a re-sent event id starts a new run only after its old run is purged.)
export const JOB_RUN_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

export const purgeFinishedJobRuns = async (now = new Date()) => {
  const { count } = await db.jobRun.deleteMany({
    where: {
      status: { in: ["completed", "failed", "cancelled"] },
      finishedAt: { lt: new Date(now.getTime() - JOB_RUN_RETENTION_MS) },
    },
  });
  return count;
};

export const purgeExpiredIdempotency = async (now = new Date()) => (await purgeExpiredIdempotencyRecords(now)).count;

export const purgeSentEvents = (now = new Date()) => purgeSentOutbox(now);
