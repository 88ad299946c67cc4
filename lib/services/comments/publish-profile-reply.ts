import "server-only";
import { markReplied } from "./replied";
import { deliver, PUBLISHED, type DeliveryAdapter } from "@/lib/services/delivery/engine";
import { COMMENT_INCLUDE } from "@/lib/serializers/comment";
import { profileCommentEventData } from "@/lib/serializers/profile-comment";
import { db, type Tx } from "@/lib/db/client";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, CreatedComment, ProfileReplyDraft } from "@/lib/networks/types";
import { contextFor } from "@/lib/services/connections/context";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { emitEvent } from "@/lib/services/events/emit-event";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { withAdvisoryLock } from "@/lib/services/transactions/advisory-lock";
import { attemptCommentPublish, commentRows, mayHaveBeenSent, type CommentOutcome } from "./publish-comment";

// One attempt to publish our reply to a profile-level comment (a google_business review, a facebook
// recommendation), with the rows and states of comment writes (publish-comment.ts) and the protocol of
// every write to a network (lib/services/delivery/engine.ts): the read-back is commentSync.findProfileReply.
// Published: profile_comment.created, in the transaction that records it (the spec announces our published
// replies too).
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

const recordPublished = async (tx: Tx, id: string, result: CreatedComment) => {
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
      ...PUBLISHED,
      externalId: result.externalId,
      permalink: result.permalink ?? null,
      postedAt: result.postedAt ?? new Date(),
    },
  });
  if (!count) return;
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
};

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

const profileReplies: DeliveryAdapter<CreatedComment> = {
  ...commentRows,
  noun: "reply",
  cannotReadBack: "The network cannot be asked whether the reply arrived; check it there before replying again",
  prepare: async (id, claimed) => {
    const c = await loadReply(id);
    if (!c) return null;
    const connector = connectorFor(c.profile);
    if (claimed === "claimed" && connector.commentSync?.profileReplyReplaces && (await newerReplyPublished(c))) {
      // Replaced before it was sent: it gives way, as a published reply gives way to a newer one.
      await db.comment.delete({ where: { id } });
      return null;
    }
    const reply = connector.commentSync?.replyToProfileComment;
    const find = connector.commentSync?.findProfileReply;
    const built = await draftOf(connector, c);
    if ("problem" in built || !reply) {
      const problem = "problem" in built ? built.problem : `Replies cannot be written on ${connector.displayName}`;
      return { problem, inDoubt: mayHaveBeenSent("reply", problem) };
    }
    const { draft } = built;
    return {
      connector,
      profileId: c.profileId,
      logFields: { commentId: id, platform: c.platform },
      send: () => reply(contextFor(connector), draft),
      readBack: find && (() => find(contextFor(connector), draft)),
      recordPublished: (tx, result) => recordPublished(tx, id, result),
    };
  },
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
    () => deliver(profileReplies, id, attempt),
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
