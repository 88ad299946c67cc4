import { z } from "zod";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Inbound, InboundAttachment, InboundItem, InboundRequest } from "../types";
import { botToken, callBotApi } from "./api";
import type { TelegramSettings } from "./index";

// Bot API updates by webhook (setWebhook with our `secret_token`, echoed in
// X-Telegram-Bot-Api-Secret-Token on every delivery). A user's message in the private chat with the bot
// is a direct message. Replies in a channel's linked discussion group (Telegram's "comments") are
// ignored: the spec's comment support table says "List: no" for telegram, and comment.created is not
// emitted for it. Everything else is ignored too.

const ZChat = z
  .object({ id: z.number(), type: z.string(), username: z.string().optional(), title: z.string().optional() })
  .loose();
const ZUser = z
  .object({
    id: z.number(),
    first_name: z.string().optional(),
    last_name: z.string().optional(),
    username: z.string().optional(),
  })
  .loose();
const ZFile = z.object({ file_id: z.string() }).loose();
const ZOrigin = z.object({ type: z.string(), chat: ZChat.optional(), message_id: z.number().optional() }).loose();

const ZRepliedTo = z
  .object({
    message_id: z.number(),
    is_automatic_forward: z.boolean().optional(),
    forward_origin: ZOrigin.optional(),
    forward_from_chat: ZChat.optional(), // before Bot API 7.0
    forward_from_message_id: z.number().optional(),
  })
  .loose();

const ZMessage = z
  .object({
    message_id: z.number(),
    date: z.number(),
    edit_date: z.number().optional(),
    chat: ZChat,
    from: ZUser.optional(),
    sender_chat: ZChat.optional(),
    text: z.string().optional(),
    caption: z.string().optional(),
    message_thread_id: z.number().optional(),
    reply_to_message: ZRepliedTo.optional(),
    photo: z.array(ZFile).optional(),
    video: ZFile.optional(),
    animation: ZFile.optional(),
    audio: ZFile.optional(),
    voice: ZFile.optional(),
    document: ZFile.optional(),
  })
  .loose();
type TgMessage = z.infer<typeof ZMessage>;

const ZUpdate = z
  .object({ update_id: z.number(), message: z.unknown().optional(), edited_message: z.unknown().optional() })
  .loose();

// File ids only: a file's URL embeds the bot token, so nothing is fetchable without it.
const attachmentsOf = (m: TgMessage): InboundAttachment[] => {
  const largestPhoto = m.photo?.at(-1);
  const files: [InboundAttachment["type"], { file_id: string } | undefined][] = [
    ["image", largestPhoto],
    ["video", m.video],
    ["gif", m.animation],
    ["audio", m.audio ?? m.voice],
    ["file", m.document],
  ];
  return files.flatMap(([type, file]) => (file ? [{ type, url: null, externalId: file.file_id }] : []));
};

const authorOf = (m: TgMessage) => {
  if (m.sender_chat)
    return {
      id: String(m.sender_chat.id),
      username: m.sender_chat.username ?? null,
      name: m.sender_chat.title ?? null,
    };
  if (!m.from) return { id: null, username: null, name: null };
  const name = [m.from.first_name, m.from.last_name].filter(Boolean).join(" ");
  return { id: String(m.from.id), username: m.from.username ?? null, name: name || null };
};

// A user's message in the private chat with the bot: a direct message (the chat id is the user's id).
const readPrivateMessage = (m: TgMessage): InboundItem => {
  const author = authorOf(m);
  const chatId = String(m.chat.id);
  return {
    kind: "message",
    account: chatId, // per-profile receiver: the profile is the delivery's
    placement: null,
    participant: { externalId: chatId, username: author.username, name: author.name },
    group: false,
    conversationId: null,
    message: {
      externalId: `${chatId}:${m.message_id}`,
      direction: "inbound",
      body: m.text ?? m.caption ?? null,
      attachments: attachmentsOf(m).map((a) => ({
        type: a.type === "gif" ? "video" : a.type === "external" ? "file" : a.type,
        url: a.url,
        externalId: a.externalId ?? null,
      })),
      replyToExternalId: m.reply_to_message ? `${chatId}:${m.reply_to_message.message_id}` : null,
      tappedAction: null,
      interactive: null,
      platformData: { chat_id: chatId, message_id: m.message_id },
      source: null,
      sentAt: new Date(m.date * 1000),
    },
  };
};

const readMessage = (m: TgMessage, edited: boolean): InboundItem => {
  if (m.chat.type === "private")
    return edited ? { kind: "ignored", reason: "edited private message" } : readPrivateMessage(m);
  // Replies in a channel's discussion group are not comments here: the spec's support table says
  // "List: no" for telegram and comment.created is not emitted for it (networks-and-messaging "Events").
  return { kind: "ignored", reason: "telegram discussion-group messages are not comments (the spec lists none)" };
};

const SECRET_HEADER = "x-telegram-bot-api-secret-token";

const digest = (s: string) => createHmac("sha256", "compare").update(s).digest();

const verify = (request: InboundRequest, secret: string) => {
  const given = request.headers.get(SECRET_HEADER);
  if (given === null) return "missing" as const;
  return timingSafeEqual(digest(given), digest(secret)) ? ("valid" as const) : ("invalid" as const);
};

export const telegramInbound: Inbound<TelegramSettings> = {
  verification: { scope: "profile", verify },
  parse: (_ctx, { body }) => {
    const update = ZUpdate.parse(JSON.parse(body));
    const raw = update.message ?? update.edited_message;
    if (raw === undefined) return [{ kind: "ignored", reason: "update without a message" }];
    const message = ZMessage.safeParse(raw);
    if (!message.success) return [{ kind: "ignored", reason: "message of an unknown shape" }];
    return [readMessage(message.data, update.message === undefined)];
  },
  // setWebhook: Telegram then POSTs every update there with our secret (and getUpdates stops: 409).
  register: async (ctx, { auth, url, secret }) => {
    await callBotApi<boolean>(ctx, botToken(auth), "setWebhook", { url, secret_token: secret });
  },
};
