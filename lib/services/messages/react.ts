import "server-only";
import { unprocessable } from "@/lib/errors";
import { withinWindow } from "@/lib/serializers/message";
import type { Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TReactBody } from "@/lib/schemas/messages";
import { managementError } from "@/lib/services/listings/managed";
import { withMessageLock } from "./message-lock";
import { getMessageOrThrow } from "./read-messages";
import { chatActionInput, messagingContext, messagingFor } from "./support";

// POST /api/messages/:id/react: our reaction to a message of the chat, sent to the network at once (the
// network's refusal answered as management calls answer it: 422, 429, 502; nothing stored). Which
// reactions a network takes is its connector's rule (`messaging.react.accepts`); a network without
// reactions answers 422. Kept in the message's `reactions` under the id the network sends ours from (the
// chat's Page, account or number; else the profile's), replacing our earlier one. Reactions to one message
// go out one at a time (message-lock.ts). Answers the updated row (the route renders it).

type Reaction = { sender_external_id: string; emoji: string | null; reaction: string | null; at: string | null };

export const reactToMessage = async ({
  principal,
  id,
  input,
}: {
  principal: Principal;
  id: string;
  input: TReactBody;
}) => {
  const message = await getMessageOrThrow({ principal, id });
  const chat = await db.chat.findUniqueOrThrow({ where: { id: message.chatId }, include: { profile: true } });
  const { connector, messaging } = messagingFor(chat.profile);
  const network = DISPLAY_NAMES[chat.platform];
  const react = messaging.react;
  if (!react) throw unprocessable([`Reactions are not available on ${network}`]);
  const problem = react.accepts(input.reaction);
  if (problem) throw unprocessable([problem]);
  const messageExternalId = message.externalId;
  if (!messageExternalId) throw unprocessable(["The message is not on the network yet: react once it is sent"]);
  if (chat.profile.status !== "active") throw unprocessable(["Profile is disconnected: reconnect it to react"]);
  if (!withinWindow(chat, messaging.windowHours))
    throw unprocessable([
      `Outside the ${messaging.windowHours}-hour messaging window: the participant has not written in the last ${messaging.windowHours} hours`,
    ]);
  const target = await chatActionInput(connector, chat);
  // Ours as the network shows it: from the Page, account or number the chat runs on.
  const self = chat.externalPlacementId ?? chat.profile.externalId ?? "self";
  const emoji = /\p{Extended_Pictographic}/u.test(input.reaction);
  // Under the message's lock: the reaction the network got last is the one stored (message-lock.ts).
  const updated = await withMessageLock(message.id, async (tx, current) => {
    try {
      await react.send(messagingContext(connector, chat.profileId), {
        ...target,
        messageExternalId,
        reaction: input.reaction,
      });
    } catch (err) {
      throw managementError(err, connector.displayName);
    }
    const reactions = ((current.reactions as Reaction[] | null) ?? []).filter((r) => r.sender_external_id !== self);
    reactions.push({
      sender_external_id: self,
      emoji: emoji ? input.reaction : null,
      reaction: emoji ? null : input.reaction,
      at: new Date().toISOString(),
    });
    return tx.message.update({ where: { id: message.id }, data: { reactions } });
  });
  return updated;
};
