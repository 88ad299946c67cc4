import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import {
  postDeleteRequested,
  postDispatchRequested,
  postMediaRequested,
  postPublishRequested,
} from "@/lib/jobs/events";
import { chainToDelete, chainToPublish } from "@/lib/services/posts/chain-links";
import { deleteChainLink, finishDeletion } from "@/lib/services/posts/delete-on-platform";
import { dispatchPost, findDuePosts } from "@/lib/services/posts/lifecycle";
import { requestFirstCommentPoll } from "@/lib/services/comments/poll-post-comments";
import { postFirstComment } from "@/lib/services/posts/first-comment";
import { attemptPublish, haltChain, MAX_ATTEMPTS } from "@/lib/services/posts/publish-attempt";
import { processPostMedia } from "@/lib/services/posts/process-media";

const MEDIA_RETRIES = 3;

// The post pipeline. Step ids are stable: never rename them while runs may be sleeping.

export const processPostMediaFn = inngest.createFunction(
  {
    id: "process-post-media",
    name: "Posts: download and store media",
    retries: MEDIA_RETRIES,
    concurrency: { limit: 2 },
    triggers: [postMediaRequested],
  },
  // Timeouts and 5xx answers are retried (with the runner's backoff); the last attempt records them.
  async ({ event, step, attempt }) =>
    step.run("process-media", () =>
      processPostMedia({ postId: event.data.postId, lastAttempt: attempt >= MEDIA_RETRIES }),
    ),
);

export const dispatchPostFn = inngest.createFunction(
  {
    id: "dispatch-post",
    name: "Posts: hand a due post to its publishers",
    retries: 3,
    triggers: [postDispatchRequested],
  },
  async ({ event, step }) => step.run("dispatch", () => dispatchPost({ postId: event.data.postId })),
);

// Every minute: scheduled posts whose time has come, queued posts at their slot (queues not paused).
export const dispatchDuePostsFn = inngest.createFunction(
  {
    id: "dispatch-due-posts",
    name: "Posts: dispatch due posts",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC * * * * *")],
  },
  async ({ step }) => {
    const due = await step.run("find-due", async () => (await findDuePosts()).map((p) => p.id));
    let dispatched = 0;
    for (const postId of due)
      if ((await step.run(`dispatch-${postId}`, () => dispatchPost({ postId }))).state === "dispatched") dispatched++;
    return { due: due.length, dispatched };
  },
);

// One profile's share of a post: the root, then each thread child as a reply to the previous link.
// Attempts are retried with waits (failed_waiting_for_retry); a failed link halts the rest of that chain.
// One run at a time per profile keeps a burst of posts within the network's pace.
export const publishChainFn = inngest.createFunction(
  {
    id: "publish-chain",
    name: "Posts: publish to one profile",
    retries: 3, // infrastructure errors (database down); network failures are attempts, not retries
    concurrency: { limit: 1, key: "event.data.profileId" },
    triggers: [postPublishRequested],
  },
  async ({ event, step }) => {
    const { rootPostId, profileId } = event.data;
    const chain = await step.run("load-chain", () => chainToPublish({ rootPostId, profileId }));
    const results: Record<string, string> = {};
    for (const link of chain) {
      let outcome: Awaited<ReturnType<typeof attemptPublish>> = { state: "gone" };
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        outcome = await step.run(`publish-${link.id}-${attempt}`, () =>
          attemptPublish({ platformPostId: link.id, attempt }),
        );
        if (outcome.state !== "retry") break;
        await step.sleep(`wait-${link.id}-${attempt}`, outcome.delayMs);
      }
      results[link.id] = outcome.state;
      if (outcome.state !== "published") {
        await step.run(`halt-after-${link.id}`, () => haltChain(rootPostId, profileId, link.position));
        break;
      }
      if (link.position === 0)
        await step.run(`first-comment-${link.id}`, () => postFirstComment({ platformPostId: link.id }));
      await step.run(`comments-first-poll-${link.id}`, () => requestFirstCommentPoll(link.id));
    }
    return results;
  },
);

// delete_on_platform: one profile's chain, replies first; then, for DELETE ?delete_on_platform=true, the
// record once every network is done. Rate limits and lost answers are retried by the runner.
export const deleteFromNetworkFn = inngest.createFunction(
  {
    id: "delete-from-network",
    name: "Posts: delete from a network",
    retries: 5,
    concurrency: { limit: 1, key: "event.data.profileId" },
    triggers: [postDeleteRequested],
  },
  async ({ event, step }) => {
    const { rootPostId, profileId, removeRecord } = event.data;
    const links = await step.run("load-chain", () => chainToDelete({ rootPostId, profileId }));
    for (const platformPostId of links) {
      const outcome = await step.run(`delete-${platformPostId}`, () => deleteChainLink({ platformPostId }));
      if (outcome.state === "failed") break;
    }
    return step.run("finish", () => finishDeletion({ rootPostId, removeRecord }));
  },
);
