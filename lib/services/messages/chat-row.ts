import "server-only";
import type { Tx } from "@/lib/db/client";
import type { Chat, Profile } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

export type ChatKey = { placement: string | null; participantExternalId: string };
type Names = {
  participantUsername?: string | null;
  participantName?: string | null;
  participantAvatarUrl?: string | null;
};

// The chat of one participant on one placement of a profile, created when there is none (the same
// participant on the same placement always finds the same chat; names only fill a new row).
export const findOrCreateChatRow = async (
  tx: Tx,
  profile: Pick<Profile, "id" | "accountId" | "environment" | "profileGroupId" | "platform">,
  { placement, participantExternalId }: ChatKey,
  names: Names = {},
): Promise<Chat> => {
  const key = { profileId: profile.id, placementKey: placement ?? "", participantExternalId };
  await tx.chat.createMany({
    data: {
      id: newId("chat"),
      accountId: profile.accountId,
      environment: profile.environment,
      profileGroupId: profile.profileGroupId,
      platform: profile.platform,
      externalPlacementId: placement,
      ...key,
      participantUsername: names.participantUsername ?? null,
      participantName: names.participantName ?? null,
      participantAvatarUrl: names.participantAvatarUrl ?? null,
    },
    skipDuplicates: true,
  });
  return tx.chat.findUniqueOrThrow({ where: { profileId_placementKey_participantExternalId: key } });
};

// A sent message whose network answered another participant id than its chat's (a private reply is
// addressed to a comment; the network answers the commenter's messaging id): the message moves to that
// participant's chat, found or created, so the conversation that follows lands beside it.
export const moveToRecipientChat = async (tx: Tx, messageId: string, recipientId: string) => {
  const message = await tx.message.findUniqueOrThrow({
    where: { id: messageId },
    include: { chat: { include: { profile: true } } },
  });
  const { chat } = message;
  if (chat.participantExternalId === recipientId) return;
  const target = await findOrCreateChatRow(
    tx,
    chat.profile,
    { placement: chat.externalPlacementId, participantExternalId: recipientId },
    chat,
  );
  const at = message.createdAt;
  await tx.message.update({ where: { id: messageId }, data: { chatId: target.id } });
  await tx.chat.update({
    where: { id: target.id },
    data: {
      lastOutboundAt: target.lastOutboundAt && target.lastOutboundAt > at ? target.lastOutboundAt : at,
      lastMessageAt: target.lastMessageAt && target.lastMessageAt > at ? target.lastMessageAt : at,
    },
  });
  // The placeholder chat of the commenter keeps no message of its own: it goes.
  if ((await tx.message.count({ where: { chatId: chat.id } })) === 0) await tx.chat.delete({ where: { id: chat.id } });
};
