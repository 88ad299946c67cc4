import "server-only";
import { deliver, PUBLISHED, type DeliveryAdapter, type DeliveryOutcome } from "@/lib/services/delivery/engine";
import { messageEventData } from "@/lib/serializers/message";
import { db, type Tx } from "@/lib/db/client";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, MessageRequest, MessageSendInput } from "@/lib/networks/types";
import type { TEventType } from "@/lib/schemas/webhooks";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { emitEvent } from "@/lib/services/events/emit-event";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { moveToRecipientChat } from "./chat-row";
import { messagingContext } from "./support";

// One attempt to send one outbound message, exactly once: the protocol of every write to a network
// (lib/services/delivery/engine.ts). The read-back is `findSent`; telegram and whatsapp cannot be read
// back, so a message in doubt there stays `delivery_unconfirmed`, never resent. A message found received
// (an inbound one) is not ours to send. Events: message.sent, message.failed_waiting_for_retry,
// message.failed, and our message.delivery_unconfirmed, each in the transaction of the status change.

export type SendOutcome = DeliveryOutcome;

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

type Sent = { externalId: string; recipientId?: string | null };

const messages: DeliveryAdapter<Sent> = {
  table: "messages",
  noun: "message",
  writer: "sender",
  finished: {
    published: "published",
    failed: "failed",
    delivery_unconfirmed: "delivery_unconfirmed",
    received: "gone",
  },
  cannotReadBack:
    "The network cannot be asked whether the message arrived; check the conversation there before sending again",
  markSending: (tx, id, data) => tx.message.update({ where: { id }, data }),
  markFailed: (tx, id, data) => tx.message.update({ where: { id }, data }),
  emitFailed: (tx, id, status) => emitMessageEvent(tx, id, `message.${status}`),
  prepare: async (id) => {
    const message = await db.message.findUniqueOrThrow({
      where: { id },
      select: { platform: true, environment: true, profileId: true },
    });
    const connector = connectorFor({ platform: message.platform, environment: message.environment });
    const built = await inputOf(connector, id);
    if (!built || "problem" in built) return built && { problem: built.problem, inDoubt: { message: built.problem } };
    const { input } = built;
    const { messaging } = connector;
    const findSent = messaging?.findSent;
    const ctx = () => messagingContext(connector, input.profileId);
    return {
      connector,
      profileId: message.profileId,
      logFields: { messageId: id, platform: message.platform },
      send: messaging
        ? () => messaging.send(ctx(), input)
        : { unavailable: `Direct messages are not available on ${connector.displayName}` },
      readBack:
        findSent &&
        (async () => {
          const found = await findSent(ctx(), input);
          return found && { externalId: found.externalId };
        }),
      recordPublished: async (tx, sent) => {
        const { count } = await tx.message.updateMany({
          where: { id, status: { not: "published" } },
          data: { ...PUBLISHED, externalId: sent.externalId, externalPostedAt: new Date() },
        });
        if (count && sent.recipientId) await moveToRecipientChat(tx, id, sent.recipientId);
        if (count) await emitMessageEvent(tx, id, "message.sent");
      },
    };
  },
};

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

export const attemptSend = ({ messageId, attempt }: { messageId: string; attempt: number }) =>
  deliver(messages, messageId, attempt);
