import "server-only";
import type { ChatView } from "@/lib/serializers/message";
import type { Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { managementError } from "@/lib/services/listings/managed";
import { freshAuth } from "@/lib/services/posts/publish-input";
import {
  assertMessagingNetwork,
  chatActionInput,
  chatOrThrow,
  messagingContext,
  messagingFor,
  windowHoursOf,
} from "./support";

// POST /api/chats/:id/mark_read and POST/DELETE /api/chats/:id/archive (networks-and-messaging "Direct
// messages"). mark_read sends the network's read receipt where it has one (whatsapp: for the
// participant's last message) before anything is stored, so a refused receipt changes nothing (the
// network's failure answered as management calls answer it: 422, 429 with Retry-After, 502); then
// `metadata.read_at` is stamped on every network. Archiving is the `archived` flag, and on the network
// too where it has one (the connector's `archive`: bluesky mutes the conversation).

export const markChatRead = async ({ principal, id }: { principal: Principal; id: string }) => {
  const chat = await chatOrThrow({ principal, id });
  const { connector, messaging } = messagingFor(chat.profile);
  const last = await db.message.findFirst({
    where: { chatId: chat.id, direction: "inbound", externalId: { not: null } },
    orderBy: [{ externalPostedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
    select: { externalId: true },
  });
  if (messaging.markRead && last?.externalId) {
    const profile = await freshAuth(connector, chat.profileId);
    const placementRow = chat.externalPlacementId
      ? await db.placement.findFirst({ where: { profileId: profile.id, externalId: chat.externalPlacementId } })
      : null;
    const placement = placementRow ? placementAuthOf(placementRow) : null;
    try {
      await messaging.markRead(messagingContext(connector, profile.id), {
        auth: profileAuthOf(profile),
        placement: placement?.externalId ? { ...placement, externalId: placement.externalId } : null,
        participantExternalId: chat.participantExternalId,
        lastInboundExternalId: last.externalId,
      });
    } catch (err) {
      throw managementError(err, connector.displayName);
    }
  }
  const metadata = { ...((chat.metadata ?? {}) as Record<string, unknown>), read_at: new Date().toISOString() };
  const updated = await db.chat.update({
    where: { id: chat.id },
    data: { metadata: metadata as Prisma.InputJsonObject },
  });
  return { chat: updated, windowHours: messaging.windowHours } satisfies ChatView;
};

export const setChatArchived = async ({
  principal,
  id,
  archived,
}: {
  principal: Principal;
  id: string;
  archived: boolean;
}) => {
  const chat = await chatOrThrow({ principal, id });
  assertMessagingNetwork(chat.platform);
  const { connector, messaging } = messagingFor(chat.profile);
  // Where the network has its own archive (bluesky: mute), it goes first: a refusal changes nothing.
  if (messaging.archive) {
    try {
      await messaging.archive(messagingContext(connector, chat.profileId), {
        ...(await chatActionInput(connector, chat)),
        archived,
      });
    } catch (err) {
      throw managementError(err, connector.displayName);
    }
  }
  const updated = await db.chat.update({ where: { id: chat.id }, data: { archived } });
  return { chat: updated, windowHours: windowHoursOf(chat.profile) } satisfies ChatView;
};
