import "server-only";
import { settleWriteFailure, type WriteFailure } from "@/lib/services/delivery/write-failure";
import { messageEventData } from "@/lib/api/serializers/message";
import { db, Prisma, type Tx } from "@/lib/db/client";
import type { MessageStatus } from "@/lib/generated/prisma/enums";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, MessageRequest, MessageSendInput } from "@/lib/networks/types";
import type { TEventType } from "@/lib/schemas/webhooks";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { emitEvent } from "@/lib/services/events/emit-event";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { detailsJson, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "@/lib/services/posts/publish-attempt";
import { moveToRecipientChat } from "./chat-row";
import { messagingContext } from "./support";

// One attempt to send one outbound message, exactly once: the discipline of publishing
// (lib/services/posts/publish-attempt.ts). `sending_since` is committed before the network is called; an
// attempt that finds it set (a crash mid-send, a re-run step) and a request that got no answer read the
// network back (`findSent`): found is sent, certainly absent is retried, and a network that cannot tell
// (or cannot be read back: telegram, whatsapp) leaves the message `delivery_unconfirmed`, never resent.
// Events: message.sent, message.failed_waiting_for_retry, message.failed, and our
// message.delivery_unconfirmed, each in the transaction of the status change.

export type SendOutcome =
  | { state: "published"; externalId: string }
  | { state: "retry"; delayMs: number }
  | { state: "failed" | "delivery_unconfirmed" | "gone" };
type Failure = WriteFailure;

const emitMessageEvent = async (tx: Tx, id: string, type: TEventType) => {
  const row = await tx.message.findUniqueOrThrow({ where: { id } });
  await emitEvent({
    tx,
    accountId: row.accountId,
    environment: row.environment,
    profileGroupId: row.profileGroupId,
    type,
    data: messageEventData(row),
  });
};

const recordSent = (id: string, externalId: string, recipientId?: string | null) =>
  db.$transaction(async (tx) => {
    const { count } = await tx.message.updateMany({
      where: { id, status: { not: "published" } },
      data: {
        status: "published",
        externalId,
        externalPostedAt: new Date(),
        sendingSince: null,
        error: null,
        errorDetails: Prisma.DbNull,
      },
    });
    if (count && recipientId) await moveToRecipientChat(tx, id, recipientId);
    if (count) await emitMessageEvent(tx, id, "message.sent");
    return { state: "published" as const, externalId };
  });

const recordFailure = (
  id: string,
  status: Extract<MessageStatus, "failed" | "failed_waiting_for_retry" | "delivery_unconfirmed">,
  failure: Failure,
) =>
  db.$transaction(async (tx) => {
    await tx.message.update({
      where: { id },
      data: { status, sendingSince: null, error: failure.message.slice(0, 2000), errorDetails: detailsJson(failure) },
    });
    await emitMessageEvent(tx, id, `message.${status}`);
  });

const retryOrFail = async (
  id: string,
  attempt: number,
  failure: Failure,
  retryAfterMs: number | null,
): Promise<SendOutcome> => {
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

const resolveUnknown = async (
  connector: AnyConnector,
  input: MessageSendInput & { profileId: string },
  id: string,
  attempt: number,
  cause: string,
): Promise<SendOutcome> => {
  const unconfirmed = async (note: string) => {
    await recordFailure(id, "delivery_unconfirmed", { message: `Delivery unconfirmed: ${cause}`, note });
    return { state: "delivery_unconfirmed" as const };
  };
  const findSent = connector.messaging?.findSent;
  if (!findSent)
    return unconfirmed(
      "The network cannot be asked whether the message arrived; check the conversation there before sending again",
    );
  try {
    const found = await findSent(messagingContext(connector, input.profileId), input);
    if (found) return recordSent(id, found.externalId);
    return retryOrFail(id, attempt, { message: `${cause}; the message is not on the network, retrying` }, 0);
  } catch (err) {
    return unconfirmed(`Reading back failed: ${err instanceof Error ? err.message : String(err)}`);
  }
};

const claim = (id: string) =>
  db.$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<
      { status: string; sending_since: Date | null }[]
    >`SELECT status, sending_since FROM messages WHERE id = ${id} FOR UPDATE`;
    if (!row) return "gone" as const;
    if (["published", "failed", "delivery_unconfirmed", "received"].includes(row.status))
      return row.status as "published" | "failed" | "delivery_unconfirmed" | "received";
    if (row.sending_since) return "in_doubt" as const;
    await tx.message.update({
      where: { id },
      data: { sendingSince: new Date(), attemptedAt: new Date(), attempts: { increment: 1 } },
    });
    return "claimed" as const;
  });

