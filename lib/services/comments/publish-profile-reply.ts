import "server-only";
import { markReplied } from "./replied";
import { settleWriteFailure } from "@/lib/services/delivery/write-failure";
import { COMMENT_INCLUDE } from "@/lib/api/serializers/comment";
import { profileCommentEventData } from "@/lib/api/serializers/profile-comment";
import { db } from "@/lib/db/client";
import { Prisma as P } from "@/lib/generated/prisma/client";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, CreatedComment, ProfileReplyDraft } from "@/lib/networks/types";
import { contextFor } from "@/lib/services/connections/context";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { emitEvent } from "@/lib/services/events/emit-event";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { withAdvisoryLock } from "@/lib/services/transactions/advisory-lock";
import {
  attemptCommentPublish,
  claim,
  recordFailure,
  retryOrFail,
  unconfirmed,
  type CommentOutcome,
} from "./publish-comment";

// One attempt to publish our reply to a profile-level comment (a google_business review, a facebook
// recommendation), with the discipline and states of comment writes (publish-comment.ts): claimed with
// sending_since before the network is called; an attempt in doubt reads the network back
// (commentSync.findProfileReply) and never sends blindly. Published: profile_comment.created, in the
// transaction that records it (the spec announces our published replies too).
// Replies to one comment go one at a time (attemptProfileReply); where the network keeps one reply per
// comment, a reply asked for before another that is already published is not sent (it gives way).

type Row = NonNullable<Awaited<ReturnType<typeof loadReply>>>;

const loadReply = (id: string) =>
  db.comment.findUnique({
    where: { id },
    include: {
      profile: {
        select: {
          id: true,
          platform: true,
          environment: true,
          placements: { select: { externalId: true, accessToken: true, metadata: true } },
        },
      },
    },
  });

