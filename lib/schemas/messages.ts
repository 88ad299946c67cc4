import { z } from "zod";
import { storableQueryInstant } from "./common";
import { paginatedListOf, zPageQuery } from "./lists";

// Direct messages (API reference, tag "Direct messages": lib/contracts/messages.ts).

export const MESSAGE_STATUSES = [
  "received",
  "pending",
  "published",
  "failed_waiting_for_retry",
  "failed",
  "delivery_unconfirmed",
] as const;
export const MESSAGE_DIRECTIONS = ["inbound", "outbound"] as const;
export const MESSAGE_ATTACHMENT_TYPES = ["image", "video", "audio", "sticker", "file", "story_mention"] as const;

const ZJsonObject = z.record(z.string(), z.unknown());

export const ZChat = z
  .object({
    id: z.string(),
    profile_id: z.string(),
    platform: z.string(),
    participant_external_id: z
      .string()
      .describe("instagram scoped user id, facebook page-scoped id, telegram user id, bluesky DID, whatsapp digits"),
    participant_username: z.string().nullable(),
    participant_name: z.string().nullable(),
    participant_avatar_url: z.string().nullable(),
    external_conversation_id: z.string().nullable(),
    placement_id: z.string().nullable().describe("whatsapp: the phone number id the chat runs on"),
    external_placement_id: z.string().nullable(),
    group: z.boolean(),
    archived: z.boolean(),
    within_messaging_window: z
      .boolean()
      .describe(
        "instagram, facebook, whatsapp: within 24 hours of the participant's last inbound message; always true where the network has no window",
      ),
    last_inbound_at: z.string().nullable(),
    last_outbound_at: z.string().nullable(),
    last_message_at: z.string().nullable(),
    metadata: ZJsonObject.nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Chat" });

export const ZMessageAttachment = z
  .object({
    id: z.string(),
    type: z.enum(MESSAGE_ATTACHMENT_TYPES),
    url: z.string().nullable(),
    status: z.enum(["pending", "processed", "failed"]),
    external_id: z.string().nullable(),
  })
  .meta({ id: "MessageAttachment" });

export const ZMessage = z
  .object({
    id: z.string(),
    chat_id: z.string(),
    external_id: z.string().nullable(),
    direction: z.enum(MESSAGE_DIRECTIONS),
    body: z.string().nullable(),
    status: z.enum(MESSAGE_STATUSES),
    tag: z.string().nullable(),
    source: z.string().nullable().describe("synced: sent from the network's own app"),
    external_comment_id: z.string().nullable(),
    error_message: z.string().nullable(),
    error_details: z
      .object({
        platform_error_code: z.string().nullable(),
        platform_error_subcode: z.string().nullable(),
        platform_error_message: z.string().nullable(),
        postproxy_note: z.string().nullable(),
      })
      .nullable(),
    platform_data: ZJsonObject.nullable(),
    reply_to_external_id: z.string().nullable(),
    reply_markup: ZJsonObject.nullable().optional().describe("telegram only"),
    template: ZJsonObject.nullable().optional().describe("whatsapp only"),
    interactive: ZJsonObject.nullable(),
    tapped_action: z
      .object({ kind: z.string(), payload: z.string().nullable(), title: z.string().nullable() })
      .nullable(),
    reactions: z.array(
      z.object({
        sender_external_id: z.string(),
        emoji: z.string().nullable(),
        reaction: z.string().nullable(),
        at: z.string().nullable(),
      }),
    ),
    attachments: z.array(ZMessageAttachment),
    is_unsupported: z.boolean(),
    external_posted_at: z.string().nullable(),
    external_delivered_at: z.string().nullable(),
    external_read_at: z.string().nullable(),
    external_edited_at: z.string().nullable(),
    external_deleted_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: "Message" });

export const ZChatList = paginatedListOf(ZChat);
export const ZMessageList = paginatedListOf(ZMessage);

const ZInstant = storableQueryInstant(
  z.iso.datetime({ offset: true, local: true, error: "must be an ISO 8601 timestamp" }),
).optional();

export const ZProfileChatsParams = z.object({ id: z.string().min(1) });
export const ZChatParams = z.object({
  id: z.string().min(1).describe("the chat's id or its external_conversation_id"),
});
export const ZMessageParams = z.object({
  id: z.string().min(1).describe("the message's id or the network's id of it"),
});

export const ZListChatsQuery = z.object({
  before: ZInstant.describe("last_message_at before"),
  after: ZInstant.describe("last_message_at after"),
  placement_id: z.string().optional(),
  archived: z.enum(["true", "false"]).optional(),
  ...zPageQuery({ base: 0, defaultPerPage: 20, maxPerPage: 100 }).shape,
});

export const ZListMessagesQuery = z.object({
  direction: z.enum(MESSAGE_DIRECTIONS, { error: "direction must be inbound or outbound" }).optional(),
  status: z.enum(MESSAGE_STATUSES, { error: `status must be one of ${MESSAGE_STATUSES.join(", ")}` }).optional(),
  ...zPageQuery({ base: 0, defaultPerPage: 20, maxPerPage: 100 }).shape,
});

export const ZCreateChatBody = z.object({
  participant_external_id: z.coerce
    .string({ error: "participant_external_id is required" })
    .trim()
    .min(1, "participant_external_id is required"),
  participant_username: z.string().trim().min(1).max(200).optional(),
  participant_name: z.string().trim().min(1).max(200).optional(),
  placement_id: z.coerce.string().trim().min(1).optional().describe("required on whatsapp: the phone number id"),
});
export type TCreateChatBody = z.infer<typeof ZCreateChatBody>;

const ZQuickReply = z.object({
  title: z.string().min(1).max(20),
  payload: z.string().min(1).max(1000),
  content_type: z.literal("text").optional(),
});
const ZButton = z.object({
  type: z.enum(["web_url", "postback"]),
  title: z.string().min(1),
  url: z.string().optional(),
  payload: z.string().optional(),
});
const ZTemplate = z.object({
  name: z.string({ error: "template.name is required" }).min(1),
  language: z.union([z.string().min(1), z.object({ code: z.string().min(1) })], {
    error: "template.language is required",
  }),
  components: z.array(ZJsonObject).optional(),
});
const ZLocation = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  name: z.string().optional(),
  address: z.string().optional(),
});

