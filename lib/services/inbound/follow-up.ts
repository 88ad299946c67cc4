import "server-only";
import { db } from "@/lib/db/client";
import { connectorFor } from "@/lib/networks/registry";
import type { InboundMessageItem } from "@/lib/networks/types";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { applyItem } from "./process";
import { applyInboundMessage, applyMessageStatus } from "@/lib/services/messages/apply-message";
import { messagingContext } from "@/lib/services/messages/support";

// What a network pushes a moment after one of our messages was sent (the `followUp` of its messaging:
// the sandbox's simulated participant answering). The send-message function waits `delayMs` after a
// send and then collects; each collected message is applied exactly like a pushed inbound message (its
// chat, once by its network id, message.received in the transaction that stored it); statuses of our
// messages it reports (delivered, read) are applied like pushed statuses.

const sentMessage = (messageId: string) =>
  db.message.findUnique({ where: { id: messageId }, include: { chat: { include: { profile: true } } } });

// How long to wait before collecting, or null when the network pushes nothing after a send.
export const followUpDelayMs = async (messageId: string): Promise<number | null> => {
  const message = await sentMessage(messageId);
  if (!message) return null;
  return (
    connectorFor({ platform: message.platform, environment: message.environment }).messaging?.followUp?.delayMs ?? null
  );
};

export const collectFollowUps = async (messageId: string): Promise<{ collected: number; created: number }> => {
  const message = await sentMessage(messageId);
  if (!message || message.chat.profile.status !== "active") return { collected: 0, created: 0 };
  const { chat } = message;
  const { profile } = chat;
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  const followUp = connector.messaging?.followUp;
  if (!followUp) return { collected: 0, created: 0 };
  const messages = await followUp.collect(messagingContext(connector, profile.id), {
    auth: profileAuthOf(profile),
    placement: chat.externalPlacementId,
    participantExternalId: chat.participantExternalId,
  });
  const statuses =
    (await followUp.statuses?.(messagingContext(connector, profile.id), {
      auth: profileAuthOf(profile),
      placement: chat.externalPlacementId,
      participantExternalId: chat.participantExternalId,
    })) ?? [];
  const scope = { platform: profile.platform, profileId: profile.id, environment: profile.environment };
  for (const s of statuses)
    await applyMessageStatus({ kind: "message_status", account: profile.externalId ?? "", ...s }, scope);
  let created = 0;
  for (const m of messages) {
    const item: InboundMessageItem = {
      kind: "message",
      account: profile.externalId ?? "",
      placement: chat.externalPlacementId,
      participant: {
        externalId: chat.participantExternalId,
        username: chat.participantUsername,
        name: chat.participantName,
      },
      group: chat.group,
      conversationId: chat.externalConversationId,
      message: m,
    };
    const outcome = await applyInboundMessage(item, {
      platform: profile.platform,
      profileId: profile.id,
      environment: profile.environment,
    });
    if (outcome === "message_created") created++;
  }
  const signals = followUp.collectSignals
    ? await followUp.collectSignals(messagingContext(connector, profile.id), {
        auth: profileAuthOf(profile),
        placement: chat.externalPlacementId,
        participantExternalId: chat.participantExternalId,
      })
    : [];
  for (const item of signals)
    await applyItem(item, { platform: profile.platform, profileId: profile.id, environment: profile.environment });
  return { collected: messages.length, created };
};
