import "server-only";
import { unprocessable } from "@/lib/errors";
import { withinWindow, type ChatView } from "@/lib/serializers/message";
import type { Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { managementError } from "@/lib/services/listings/managed";
import { chatActionInput, chatOrThrow, messagingContext, messagingFor } from "./support";

// POST /api/chats/:id/start_typing and /stop_typing: the typing indicator, where the network has one
// (the connector's `messaging.typing`; elsewhere 422). Like any send it needs the messaging window open
// where the network has one. A network without a call to hide it (the indicator ends by itself with the
// next message or after some seconds) answers stop_typing without calling it. The answer is the chat
// (its row and messaging window; the route renders it).

export const setTyping = async ({ principal, id, on }: { principal: Principal; id: string; on: boolean }) => {
  const chat = await chatOrThrow({ principal, id });
  const { connector, messaging } = messagingFor(chat.profile);
  const network = DISPLAY_NAMES[chat.platform];
  if (!messaging.typing) throw unprocessable([`Typing indicators are not available on ${network}`]);
  if (chat.profile.status !== "active") throw unprocessable(["Profile is disconnected: reconnect it"]);
  if (!withinWindow(chat, messaging.windowHours))
    throw unprocessable([
      `Outside the ${messaging.windowHours}-hour messaging window: the participant has not written in the last ${messaging.windowHours} hours`,
    ]);
  const stop = messaging.typing.stop;
  if (on || stop) {
    const last = await db.message.findFirst({
      where: { chatId: chat.id, direction: "inbound", externalId: { not: null } },
      orderBy: [{ externalPostedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
      select: { externalId: true },
    });
    const ctx = messagingContext(connector, chat.profileId);
    const input = await chatActionInput(connector, chat);
    try {
      if (on) await messaging.typing.start(ctx, { ...input, lastInboundExternalId: last?.externalId ?? null });
      else await stop!(ctx, input);
    } catch (err) {
      throw managementError(err, connector.displayName);
    }
  }
  return { chat, windowHours: messaging.windowHours } satisfies ChatView;
};
