import "server-only";
import { unprocessable } from "@/lib/errors";
import { messageEventData } from "@/lib/serializers/message";
import type { Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { MessageRequest } from "@/lib/networks/types";
import type { TEditMessageBody } from "@/lib/schemas/messages";
import { emitEvent } from "@/lib/services/events/emit-event";
import { managementError } from "@/lib/services/listings/managed";
import { withMessageLock } from "./message-lock";
import { getMessageOrThrow } from "./read-messages";
import { chatActionInput, messagingContext, messagingFor } from "./support";

// PATCH /api/messages/:id: the text of one of our sent messages changes on the network at once (where
// the connector can edit: `messaging.edit`; elsewhere 422), then the stored body, `platform_data.edited_at`
// and message.edited in one transaction, under the message's lock so that edits at once reach the network
// in the order they are stored (message-lock.ts). The network's refusal changes nothing (422, 429, 502).
// Answers the updated row (the route renders it).

export const editMessage = async ({
  principal,
  id,
  input,
}: {
  principal: Principal;
  id: string;
  input: TEditMessageBody;
}) => {
  const message = await getMessageOrThrow({ principal, id });
  const chat = await db.chat.findUniqueOrThrow({ where: { id: message.chatId }, include: { profile: true } });
  const { connector, messaging } = messagingFor(chat.profile);
  const network = DISPLAY_NAMES[chat.platform];
  if (!messaging.edit) throw unprocessable([`Messages cannot be edited on ${network}`]);
  if (message.direction !== "outbound" || message.status !== "published" || !message.externalId)
    throw unprocessable(["Only our messages that were sent can be edited"]);
  const request = (message.request ?? {}) as MessageRequest;
  const hasMedia = (request.media?.length ?? 0) > 0;
  const problems = messaging.check({ ...(hasMedia && { media: request.media }), body: input.body }, chat);
  if (problems.length) throw unprocessable(problems);
  if (chat.profile.status !== "active") throw unprocessable(["Profile is disconnected: reconnect it to edit messages"]);
  const edit = messaging.edit;
  const messageExternalId = message.externalId;
  const target = await chatActionInput(connector, chat);
  // Under the message's lock: the text the network got last is the one stored (message-lock.ts).
  const updated = await withMessageLock(message.id, async (tx, current) => {
    try {
      await edit(messagingContext(connector, chat.profileId), {
        ...target,
        messageExternalId,
        hasMedia,
        body: input.body,
      });
    } catch (err) {
      throw managementError(err, connector.displayName);
    }
    const row = await tx.message.update({
      where: { id: message.id },
      data: {
        body: input.body,
        request: { ...((current.request ?? {}) as MessageRequest), body: input.body } as Prisma.InputJsonObject,
        platformData: {
          ...((current.platformData ?? {}) as Record<string, unknown>),
          edited_at: new Date().toISOString(),
        } as Prisma.InputJsonObject,
      },
    });
    await emitEvent({
      tx,
      accountId: row.accountId,
      environment: row.environment,
      profileGroupId: row.profileGroupId,
      type: "message.edited",
      data: messageEventData(row),
    });
    return row;
  });
  return updated;
};
