import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import { commentActionRequested, commentPublishRequested } from "@/lib/jobs/events";
import { performCommentAction } from "@/lib/services/comments/comment-actions";
import { attemptOurCommentPublish } from "@/lib/services/comments/publish-profile-reply";
import { foldCommentTallies } from "@/lib/services/comments/comment-tallies";
import { requestStuckComments } from "@/lib/services/comments/reconcile-comments";
import { MAX_ATTEMPTS } from "@/lib/services/posts/publish-attempt";

// Comment writes. Step ids are stable: never rename them while runs may be sleeping.

// One of our comments (or our reply to a review or recommendation) to its network: attempts with waits
// between them (failed_waiting_for_retry);
// every attempt is exactly-once on its own (publish-comment.ts), and a redelivered event never runs a
// second attempt beside the first (one run at a time per comment).
export const publishCommentFn = inngest.createFunction(
  {
    id: "publish-comment",
    name: "Comments: publish one of our comments",
    retries: 3, // infrastructure errors (database down); network failures are attempts, not retries
    concurrency: { limit: 1, key: "event.data.commentId" },
    triggers: [commentPublishRequested],
  },
  async ({ event, step }) => {
    const { commentId } = event.data;
    let outcome: Awaited<ReturnType<typeof attemptOurCommentPublish>> = { state: "gone" };
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      outcome = await step.run(`publish-${attempt}`, () => attemptOurCommentPublish({ commentId, attempt }));
      if (outcome.state !== "retry") break;
      await step.sleep(`wait-${attempt}`, outcome.delayMs);
    }
    return outcome;
  },
);

const ACTION_RETRIES = 4;

// delete, hide/unhide, like/unlike, pin/unpin on the network, one at a time per comment so that a hide
// followed by an unhide reach the network in that order. Rate limits and lost answers are retried.
export const commentActionFn = inngest.createFunction(
  {
    id: "comment-action",
    name: "Comments: act on a comment on its network",
    retries: ACTION_RETRIES,
    concurrency: { limit: 1, key: "event.data.commentId" },
    triggers: [commentActionRequested],
  },
  async ({ event, step, attempt }) =>
    step.run("act", () =>
      performCommentAction({
        commentId: event.data.commentId,
        action: event.data.action,
        lastAttempt: attempt >= ACTION_RETRIES,
      }),
    ),
);

// Durable truth is the comments table: one of our comments still `pending` long after its last change
// lost its publish run, which is requested again (lib/services/comments/reconcile-comments.ts).
export const reconcileCommentsFn = inngest.createFunction(
  {
    id: "reconcile-comments",
    name: "Comments: re-request lost comment publications",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC */5 * * * *")],
  },
  async ({ step }) => ({
    rerequested: (await step.run("request-stuck-comments", () => requestStuckComments())).length,
  }),
);

// GET /api/comments' totals are sums of deltas (lib/services/comments/comment-tallies.ts): each key's
// deltas are folded into one row every minute, so a sum reads a few rows per key.
export const foldCommentTalliesFn = inngest.createFunction(
  {
    id: "fold-comment-tallies",
    name: "Comments: fold the list totals' deltas",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC * * * * *")],
  },
  async ({ step }) => ({ written: await step.run("fold-comment-tallies", () => foldCommentTallies()) }),
);
