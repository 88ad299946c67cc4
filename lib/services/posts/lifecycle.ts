import "server-only";
import { db, type Tx } from "@/lib/db/client";
import { sendEvent } from "@/lib/jobs/send";
import { emitPostProcessed } from "./post-events";

// Post status flow (the statuses of lib/schemas/posts.ts): draft -> pending (media being processed) -> scheduled (waiting
// for scheduled_at or a queue slot) -> processing -> processed (every platform post handed to its
// publisher; post.processed). media failure -> media_processing_failed.

const WAITING = ["pending", "scheduled"] as const;

// A root post and its thread children (status changes and media checks cover the whole chain).
export const wholeChain = (postId: string) => ({ OR: [{ id: postId }, { parentId: postId }] });

// Where a non-draft post stands after a change (create, edit, publish draft, media processed).
export const advancePost = async (tx: Tx, postId: string, now = new Date()) => {
  const post = await tx.post.findUniqueOrThrow({
    where: { id: postId },
    select: { id: true, draft: true, status: true, scheduledAt: true, queueId: true },
  });
  if (post.draft || !(WAITING as readonly string[]).includes(post.status)) return post.status;
  const media = await tx.postMedia.findMany({ where: { post: wholeChain(postId) }, select: { status: true } });
  let status: "pending" | "scheduled" | "media_processing_failed";
  if (media.some((m) => m.status === "failed")) status = "media_processing_failed";
  else if (media.some((m) => m.status === "pending")) {
    status = "pending";
    await sendEvent({ name: "app/post.media.requested", data: { postId } }, { tx });
  } else if (post.queueId || (post.scheduledAt && post.scheduledAt > now)) status = "scheduled";
  else {
    status = "pending";
    await sendEvent({ name: "app/post.dispatch.requested", data: { postId } }, { tx });
  }
  if (status !== post.status) await tx.post.updateMany({ where: wholeChain(postId), data: { status } });
  return status;
};

// Posts whose time has come: scheduled ones at scheduled_at, queued ones at their slot when the queue is
// not paused, immediate ones whose dispatch event was lost. The dispatcher re-checks each.
export const findDuePosts = ({ now = new Date(), limit = 200 } = {}) =>
  db.post.findMany({
    where: {
      parentId: null,
      draft: false,
      status: { in: [...WAITING] },
      OR: [
        { queueId: null, OR: [{ scheduledAt: null }, { scheduledAt: { lte: now } }] },
        { queueId: { not: null }, queue: { enabled: true }, scheduledAt: { lte: now } },
      ],
      media: { none: { status: { not: "processed" } } },
      children: { none: { media: { some: { status: { not: "processed" } } } } },
    },
    select: { id: true },
    orderBy: { scheduledAt: "asc" },
    take: limit,
  });

// Posts stuck in `pending` because their media were never processed (the media job was lost: a crash
// before it was handed over, a purged run). Re-requested with an id per post and time window, so the
// reconcile function asks at most once per window; processing media is idempotent.
export const MEDIA_STUCK_AFTER_MS = 15 * 60_000;

export const requestStuckMedia = async ({ now = new Date(), limit = 200 } = {}) => {
  const stuck = await db.post.findMany({
    where: {
      parentId: null,
      draft: false,
      status: "pending",
      updatedAt: { lt: new Date(now.getTime() - MEDIA_STUCK_AFTER_MS) },
      OR: [
        { media: { some: { status: "pending" } } },
        { children: { some: { media: { some: { status: "pending" } } } } },
      ],
    },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
    take: limit,
  });
  const window = Math.floor(now.getTime() / MEDIA_STUCK_AFTER_MS);
  if (stuck.length > 0) {
    await sendEvent(
      stuck.map((post) => ({
        name: "app/post.media.requested" as const,
        data: { postId: post.id },
        id: `media-reconcile|${post.id}|${window}`,
      })),
    );
  }
  return stuck.map((post) => post.id);
};

// Hands a due post to its publishers: one publish run per profile (covering its thread children), in
// the transaction that marks the post processed and records post.processed. Safe to call twice.
export const dispatchPost = ({ postId, now = new Date() }: { postId: string; now?: Date }) =>
  db.$transaction(async (tx) => {
    const post = await tx.post.findUnique({
      where: { id: postId },
      include: { queue: { select: { enabled: true } }, platformPosts: { select: { profileId: true } } },
    });
    if (!post || post.parentId || post.draft || !(WAITING as readonly string[]).includes(post.status))
      return { state: "skipped" as const };
    const pendingMedia = await tx.postMedia.count({
      where: { post: wholeChain(postId), status: { not: "processed" } },
    });
    if (pendingMedia > 0) return { state: "skipped" as const };
    if (
      post.queueId
        ? !post.queue?.enabled || !post.scheduledAt || post.scheduledAt > now
        : post.scheduledAt && post.scheduledAt > now
    ) {
      return { state: "skipped" as const };
    }
    // Compare-and-set: a concurrent dispatcher (event and cron) loses here.
    const { count } = await tx.post.updateMany({
      where: { id: postId, status: post.status, updatedAt: post.updatedAt },
      data: { status: "processed", processedAt: now },
    });
    if (count === 0) return { state: "skipped" as const };
    await tx.post.updateMany({ where: { parentId: postId }, data: { status: "processed", processedAt: now } });
    await emitPostProcessed(tx, postId);
    await sendEvent(
      post.platformPosts.map((pp) => ({
        name: "app/post.publish.requested" as const,
        id: `publish:${postId}:${pp.profileId}`,
        data: { rootPostId: postId, profileId: pp.profileId },
      })),
      { tx },
    );
    return { state: "dispatched" as const };
  });
