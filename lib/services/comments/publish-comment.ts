import "server-only";
import { markReplied } from "./replied";
import { deliver, PUBLISHED, type DeliveryAdapter, type DeliveryOutcome } from "@/lib/services/delivery/engine";
import type { WriteFailure } from "@/lib/services/delivery/write-failure";
import { COMMENT_INCLUDE, commentEventData } from "@/lib/serializers/comment";
import type { Prisma, Tx } from "@/lib/db/client";
import { publicMediaUrl } from "@/lib/media/storage";
import type { AnyConnector, CommentDraft, CreatedComment } from "@/lib/networks/types";
import { contextFor } from "@/lib/services/connections/context";
import { emitEvent } from "@/lib/services/events/emit-event";
import { commentTargetOf, connectorOfComment, loadCommentForWrite } from "./comment-target";

// One attempt to publish one of our comments, exactly once: the protocol of every write to a network
// (lib/services/delivery/engine.ts). The read-back is `findCreated`.
//
// States: pending -> published | failed | failed_waiting_for_retry | delivery_unconfirmed.
// failed_waiting_for_retry -> pending when the next attempt claims it (1, 5, 30 minutes or the network's
// Retry-After; 4 attempts, then failed). delivery_unconfirmed is terminal, like published and failed (and
// synced, a comment of the network's: answered as delivery_unconfirmed, never sent).

export type CommentOutcome = DeliveryOutcome;
type Loaded = NonNullable<Awaited<ReturnType<typeof loadCommentForWrite>>>;

// What comment writes and replies to profile-level comments (publish-profile-reply.ts) share: their rows.
export const commentRows = {
  table: "comments",
  writer: "publisher",
  finished: {
    published: "published",
    failed: "failed",
    delivery_unconfirmed: "delivery_unconfirmed",
    synced: "delivery_unconfirmed",
  },
  markSending: (tx, id, mark) => tx.comment.update({ where: { id }, data: { status: "pending", ...mark } }),
  markFailed: (tx, id, data) => tx.comment.update({ where: { id }, data }),
} satisfies Partial<DeliveryAdapter<CreatedComment>>;

// A problem found by an attempt in doubt: the write may have gone out before it.
export const mayHaveBeenSent = (noun: string, problem: string): WriteFailure => ({
  message: `Delivery unconfirmed: ${problem}`,
  note: `The ${noun} may have been sent before the problem appeared`,
});

const recordPublished = async (tx: Tx, connector: AnyConnector, c: Loaded, result: CreatedComment) => {
  // The post's comments are applied one at a time (as inbound does): a push of this very comment that
  // arrived before our answer is merged here, and comment.created is emitted once either way.
  await tx.$queryRaw`SELECT id FROM platform_posts WHERE id = ${c.platformPostId} FOR UPDATE`;
  const pushed = await tx.comment.findFirst({
    where: { platformPostId: c.platformPostId, externalId: result.externalId, id: { not: c.id } },
    select: { id: true },
  });
  if (pushed) await tx.comment.delete({ where: { id: pushed.id } });
  const { count } = await tx.comment.updateMany({
    where: { id: c.id, status: { notIn: ["published"] } },
    data: {
      ...PUBLISHED,
      externalId: result.externalId,
      permalink: result.permalink ?? null,
      postedAt: result.postedAt ?? new Date(),
    },
  });
  if (!count) return;
  await markReplied(tx, { platformPostId: c.platformPostId!, parentExternalId: c.parentExternalId });
  // Replies pushed before our answer hang under our id: they move up to our root.
  if (c.rootExternalId)
    await tx.comment.updateMany({
      where: { platformPostId: c.platformPostId, rootExternalId: result.externalId },
      data: { rootExternalId: c.rootExternalId },
    });
  if (!pushed && connector.comments?.announcesCreated) await emitCreated(tx, c.id);
};

const emitCreated = async (tx: Prisma.TransactionClient, id: string) => {
  const row = await tx.comment.findUniqueOrThrow({ where: { id }, include: COMMENT_INCLUDE });
  const replyCount = await tx.comment.count({
    where: { platformPostId: row.platformPostId, parentExternalId: row.externalId },
  });
  await emitEvent({
    tx,
    accountId: row.accountId,
    environment: row.environment,
    profileGroupId: row.profileGroupId,
    type: "comment.created",
    data: commentEventData(row, replyCount, publicMediaUrl),
  });
};

const comments: DeliveryAdapter<CreatedComment> = {
  ...commentRows,
  noun: "comment",
  cannotReadBack: "The network cannot be asked whether the comment arrived; check it there before commenting again",
  prepare: async (id) => {
    const c = await loadCommentForWrite(id);
    if (!c) return null;
    const connector = connectorOfComment(c);
    const built = await commentTargetOf(connector, c);
    if ("problem" in built) return { problem: built.problem, inDoubt: mayHaveBeenSent("comment", built.problem) };
    const draft: CommentDraft = {
      ...built.target,
      parentExternalId: c.parentExternalId,
      rootExternalId: c.rootExternalId,
      body: c.body,
      clientReference: c.id,
      since: c.createdAt,
    };
    const create = connector.comments?.create;
    const find = connector.comments?.findCreated;
    return {
      connector,
      profileId: c.profileId,
      logFields: { commentId: id, platform: c.platform },
      send: create
        ? () => create(contextFor(connector), draft)
        : { unavailable: `Comments cannot be written on ${connector.displayName}` },
      readBack: find && (() => find(contextFor(connector), draft)),
      recordPublished: (tx, result) => recordPublished(tx, connector, c, result),
    };
  },
};

export const attemptCommentPublish = ({ commentId, attempt }: { commentId: string; attempt: number }) =>
  deliver(comments, commentId, attempt);
