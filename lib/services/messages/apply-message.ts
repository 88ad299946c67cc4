import "server-only";
import { messageEventData } from "@/lib/serializers/message";
import { db, type Prisma } from "@/lib/db/client";
import type { Chat, Profile } from "@/lib/generated/prisma/client";
import type { Environment, Platform } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import type { InboundMessageItem, InboundMessageStatus } from "@/lib/networks/types";
import type { TEventType } from "@/lib/schemas/webhooks";
import { emitEvent } from "@/lib/services/events/emit-event";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { acknowledgeTap } from "./acknowledge-tap";
import { storeInboundMessage } from "./store-message";

// Inbound direct messages and delivery statuses (lib/services/inbound/process.ts hands them over). The
// profiles a push is about are the live, active ones whose account, or one of whose placements (a Page),
// the network names; each gets the message in its own chat (found or created by participant and
// placement), so two tenants connected to one account both see it.

// `environment`: pushes reach live profiles; the sandbox's simulated pushes name their sandbox profile.
export type Scope = { platform: Platform; profileId: string | null; environment?: Environment };
export type AppliedMessage = "message_created" | "message_duplicate" | "status_applied" | "status_stale" | "unmatched";

// `placement`: the placement a push names beside its account (a WhatsApp number of a business account)
// must be one of the profile's own, so a push for one account never opens a chat on another's number.
export const profilesFor = (scope: Scope, account: string, placement: string | null = null) =>
  db.profile.findMany({
    where: {
      platform: scope.platform,
      environment: scope.environment ?? "live",
      status: "active",
      ...(scope.profileId
        ? { id: scope.profileId }
        : { OR: [{ externalId: account }, { placements: { some: { externalId: account } } }] }),
      ...(placement !== null && { placements: { some: { externalId: placement } } }),
    },
  });

type ChatKey = Pick<InboundMessageItem, "placement" | "participant" | "group" | "conversationId">;

// The chat of a participant on a placement, created if new and locked for the transaction (one chat's
// messages and signals are applied one at a time: its last_* times and the window move together).
// What the network tells about the participant fills in what the chat does not know yet.
export const lockedChat = async (tx: Prisma.TransactionClient, profile: Profile, item: ChatKey): Promise<Chat> => {
  const key = {
    profileId: profile.id,
    placementKey: item.placement ?? "",
    participantExternalId: item.participant.externalId,
  };
  await tx.chat.createMany({
    data: {
      id: newId("chat"),
      accountId: profile.accountId,
      environment: profile.environment,
      profileGroupId: profile.profileGroupId,
      platform: profile.platform,
      externalPlacementId: item.placement,
      externalConversationId: item.conversationId,
      group: item.group,
      participantUsername: item.participant.username,
      participantName: item.participant.name,
      participantAvatarUrl: item.participant.avatarUrl ?? null,
      ...key,
    },
    skipDuplicates: true,
  });
  const [locked] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM chats WHERE profile_id = ${key.profileId} AND placement_key = ${key.placementKey} AND participant_external_id = ${key.participantExternalId} FOR UPDATE`;
  const chat = await tx.chat.findUniqueOrThrow({ where: { id: locked!.id } });
  const fill = {
    ...(!chat.participantUsername && item.participant.username && { participantUsername: item.participant.username }),
    ...(!chat.participantName && item.participant.name && { participantName: item.participant.name }),
    ...(!chat.externalConversationId && item.conversationId && { externalConversationId: item.conversationId }),
  };
  return Object.keys(fill).length ? tx.chat.update({ where: { id: chat.id }, data: fill }) : chat;
};

export const applyInboundMessage = async (item: InboundMessageItem, scope: Scope): Promise<AppliedMessage> => {
  const profiles = await profilesFor(scope, item.account, item.placement);
  if (profiles.length === 0) return "unmatched";
  let outcome: AppliedMessage = "message_duplicate";
  for (const profile of profiles) {
    const stored = await retryingTransaction(async (tx) =>
      storeInboundMessage(tx, await lockedChat(tx, profile, item), item.message),
    );
    if (stored === "created") {
      outcome = "message_created";
      await acknowledgeTap(profile, item.message);
    }
  }
  return outcome;
};

const STATUS_EVENT: Record<InboundMessageStatus["status"], TEventType | null> = {
  sent: null,
  delivered: "message.delivered",
  read: "message.read",
  failed: "message.failed",
};

// A status of one of our messages: delivered and read times are stamped once (a redelivery changes
// nothing); failed turns the message failed with the network's error. `announce` says whether the
// spec's event for it is emitted on this network.
export const applyMessageStatus = async (item: InboundMessageStatus, scope: Scope): Promise<AppliedMessage> => {
  const profiles = await profilesFor(scope, item.account);
  if (profiles.length === 0) return "unmatched";
  const messages = await db.message.findMany({
    where: { profileId: { in: profiles.map((p) => p.id) }, externalId: item.messageExternalId, direction: "outbound" },
    select: { id: true },
  });
  if (messages.length === 0) return "unmatched";
  let outcome: AppliedMessage = "status_stale";
  for (const { id } of messages) {
    const changed = await db.$transaction(async (tx) => {
      const where: Prisma.MessageWhereInput = { id };
      let data: Prisma.MessageUpdateManyMutationInput;
      switch (item.status) {
        case "sent":
          where.externalPostedAt = null;
          data = { externalPostedAt: item.at };
          break;
        case "delivered":
          where.externalDeliveredAt = null;
          data = { externalDeliveredAt: item.at };
          break;
        case "read":
          where.externalReadAt = null;
          data = { externalReadAt: item.at };
          break;
        case "failed":
          where.status = { not: "failed" };
          data = {
            status: "failed",
            error: (item.error?.message ?? "The network could not deliver the message").slice(0, 2000),
            errorDetails: {
              platformErrorCode: item.error?.code ?? null,
              platformErrorSubcode: null,
              platformErrorMessage: item.error?.message ?? null,
              note: "Reported by the network after sending",
            },
          };
          break;
      }
      const { count } = await tx.message.updateMany({ where, data });
      const type = STATUS_EVENT[item.status];
      if (count && type && item.announce) {
        const row = await tx.message.findUniqueOrThrow({ where: { id } });
        await emitEvent({
          tx,
          accountId: row.accountId,
          environment: row.environment,
          profileGroupId: row.profileGroupId,
          type,
          data: messageEventData(row),
        });
      }
      return count > 0;
    });
    if (changed) outcome = "status_applied";
  }
  return outcome;
};