const recordPublished = (id: string, result: CreatedComment): Promise<CommentOutcome> =>
  db.$transaction(async (tx) => {
    const ours = await tx.comment.findUniqueOrThrow({
      where: { id },
      select: { profileId: true, placementId: true, parentExternalId: true },
    });
    // The reply a sync stored under the same id (found on the network before our answer, or the reply
    // ours replaces: a google review has one) gives way to ours.
    await tx.comment.deleteMany({
      where: {
        profileId: ours.profileId,
        placementId: ours.placementId,
        externalId: result.externalId,
        id: { not: id },
      },
    });
    const { count } = await tx.comment.updateMany({
      where: { id, status: { notIn: ["published"] } },
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
    if (count) {
      await markReplied(tx, {
        profileId: ours.profileId,
        placementId: ours.placementId,
        parentExternalId: ours.parentExternalId,
      });
      const row = await tx.comment.findUniqueOrThrow({ where: { id }, include: COMMENT_INCLUDE });
      await emitEvent({
        tx,
        accountId: row.accountId,
        environment: row.environment,
        profileGroupId: row.profileGroupId,
        type: "profile_comment.created",
        data: profileCommentEventData(row),
      });
    }
    return { state: "published" as const, externalId: result.externalId };
  });

const draftOf = async (
  connector: AnyConnector,
  c: Row,
): Promise<{ draft: ProfileReplyDraft } | { problem: string }> => {
  const placement = c.profile.placements.find((p) => p.externalId === c.placementId);
  if (!placement || !c.parentExternalId)
    return { problem: `Placement ${c.placementId} is no longer available on the profile` };
  const profile = await freshAuth(connector, c.profileId);
  if (profile.status !== "active") return { problem: "The profile is disconnected: reconnect it and try again" };
  return {
    draft: {
      auth: profileAuthOf(profile),
      placement: placementAuthOf(placement),
      parentExternalId: c.parentExternalId,
      body: c.body,
      clientReference: c.id,
      since: c.createdAt,
    },
  };
};

const resolveUnknown = async (
  connector: AnyConnector,
  id: string,
  draft: ProfileReplyDraft,
  attempt: number,
  cause: string,
): Promise<CommentOutcome> => {
  const find = connector.commentSync?.findProfileReply;
  if (!find)
    return unconfirmed(
      id,
      cause,
      "The network cannot be asked whether the reply arrived; check it there before replying again",
    );
  try {
    const found = await find(contextFor(connector), draft);
    if (found) return recordPublished(id, found);
    return retryOrFail(id, attempt, { message: `${cause}; the reply is not on the network, retrying` }, 0);
  } catch (err) {
    return unconfirmed(id, cause, `Reading back failed: ${err instanceof Error ? err.message : String(err)}`);
  }
};

// A reply of ours to the same comment, asked for after this one and already published.
const newerReplyPublished = async (c: Row) =>
  (await db.comment.count({
    where: {
      profileId: c.profileId,
      placementId: c.placementId,
      platformPostId: null,
      parentExternalId: c.parentExternalId,
      status: "published",
      id: { not: c.id },
      OR: [{ createdAt: { gt: c.createdAt } }, { createdAt: c.createdAt, id: { gt: c.id } }],
    },
  })) > 0;

const attemptLocked = async (id: string, attempt: number): Promise<CommentOutcome> => {
  const claimed = await claim(id);
  const c = claimed === "gone" ? null : await loadReply(id);
  if (!c) return { state: "gone" };
  if (claimed === "done")
    return c.status === "published"
      ? { state: "published", externalId: c.externalId ?? "" }
      : { state: c.status === "failed" ? "failed" : "delivery_unconfirmed" };
  const connector = connectorFor(c.profile);
  if (claimed === "claimed" && connector.commentSync?.profileReplyReplaces && (await newerReplyPublished(c))) {
    // Replaced before it was sent: it gives way, as a published reply gives way to a newer one.
    await db.comment.delete({ where: { id } });
    return { state: "gone" };
  }
  const reply = connector.commentSync?.replyToProfileComment;
  const built = await draftOf(connector, c);
  if ("problem" in built || !reply) {
    const message = "problem" in built ? built.problem : `Replies cannot be written on ${connector.displayName}`;
    if (claimed === "in_doubt")
      return unconfirmed(id, message, "The reply may have been sent before the problem appeared");
    await recordFailure(id, "failed", { message });
    return { state: "failed" };
  }
  const { draft } = built;
  if (claimed === "in_doubt")
    return resolveUnknown(connector, id, draft, attempt, "an earlier attempt was interrupted while sending");
  try {
    return await recordPublished(id, await reply(contextFor(connector), draft));
  } catch (err) {
    return settleWriteFailure(err, {
      connector,
      profileId: c.profileId,
      writer: "publisher",
      logFields: { commentId: id, platform: c.platform },
      unknown: (reason) => resolveUnknown(connector, id, draft, attempt, reason),
      retryOrFail: (failure, retryAfterMs) => retryOrFail(id, attempt, failure, retryAfterMs),
      fail: async (failure) => {
        await recordFailure(id, "failed", failure);
        return { state: "failed" as const };
      },
    });
  }
};

// Replies to one profile-level comment are attempted one at a time (a review's replies replace one
// another: the network gets them in the order they are recorded, and two never record the same reply at
// once). Waiting for the lock holds no connection; a wait too long fails the step before anything is
// claimed, and the function's retry runs the attempt again.
const REPLY_LOCK_WAIT_MS = 60_000;
const REPLY_LOCK_HOLD_MS = 120_000; // a network call and a read-back, 30 s each at most

export const attemptProfileReply = async ({
  commentId: id,
  attempt,
}: {
  commentId: string;
  attempt: number;
}): Promise<CommentOutcome> => {
  const c = await db.comment.findUnique({
    where: { id },
    select: { profileId: true, placementId: true, parentExternalId: true },
  });
  if (!c) return { state: "gone" };
  return withAdvisoryLock(
    `profile-reply:${c.profileId}:${c.placementId ?? ""}:${c.parentExternalId ?? ""}`,
    () => attemptLocked(id, attempt),
    {
      waitMs: REPLY_LOCK_WAIT_MS,
      holdMs: REPLY_LOCK_HOLD_MS,
      onTimeout: () => new Error(`Another reply to ${c.parentExternalId} is still being sent; attempting again later`),
    },
  );
};

// What the publish-comment function runs: a post comment, or a reply to a profile-level comment.
export const attemptOurCommentPublish = async (input: {
  commentId: string;
  attempt: number;
}): Promise<CommentOutcome> => {
  const row = await db.comment.findUnique({ where: { id: input.commentId }, select: { platformPostId: true } });
  return row && !row.platformPostId ? attemptProfileReply(input) : attemptCommentPublish(input);
};
