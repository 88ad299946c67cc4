import "server-only";
import { db } from "@/lib/db/client";
import { sendEvent } from "@/lib/jobs/send";

// Our comments stuck in `pending` because their publish run was lost (a crash before the run started,
// a purged run): a pending comment changes within seconds while its run is alive (an attempt claims it
// and ends it published, failed or waiting for a retry), so one untouched for PUBLISH_STUCK_AFTER_MS has
// no run. Re-requested with an id per comment and time window, so the reconcile cron asks at most once
// per window; the new run is exactly-once on its own (publish-comment.ts): a comment whose attempt was
// interrupted mid-call (sending_since set) is read back from the network, never sent again blindly.
export const PUBLISH_STUCK_AFTER_MS = 15 * 60_000;

export const requestStuckComments = async ({ now = new Date(), limit = 200 } = {}) => {
  const stuck = await db.comment.findMany({
    where: { status: "pending", updatedAt: { lt: new Date(now.getTime() - PUBLISH_STUCK_AFTER_MS) } },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
  const window = Math.floor(now.getTime() / PUBLISH_STUCK_AFTER_MS);
  if (stuck.length > 0) {
    await sendEvent(
      stuck.map((c) => ({
        name: "app/comment.publish.requested" as const,
        data: { commentId: c.id },
        id: `comment-reconcile|${c.id}|${window}`,
      })),
    );
  }
  return stuck.map((c) => c.id);
};
