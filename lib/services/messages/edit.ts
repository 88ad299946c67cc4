import "server-only";
import { unprocessable } from "@/lib/api/errors";
import { messageEventData } from "@/lib/api/serializers/message";
import type { Principal } from "@/lib/auth/principal";
import { db, type Prisma } from "@/lib/db/client";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { MessageRequest } from "@/lib/networks/types";
import type { TEditMessageBody } from "@/lib/schemas/messages";
import { emitEvent } from "@/lib/services/events/emit-event";
import { managementError } from "@/lib/services/listings/managed";
import { getMessageOrThrow } from "./read-messages";
import { chatActionInput, messagingContext, messagingFor } from "./support";

// PATCH /api/messages/:id: the text of one of our sent messages changes on the network at once (where
// the connector can edit: `messaging.edit`; elsewhere 422), then the stored body, `platform_data.edited_at`
// and message.edited in one transaction. The network's refusal changes nothing (422, 429, 502). Answers
// the updated row (the route renders it).

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
  try {
    await messaging.edit(messagingContext(connector, chat.profileId), {
      ...(await chatActionInput(connector, chat)),
      messageExternalId: message.externalId,
      hasMedia,
      body: input.body,
    });
  } catch (err) {
    throw managementError(err, connector.displayName);
  }
  const updated = await db.$transaction(async (tx) => {
    const row = await tx.message.update({
      where: { id: message.id },
      data: {
        body: input.body,
        request: { ...request, body: input.body } as Prisma.InputJsonObject,
        platformData: {
          ...((message.platformData ?? {}) as Record<string, unknown>),
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
      data: messageEventData(row) as Prisma.InputJsonObject,
    });
    return row;
  });
  return updated;
};