const inputOf = async (
  connector: AnyConnector,
  id: string,
): Promise<{ input: MessageSendInput & { profileId: string } } | { problem: string } | null> => {
  const message = await db.message.findUnique({ where: { id }, include: { chat: true } });
  if (!message) return null;
  const profile = await freshAuth(connector, message.profileId);
  if (profile.status !== "active") return { problem: "The profile is disconnected: reconnect it and send again" };
  const { chat } = message;
  const placementRow = chat.externalPlacementId
    ? await db.placement.findFirst({ where: { profileId: profile.id, externalId: chat.externalPlacementId } })
    : null;
  if (chat.externalPlacementId && !placementRow)
    return { problem: `Placement ${chat.externalPlacementId} is no longer available on the profile` };
  const placement = placementRow ? placementAuthOf(placementRow) : null;
  // A private reply goes to the comment it answers (lib/services/comments/private-reply.ts).
  const privateReply = await db.comment.findUnique({
    where: { privateReplyMessageId: message.id },
    select: { externalId: true },
  });
  return {
    input: {
      auth: profileAuthOf(profile),
      placement: placement?.externalId ? { ...placement, externalId: placement.externalId } : null,
      participantExternalId: chat.participantExternalId,
      group: chat.group,
      request: (message.request ?? {}) as MessageRequest,
      clientReference: message.id,
      createdAt: message.createdAt,
      privateReplyTo: privateReply?.externalId ?? null,
      profileId: profile.id,
    },
  };
};

export const attemptSend = async ({
  messageId: id,
  attempt,
}: {
  messageId: string;
  attempt: number;
}): Promise<SendOutcome> => {
  const claimed = await claim(id);
  if (claimed === "gone" || claimed === "failed" || claimed === "delivery_unconfirmed") return { state: claimed };
  if (claimed === "received") return { state: "gone" };
  const message = await db.message.findUniqueOrThrow({
    where: { id },
    select: { externalId: true, platform: true, environment: true, profileId: true },
  });
  if (claimed === "published") return { state: "published", externalId: message.externalId ?? "" };
  const connector = connectorFor({ platform: message.platform, environment: message.environment });
  const built = await inputOf(connector, id);
  if (!built) return { state: "gone" };
  if ("problem" in built) {
    await recordFailure(id, claimed === "in_doubt" ? "delivery_unconfirmed" : "failed", { message: built.problem });
    return { state: claimed === "in_doubt" ? "delivery_unconfirmed" : "failed" };
  }
  const { input } = built;
  if (claimed === "in_doubt")
    return resolveUnknown(connector, input, id, attempt, "an earlier attempt was interrupted while sending");
  if (!connector.messaging) {
    await recordFailure(id, "failed", { message: `Direct messages are not available on ${connector.displayName}` });
    return { state: "failed" };
  }
  try {
    const sent = await connector.messaging.send(messagingContext(connector, input.profileId), input);
    return await recordSent(id, sent.externalId, sent.recipientId);
  } catch (err) {
    return settleWriteFailure(err, {
      connector,
      profileId: message.profileId,
      writer: "sender",
      logFields: { messageId: id, platform: message.platform },
      unknown: (reason) => resolveUnknown(connector, input, id, attempt, reason),
      retryOrFail: (failure, retryAfterMs) => retryOrFail(id, attempt, failure, retryAfterMs),
      fail: async (failure) => {
        await recordFailure(id, "failed", failure);
        return { state: "failed" as const };
      },
    });
  }
};