// One send. Which fields a network takes, and its combinations, are the connector's rules (422 naming
// the field); here only the shapes.
export const ZSendMessageBody = z.object({
  body: z.string().max(65_536).optional(),
  media: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
    .pipe(z.array(z.url({ protocol: /^https?$/, error: "media must be http(s) URLs" })).optional()),
  tag: z.literal("HUMAN_AGENT", { error: "tag must be HUMAN_AGENT" }).optional(),
  reply_to_external_id: z.coerce.string().min(1).optional(),
  reply_markup: ZJsonObject.optional(),
  quick_replies: z.array(ZQuickReply).max(13, "quick_replies: at most 13").optional(),
  buttons: z.array(ZButton).max(3, "buttons: at most 3").optional(),
  card: z
    .object({
      subtitle: z.string().optional(),
      image_url: z.string().optional(),
      default_action: ZJsonObject.optional(),
    })
    .optional(),
  template: ZTemplate.optional(),
  interactive: ZJsonObject.optional(),
  location: ZLocation.optional(),
  contacts: z.array(ZJsonObject).min(1).optional(),
  category: z.literal("utility", { error: "category must be utility" }).optional(),
  link_preview: z.boolean().optional(),
  voice_note: z.boolean().optional(),
  filename: z.string().min(1).max(240).optional(),
});
export type TSendMessageBody = z.infer<typeof ZSendMessageBody>;

// The admin chat inbox (GET /api/admin/chats): chats across profiles with what the inbox shows beside
// the Chat resource. `composer` is the network's messaging capability as data, so the admin's composer
// offers what the chat allows without knowing networks.
export const ZComposerCapability = z
  .object({
    fields: z.array(z.string()).describe("the send-body fields the network takes (POST /api/chats/{id}/messages)"),
    outside_window: z
      .array(z.string())
      .describe("the fields that send outside the messaging window (a template; `category` with a body)"),
    participant_writes_first: z.boolean(),
  })
  .meta({ id: "ComposerCapability" });

export const ZInboxChat = ZChat.extend({
  profile_name: z.string(),
  unread_count: z.int().describe("inbound messages received after metadata.read_at"),
  composer: ZComposerCapability,
}).meta({ id: "InboxChat" });
export type TInboxChat = z.infer<typeof ZInboxChat>;
export const ZInboxChatList = paginatedListOf(ZInboxChat);

export const ZInboxChatsQuery = z.object({
  profile_group_id: z.string().optional(),
  platform: z.string().optional().describe("a network name"),
  profile_id: z.string().optional(),
  placement_id: z.string().optional().describe("the number (or page) the chats run on"),
  archived: z.enum(["true", "false"]).optional(),
  ...zPageQuery({ base: 0, defaultPerPage: 50, maxPerPage: 100 }).shape,
});
export type TInboxChatsQuery = z.infer<typeof ZInboxChatsQuery>;

export const ZReactBody = z.object({
  reaction: z
    .string({ error: "reaction is required" })
    .trim()
    .min(1, "reaction is required")
    .max(64)
    .describe("an emoji, or the network's name of a reaction (instagram `love`; facebook `love`, `like`, ...)"),
});
export type TReactBody = z.infer<typeof ZReactBody>;

export const ZEditMessageBody = z.object({
  body: z.string({ error: "body is required" }).trim().min(1, "body is required").max(65_536),
});
export type TEditMessageBody = z.infer<typeof ZEditMessageBody>;

export const ZIceBreaker = z.object({
  question: z.string({ error: "question is required" }).trim().min(1, "question is required").max(80),
  payload: z.string({ error: "payload is required" }).trim().min(1, "payload is required").max(1000),
});
export const ZIceBreakersBody = z.object({
  ice_breakers: z
    .array(ZIceBreaker, { error: "ice_breakers is required" })
    .min(1, "ice_breakers: at least 1")
    .max(4, "ice_breakers: at most 4"),
});
export type TIceBreakersBody = z.infer<typeof ZIceBreakersBody>;
export const ZIceBreakerList = z.object({ ice_breakers: z.array(ZIceBreaker) });
