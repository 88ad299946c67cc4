import { cron } from "inngest";
import { inngest } from "@/inngest/client";
import {
  commentAttachmentsMirrorRequested,
  commentAuthorSignalsRequested,
  postCommentsFirstPollRequested,
  profileCommentsSyncRequested,
} from "@/lib/jobs/events";
import { fillAuthorSignals } from "@/lib/services/comments/author-signals";
import { mirrorCommentAttachments } from "@/lib/services/comments/mirror-attachments";
import {
  findPostsDueForComments,
  firstPollDelayMs,
  syncPostComments,
} from "@/lib/services/comments/poll-post-comments";
import { findProfilesDueForProfileComments, syncProfileComments } from "@/lib/services/comments/sync-profile-comments";

// Comment polling (lib/services/comments/poll-*.ts). One step per post or profile: a failing network
// does not stop the rest, and a retried run does not read again what a finished step read.
const nowOf = (ts: number | undefined) => new Date(Math.max(ts ?? 0, Date.now()));

// Every 5 minutes: the published posts whose tapering interval has passed (bluesky, youtube, the
// facebook catch-up).
export const pollPostCommentsFn = inngest.createFunction(
  {
    id: "poll-post-comments",
    name: "Comments: poll published posts",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC */5 * * * *")],
  },
  async ({ event, step }) => {
    const found = await step.run("find-posts", async () => {
      const now = nowOf(event.ts);
      return { now: now.toISOString(), posts: await findPostsDueForComments({ now }) };
    });
    for (const platformPostId of found.posts)
      await step.run(`post-${platformPostId}`, () => syncPostComments({ platformPostId, now: new Date(found.now) }));
    return { posts: found.posts.length };
  },
);

// Hourly: profiles whose reviews / recommendations were last read 12 hours ago or more (twice a day).
export const pollProfileCommentsFn = inngest.createFunction(
  {
    id: "poll-profile-comments",
    name: "Comments: poll reviews and recommendations",
    retries: 1,
    concurrency: 1,
    triggers: [cron("TZ=UTC 41 * * * *")],
  },
  async ({ event, step }) => {
    const found = await step.run("find-profiles", async () => {
      const now = nowOf(event.ts);
      return { now: now.toISOString(), profiles: await findProfilesDueForProfileComments({ now }) };
    });
    for (const profileId of found.profiles)
      await step.run(`profile-${profileId}`, () => syncProfileComments({ profileId, now: new Date(found.now) }));
    return { profiles: found.profiles.length };
  },
);

// On demand (a read of GET /api/profiles/:id/comments with a stale sync).
export const syncProfileCommentsFn = inngest.createFunction(
  {
    id: "sync-profile-comments",
    name: "Comments: read a profile's reviews now",
    retries: 2,
    triggers: [profileCommentsSyncRequested],
  },
  async ({ event, step }) => step.run("sync", () => syncProfileComments({ profileId: event.data.profileId })),
);

// A post just published on a network that answers its comments soon (the sandbox's audience): one poll
// after the connector's firstPollAfterMs, then the regular tapering polls.
export const firstPostCommentsPollFn = inngest.createFunction(
  {
    id: "first-post-comments-poll",
    name: "Comments: first poll of a published post",
    retries: 2,
    triggers: [postCommentsFirstPollRequested],
  },
  async ({ event, step }) => {
    const { platformPostId } = event.data;
    const delayMs = await step.run("delay", () => firstPollDelayMs(platformPostId));
    if (delayMs === null) return { state: "none" };
    if (delayMs > 0) await step.sleep("wait", delayMs);
    return step.run("poll", () => syncPostComments({ platformPostId }));
  },
);

const MIRROR_RETRIES = 3;

// A synced comment's attachments copied into our media storage (processed, or failed with media.failed);
// timeouts and 5xx answers are retried, the last attempt records them.
export const mirrorCommentAttachmentsFn = inngest.createFunction(
  {
    id: "mirror-comment-attachments",
    name: "Comments: mirror attachments into media storage",
    retries: MIRROR_RETRIES,
    concurrency: { limit: 2 },
    triggers: [commentAttachmentsMirrorRequested],
  },
  async ({ event, step, attempt }) =>
    step.run("mirror", () =>
      mirrorCommentAttachments({ commentId: event.data.commentId, lastAttempt: attempt >= MIRROR_RETRIES }),
    ),
);

// A synced comment's author signals (instagram's metadata), asked when the comment was stored.
export const fillAuthorSignalsFn = inngest.createFunction(
  {
    id: "fill-comment-author-signals",
    name: "Comments: author signals",
    retries: 3,
    concurrency: { limit: 2 },
    triggers: [commentAuthorSignalsRequested],
  },
  async ({ event, step }) => step.run("fill", () => fillAuthorSignals({ commentId: event.data.commentId })),
);
