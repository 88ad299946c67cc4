import "server-only";
import { markReplied } from "./replied";
import { settleWriteFailure, type WriteFailure } from "@/lib/services/delivery/write-failure";
import { COMMENT_INCLUDE, commentEventData } from "@/lib/api/serializers/comment";
import { db, type Prisma } from "@/lib/db/client";
import { Prisma as P } from "@/lib/generated/prisma/client";
import { publicMediaUrl } from "@/lib/media/storage";
import type { AnyConnector, CommentDraft, CreatedComment } from "@/lib/networks/types";
import { contextFor } from "@/lib/services/connections/context";
import { emitEvent } from "@/lib/services/events/emit-event";
import { detailsJson, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "@/lib/services/posts/publish-attempt";
import { commentTargetOf, connectorOfComment, loadCommentForWrite } from "./comment-target";

// One attempt to publish one of our comments, exactly once (the discipline of posts, publish-attempt.ts).
//
// `sending_since` is committed before the network is called. An attempt that finds it set (the process
// died mid-call, or the step runs again) does not send: it reads the network back (`findCreated`), as
// after a call that got no answer. Found: published. Certainly absent: retried. Cannot tell, or the
// network cannot be read back: `delivery_unconfirmed`, never sent again.
//
// States: pending -> published | failed | failed_waiting_for_retry | delivery_unconfirmed.
// failed_waiting_for_retry -> pending when the next attempt claims it (1, 5, 30 minutes or the network's
// Retry-After; 4 attempts, then failed). delivery_unconfirmed is terminal, like published and failed.

export type CommentOutcome =
  | { state: "published"; externalId: string }
  | { state: "retry"; delayMs: number }
  | { state: "failed" | "delivery_unconfirmed" | "gone" };
export type Failure = WriteFailure;
type Loaded = NonNullable<Awaited<ReturnType<typeof loadCommentForWrite>>>;

const TERMINAL = ["published", "failed", "delivery_unconfirmed", "synced"];

const recordPublished = (connector: AnyConnector, c: Loaded, result: CreatedComment): Promise<CommentOutcome> =>
  db.$transaction(async (tx) => {
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
        status: "published",
        externalId: result.externalId,
        permalink: result.permalink ?? null,
        postedAt: result.postedAt ?? new Date(),
        sendingSince: null,
        error: null,
        errorDetails: P.DbNull,
      },
    });
    if (!count) return { state: "published" as const, externalId: result.externalId };
    await markReplied(tx, { platformPostId: c.platformPostId!, parentExternalId: c.parentExternalId });
    // Replies pushed before our answer hang under our id: they move up to our root.
    if (c.rootExternalId)
      await tx.comment.updateMany({
        where: { platformPostId: c.platformPostId, rootExternalId: result.externalId },
        data: { rootExternalId: c.rootExternalId },
      });
    if (!pushed && connector.comments?.announcesCreated) await emitCreated(tx, c.id);
    return { state: "published" as const, externalId: result.externalId };
  });

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

export const recordFailure = (
  id: string,
  status: "failed" | "failed_waiting_for_retry" | "delivery_unconfirmed",
  f: Failure,
) =>
  db.comment.update({
    where: { id },
    data: { status, sendingSince: null, error: f.message.slice(0, 2000), errorDetails: detailsJson(f) },
  });

export const retryOrFail = async (
  id: string,
  attempt: number,
  failure: Failure,
  retryAfterMs: number | null,
): Promise<CommentOutcome> => {
  if (attempt >= MAX_ATTEMPTS) {
    await recordFailure(id, "failed", { ...failure, note: `Gave up after ${attempt} attempts` });
    return { state: "failed" };
  }
  await recordFailure(id, "failed_waiting_for_retry", failure);
  return {
    state: "retry",
    delayMs: Math.max(retryAfterMs ?? 0, RETRY_DELAYS_MS[attempt - 1] ?? RETRY_DELAYS_MS.at(-1)!),
  };
};

export const unconfirmed = async (id: string, cause: string, note: string): Promise<CommentOutcome> => {
  await recordFailure(id, "delivery_unconfirmed", { message: `Delivery unconfirmed: ${cause}`, note });
  return { state: "delivery_unconfirmed" };
};

// After an unknown outcome: read back, never resend blindly.
const resolveUnknown = async (
  connector: AnyConnector,
  c: Loaded,
  draft: CommentDraft,
  attempt: number,
  cause: string,
): Promise<CommentOutcome> => {
  const find = connector.comments?.findCreated;
  if (!find)
    return unconfirmed(
      c.id,
      cause,
      "The network cannot be asked whether the comment arrived; check it there before commenting again",
    );
  try {
    const found = await find(contextFor(connector), draft);
    if (found) return recordPublished(connector, c, found);
    return retryOrFail(c.id, attempt, { message: `${cause}; the comment is not on the network, retrying` }, 0);
  } catch (err) {
    return unconfirmed(c.id, cause, `Reading back failed: ${err instanceof Error ? err.message : String(err)}`);
  }
};

// Claims the comment for this attempt: sending_since is committed before the network is called.
export const claim = (id: string) =>
  db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { status: string; sending_since: Date | null }[]
    >`SELECT status, sending_since FROM comments WHERE id = ${id} FOR UPDATE`;
    if (!row) return "gone" as const;
    if (TERMINAL.includes(row.status)) return "done" as const;
    if (row.sending_since) return "in_doubt" as const;
    await tx.comment.update({
      where: { id },
      data: { status: "pending", sendingSince: new Date(), attemptedAt: new Date(), attempts: { increment: 1 } },
    });
    return "claimed" as const;
  });

export const attemptCommentPublish = async ({
  commentId: id,
  attempt,
}: {
  commentId: string;
  attempt: number;
}): Promise<CommentOutcome> => {
  const claimed = await claim(id);
  const c = claimed === "gone" ? null : await loadCommentForWrite(id);
  if (!c) return { state: "gone" };
  if (claimed === "done")
    return c.status === "published"
      ? { state: "published", externalId: c.externalId ?? "" }
      : { state: c.status === "failed" ? "failed" : "delivery_unconfirmed" };
  const connector = connectorOfComment(c);
  const built = await commentTargetOf(connector, c);
  if ("problem" in built) {
    if (claimed === "in_doubt")
      return unconfirmed(id, built.problem, "The comment may have been sent before the problem appeared");
    await recordFailure(id, "failed", { message: built.problem });
    return { state: "failed" };
  }
  const draft: CommentDraft = {
    ...built.target,
    parentExternalId: c.parentExternalId,
    rootExternalId: c.rootExternalId,
    body: c.body,
    clientReference: c.id,
    since: c.createdAt,
  };
  if (claimed === "in_doubt")
    return resolveUnknown(connector, c, draft, attempt, "an earlier attempt was interrupted while sending");
  const create = connector.comments?.create;
  if (!create) {
    await recordFailure(id, "failed", { message: `Comments cannot be written on ${connector.displayName}` });
    return { state: "failed" };
  }
  try {
    return await recordPublished(connector, c, await create(contextFor(connector), draft));
  } catch (err) {
    return settleWriteFailure(err, {
      connector,
      profileId: c.profileId,
      writer: "publisher",
      logFields: { commentId: id, platform: c.platform },
      unknown: (reason) => resolveUnknown(connector, c, draft, attempt, reason),
      retryOrFail: (failure, retryAfterMs) => retryOrFail(id, attempt, failure, retryAfterMs),
      fail: async (failure) => {
        await recordFailure(id, "failed", failure);
        return { state: "failed" as const };
      },
    });
  }
};
