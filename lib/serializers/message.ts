import type { Chat, Message } from "@/lib/generated/prisma/client";
import type { z } from "zod";
import type { TInboxChat, ZChat, ZMessage } from "@/lib/schemas/messages";
import { serializeErrorDetails } from "./post";

// The Chat and Message resources (lib/contracts/messages.ts). Webhook payloads of message.* reuse them as
// `{message: Message}`.

type TChat = z.infer<typeof ZChat>;
type TMessage = z.infer<typeof ZMessage>;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const objectOrNull = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

// Free-form messages are allowed within `windowHours` of the participant's last inbound message; a
// network without a window (null) is always within it.
export const withinWindow = (chat: Pick<Chat, "lastInboundAt">, windowHours: number | null, now = new Date()) =>
  windowHours === null ||
  (chat.lastInboundAt !== null && now.getTime() - chat.lastInboundAt.getTime() < windowHours * 3600_000);

// A chat as the services answer it: the row and its network's messaging window.
export type ChatView = { chat: Chat; windowHours: number | null };

export const renderChat = ({ chat, windowHours }: ChatView): TChat => serializeChat(chat, windowHours);

// An entry of the admin chat inbox (GET /api/admin/chats) as lib/services/messages/inbox.ts answers it:
// the chat, its profile's name, its unread count and the network's composer capability as data.
export type InboxChatView = ChatView & { profileName: string; unreadCount: number; composer: TInboxChat["composer"] };

export const renderInboxChat = (
  { chat, windowHours, profileName, unreadCount, composer }: InboxChatView,
  now = new Date(),
): TInboxChat => ({
  ...serializeChat(chat, windowHours, now),
  profile_name: profileName,
  unread_count: unreadCount,
  composer,
});

export const serializeChat = (chat: Chat, windowHours: number | null, now = new Date()): TChat => ({
  id: chat.id,
  profile_id: chat.profileId,
  platform: chat.platform,
  participant_external_id: chat.participantExternalId,
  participant_username: chat.participantUsername,
  participant_name: chat.participantName,
  participant_avatar_url: chat.participantAvatarUrl,
  external_conversation_id: chat.externalConversationId,
  placement_id: chat.externalPlacementId,
  external_placement_id: chat.externalPlacementId,
  group: chat.group,
  archived: chat.archived,
  within_messaging_window: withinWindow(chat, windowHours, now),
  last_inbound_at: iso(chat.lastInboundAt),
  last_outbound_at: iso(chat.lastOutboundAt),
  last_message_at: iso(chat.lastMessageAt),
  metadata: objectOrNull(chat.metadata),
  created_at: chat.createdAt.toISOString(),
});

type StoredAttachment = {
  id: string;
  type: TMessage["attachments"][number]["type"];
  url: string | null;
  external_id?: string | null;
};
type StoredReaction = {
  sender_external_id: string;
  emoji?: string | null;
  reaction?: string | null;
  at?: string | null;
};
type StoredTap = { kind: string; payload?: string | null; title?: string | null };

export const serializeMessage = (m: Message): TMessage => {
  const request = objectOrNull(m.request);
  const tap = objectOrNull(m.tappedAction) as StoredTap | null;
  return {
    id: m.id,
    chat_id: m.chatId,
    external_id: m.externalId,
    direction: m.direction,
    body: m.body,
    status: m.status,
    tag: m.tag,
    source: m.source,
    external_comment_id: null, // private replies are not built yet
    error_message: m.error,
    error_details: serializeErrorDetails(m.errorDetails),
    platform_data: objectOrNull(m.platformData),
    reply_to_external_id: m.replyToExternalId,
    ...(request?.reply_markup !== undefined && { reply_markup: objectOrNull(request.reply_markup) }),
    ...(request?.template !== undefined && { template: objectOrNull(request.template) }),
    interactive: objectOrNull(m.interactive) ?? objectOrNull(request?.interactive),
    tapped_action: tap ? { kind: tap.kind, payload: tap.payload ?? null, title: tap.title ?? null } : null,
    reactions: ((m.reactions as StoredReaction[] | null) ?? []).map((r) => ({
      sender_external_id: r.sender_external_id,
      emoji: r.emoji ?? null,
      reaction: r.reaction ?? null,
      at: r.at ?? null,
    })),
    attachments: ((m.attachments as StoredAttachment[] | null) ?? []).map((a) => ({
      id: a.id,
      type: a.type,
      url: a.url,
      status: "pending" as const,
      external_id: a.external_id ?? null,
    })),
    is_unsupported: false,
    external_posted_at: iso(m.externalPostedAt),
    external_delivered_at: iso(m.externalDeliveredAt),
    external_read_at: iso(m.externalReadAt),
    external_edited_at: null,
    external_deleted_at: null,
    created_at: m.createdAt.toISOString(),
  };
};

export const messageEventData = (m: Message) => ({ message: serializeMessage(m) });
