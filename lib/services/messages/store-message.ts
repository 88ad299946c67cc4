import "server-only";
import { messageEventData } from "@/lib/serializers/message";
import type { Prisma, Tx } from "@/lib/db/client";
import type { Chat } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { InboundMessage } from "@/lib/networks/types";
import { emitEvent } from "@/lib/services/events/emit-event";

// A message the network told us about becomes one Message row of the chat, keyed by the network's id:
// a redelivered push finds its row and changes nothing, and the event (message.received for inbound,
// message.sent for outbound messages sent from the network's own app) is emitted exactly once, in the
// transaction that inserted the row. An inbound message opens the messaging window (last_inbound_at).
export const storeInboundMessage = async (tx: Tx, chat: Chat, m: InboundMessage): Promise<"created" | "duplicate"> => {
  const id = newId("message");
  const { count } = await tx.message.createMany({
    data: {
      id,
      chatId: chat.id,
      accountId: chat.accountId,
      environment: chat.environment,
      profileGroupId: chat.profileGroupId,
      profileId: chat.profileId,
      platform: chat.platform,
      externalId: m.externalId,
      direction: m.direction,
      status: m.direction === "inbound" ? "received" : "published",
      body: m.body,
      source: m.source,
      replyToExternalId: m.replyToExternalId,
      attachments: m.attachments.map((a) => ({
        id: newId("messageAttachment"),
        type: a.type,
        url: a.url,
        external_id: a.externalId ?? null,
      })),
      ...(m.platformData && { platformData: m.platformData as Prisma.InputJsonObject }),
      ...(m.tappedAction && { tappedAction: m.tappedAction }),
      ...(m.interactive && { interactive: m.interactive as Prisma.InputJsonObject }),
      externalPostedAt: m.sentAt,
    },
    skipDuplicates: true,
  });
  if (count === 0) return "duplicate";
  // Times only move forward: a late redelivery of an older message never rewinds the window.
  const at = m.sentAt;
  await tx.$executeRaw`UPDATE chats SET
      last_message_at = GREATEST(COALESCE(last_message_at, ${at}), ${at}),
      last_inbound_at = CASE WHEN ${m.direction} = 'inbound' THEN GREATEST(COALESCE(last_inbound_at, ${at}), ${at}) ELSE last_inbound_at END,
      last_outbound_at = CASE WHEN ${m.direction} = 'outbound' THEN GREATEST(COALESCE(last_outbound_at, ${at}), ${at}) ELSE last_outbound_at END,
      updated_at = now()
    WHERE id = ${chat.id}`;
  const row = await tx.message.findUniqueOrThrow({ where: { id } });
  await emitEvent({
    tx,
    accountId: row.accountId,
    environment: row.environment,
    profileGroupId: row.profileGroupId,
    type: m.direction === "inbound" ? "message.received" : "message.sent",
    data: messageEventData(row),
  });
  return "created";
};
