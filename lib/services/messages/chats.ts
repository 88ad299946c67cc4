import "server-only";
import { notFound, unprocessable } from "@/lib/errors";
import { pageWindow } from "@/lib/pagination";
import type { ChatView } from "@/lib/serializers/message";
import type { Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { utcInstant } from "@/lib/schemas/common";
import type { TCreateChatBody } from "@/lib/schemas/messages";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { managementError } from "@/lib/services/listings/managed";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { findOrCreateChatRow } from "./chat-row";
import { storeInboundMessage } from "./store-message";
import { chatOrThrow, messagingContext, messagingFor, profileForMessagingOrThrow, windowHoursOf } from "./support";

// GET/POST /api/profiles/:id/chats and GET /api/chats/:id (networks-and-messaging "Direct messages",
// client-compat 7.7). A chat is one participant (or group) on one placement (a WhatsApp number): the same
// participant on the same placement always finds the same chat.

type ListQuery = {
  page: number;
  per_page: number;
  before?: string;
  after?: string;
  placement_id?: string;
  archived?: "true" | "false";
};

export const listChats = async ({
  principal,
  profileId,
  query,
}: {
  principal: Principal;
  profileId: string;
  query: ListQuery;
}) => {
  const profile = await profileForMessagingOrThrow({ principal, id: profileId });
  const where: Prisma.ChatWhereInput = {
    profileId: profile.id,
    ...(query.placement_id && { externalPlacementId: query.placement_id }),
    ...(query.archived && { archived: query.archived === "true" }),
    ...((query.before || query.after) && {
      lastMessageAt: {
        ...(query.before && { lt: utcInstant(query.before) }),
        ...(query.after && { gt: utcInstant(query.after) }),
      },
    }),
  };
  const [total, rows] = await Promise.all([
    db.chat.count({ where }),
    db.chat.findMany({
      where,
      orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(query, 0),
    }),
  ]);
  const windowHours = windowHoursOf(profile);
  return { total, views: rows.map((chat): ChatView => ({ chat, windowHours })) };
};

export const getChat = async ({ principal, id }: { principal: Principal; id: string }) => {
  const chat = await chatOrThrow({ principal, id });
  return { chat, windowHours: windowHoursOf(chat.profile) } satisfies ChatView;
};

export const createChat = async ({
  principal,
  profileId,
  input,
}: {
  principal: Principal;
  profileId: string;
  input: TCreateChatBody;
}) => {
  const profile = await profileForMessagingOrThrow({ principal, id: profileId });
  const { connector, messaging } = messagingFor(profile);
  const network = DISPLAY_NAMES[profile.platform];
  const participant = messaging.participantId(input.participant_external_id);
  if (!participant) throw unprocessable([`participant_external_id is not a valid ${network} participant id`]);
  if (profile.status !== "active") throw unprocessable(["Profile is disconnected: reconnect it to send messages"]);
  let placement: string | null = null;
  if (messaging.placementRequired) {
    if (!input.placement_id)
      throw unprocessable([`placement_id is required on ${network} (the number the chat runs on)`]);
    const found = await db.placement.findFirst({
      where: { profileId: profile.id, externalId: input.placement_id },
      select: { externalId: true },
    });
    if (!found?.externalId) throw notFound(); // another group's or account's number answers like a missing one
    placement = found.externalId;
  }
  const key = { profileId: profile.id, placementKey: placement ?? "", participantExternalId: participant };
  const existing = await db.chat.findUnique({ where: { profileId_placementKey_participantExternalId: key } });
  // The network's opening messages of a new chat (the sandbox's simulated participant), read before the
  // transaction so no network call holds it open.
  // The network's conversation (found or created there); a participant who does not accept messages is
  // a 422 and nothing is stored.
  const conversation =
    existing?.externalConversationId || !messaging.openConversation
      ? null
      : await messaging
          .openConversation(messagingContext(connector, profile.id), {
            auth: profileAuthOf(await freshAuth(connector, profile.id)),
            participantExternalId: participant,
          })
          .catch((err: unknown) => {
            throw managementError(err, connector.displayName);
          });
  const opening =
    existing || !messaging.openChat
      ? []
      : await messaging.openChat(messagingContext(connector, profile.id), {
          auth: profileAuthOf(profile),
          placement,
          participantExternalId: participant,
        });
  const chat = await db.$transaction(async (tx) => {
    const row = await findOrCreateChatRow(
      tx,
      profile,
      { placement, participantExternalId: participant },
      { participantUsername: input.participant_username, participantName: input.participant_name },
    );
    if (conversation?.conversationId && !row.externalConversationId)
      await tx.chat.update({ where: { id: row.id }, data: { externalConversationId: conversation.conversationId } });
    for (const message of opening) await storeInboundMessage(tx, row, message);
    await recordCommit(tx, { resource: "chat", id: row.id });
    return tx.chat.findUniqueOrThrow({ where: { id: row.id } });
  });
  return { chat, windowHours: messaging.windowHours } satisfies ChatView;
};
