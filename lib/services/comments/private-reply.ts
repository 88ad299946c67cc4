import "server-only";
import { notFound, unprocessable } from "@/lib/errors";
import type { Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { sendEvent } from "@/lib/jobs/send";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { MessageRequest } from "@/lib/networks/types";
import type { TPrivateReplyBody } from "@/lib/schemas/comments";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { findOrCreateChatRow } from "@/lib/services/messages/chat-row";
import { sendRuleProblems } from "@/lib/services/messages/send";
import { messagingFor } from "@/lib/services/messages/support";
import { assertCommentAction } from "./support";
import { rootPlatformPostOrThrow, threadComment } from "./write-comments";

// POST /api/posts/:post_id/comments/:id/private_reply: a direct message to the commenter, sent through
// the messages layer (the send-message function, exactly once) to the comment itself (Send API
// `recipient: {comment_id}`), outside the messaging window. Allowed up to the network's
// `privateReplies.maxAgeDays` after the comment, once per comment: the comment records the message
// (`private_reply_message_id`), and another is refused unless that one ended `failed`. The message is
// stored in the chat of the commenter (by the comment's author id; once the network answers the
// commenter's messaging id, the message moves to that participant's chat: messages/chat-row.ts).
// Checks, in order: the caller's post (404), the network (405), the post is published (422), the
// comment (404), it is on the network (422), it is someone else's (422), its age (422), the profile is
// connected (422), the network's send rules (422), no private reply yet (422). Answers the message row
// (the route renders it).

const DAY_MS = 24 * 3600_000;

const priorReplyProblem = async (messageId: string | null) => {
  if (!messageId) return null;
  const prior = await db.message.findUnique({ where: { id: messageId }, select: { status: true } });
  return prior && prior.status !== "failed"
    ? "A private reply was already sent to this comment: the network allows one per comment"
    : null;
};

export const sendPrivateReply = async ({
  principal,
  postId,
  profileId,
  commentId,
  input,
}: {
  principal: Principal;
  postId: string;
  profileId: string;
  commentId: string;
  input: TPrivateReplyBody;
}) => {
  const root = await rootPlatformPostOrThrow({ principal, postId, profileId });
  assertCommentAction(root.profile, "private_reply");
  if (root.status !== "published" || !root.externalId) throw unprocessable(["Post is not published"]);
  const comment = await threadComment(postId, root.profile.id, commentId);
  if (!comment) throw notFound();
  if (!comment.externalId) throw unprocessable(["Comment has not been published yet"]);
  const profile = await db.profile.findUniqueOrThrow({ where: { id: root.profile.id } });
  const own = [profile.externalId, root.placementId].filter(Boolean);
  if (comment.status !== "synced" || !comment.authorExternalId || own.includes(comment.authorExternalId)) {
    throw unprocessable(["A private reply goes to a comment written by someone else, not by the profile"]);
  }
  const { messaging } = messagingFor(profile);
  const maxAgeDays = messaging.privateReplies?.maxAgeDays ?? 0;
  const commentedAt = comment.postedAt ?? comment.createdAt;
  if (Date.now() - commentedAt.getTime() > maxAgeDays * DAY_MS) {
    throw unprocessable([
      `The comment is more than ${maxAgeDays} days old: a private reply is allowed up to ${maxAgeDays} days after the comment (${commentedAt.toISOString()})`,
    ]);
  }
  if (profile.status !== "active") throw unprocessable(["Profile is disconnected: reconnect it to send messages"]);
  const request: MessageRequest = { body: input.text };
  const problems = sendRuleProblems(messaging, DISPLAY_NAMES[profile.platform], request, {
    group: false,
    lastInboundAt: null,
    privateReply: true,
  });
  const prior = await priorReplyProblem(comment.privateReplyMessageId);
  if (prior) problems.push(prior);
  if (problems.length) throw unprocessable(problems);

  const message = await db.$transaction(async (tx) => {
    const id = newId("message");
    const now = new Date();
    // Once per comment, also against a concurrent request: only the state just checked is replaced.
    const { count } = await tx.comment.updateMany({
      where: { id: comment.id, privateReplyMessageId: comment.privateReplyMessageId },
      data: { privateReplyMessageId: id, privateReplyAt: now },
    });
    if (count === 0)
      throw unprocessable(["A private reply was already sent to this comment: the network allows one per comment"]);
    const chat = await findOrCreateChatRow(
      tx,
      profile,
      {
        placement: messaging.placementRequired ? root.placementId : null,
        participantExternalId: comment.authorExternalId!,
      },
      {
        participantUsername: comment.authorUsername,
        participantName: comment.authorName,
        participantAvatarUrl: comment.authorAvatarUrl,
      },
    );
    const row = await tx.message.create({
      data: {
        id,
        chatId: chat.id,
        accountId: chat.accountId,
        environment: chat.environment,
        profileGroupId: chat.profileGroupId,
        profileId: chat.profileId,
        platform: chat.platform,
        direction: "outbound",
        status: "pending",
        body: request.body ?? null,
        request: request as Prisma.InputJsonObject,
        platformData: { private_reply: { comment_id: comment.id, comment_external_id: comment.externalId } },
      },
    });
    await tx.chat.update({ where: { id: chat.id }, data: { lastOutboundAt: now, lastMessageAt: now } });
    await sendEvent(
      { name: "app/message.send.requested", id: `send:${row.id}`, data: { messageId: row.id, chatId: chat.id } },
      { tx },
    );
    await recordCommit(tx, { resource: "message", id: row.id });
    return row;
  });
  return message;
};
