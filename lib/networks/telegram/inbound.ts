import { z } from "zod";
import { createHmac, timingSafeEqual } from "node:crypto";
import type { Inbound, InboundAttachment, InboundItem, InboundRequest } from "../types";
import { botToken, callBotApi } from "./api";
import type { TelegramSettings } from "./index";

// Bot API updates by webhook (setWebhook with our `secret_token`, echoed in
// X-Telegram-Bot-Api-Secret-Token on every delivery). Direct messages: messages in the private chat with
// the bot and in groups the bot is in, their edits, and taps on inline keyboard buttons (callback_query).
// Replies in a channel's linked discussion group (Telegram's "comments") are ignored: the API's comment
// support table lists none for telegram and comment.created is not emitted for it. Everything else is
// ignored too.

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
    from: z.object({ id: z.number(), is_bot: z.boolean().optional() }).loose().optional(),
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
    is_automatic_forward: z.boolean().optional(),
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
  .object({
    update_id: z.number(),
    message: z.unknown().optional(),
    edited_message: z.unknown().optional(),
    callback_query: z.unknown().optional(),
  })
  .loose();

// An inline keyboard button tapped (https://core.telegram.org/bots/api#callbackquery): `message` is the
// bot's message that carried the keyboard (absent when it is too old), `data` the button's callback_data.
const ZKeyboard = z
  .object({
    inline_keyboard: z.array(z.array(z.object({ text: z.string(), callback_data: z.string().optional() }).loose())),
  })
  .loose();
const ZCallbackQuery = z
  .object({
    id: z.string(),
    from: ZUser,
    data: z.string().optional(),
    message: z
      .object({ message_id: z.number(), chat: ZChat, date: z.number(), reply_markup: ZKeyboard.optional() })
      .loose()
      .optional(),
  })
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

// A message in a chat with the bot: the private chat (its id is the user's id), or a group the bot is in
// (the chat is the group: `group` true, the sender in platform_data.from).
const readChatMessage = (m: TgMessage): InboundItem => {
  const author = authorOf(m);
  const chatId = String(m.chat.id);
  const group = m.chat.type !== "private";
  return {
    kind: "message",
    account: chatId, // per-profile receiver: the profile is the delivery's
    placement: null,
    participant: group
      ? { externalId: chatId, username: m.chat.username ?? null, name: m.chat.title ?? null }
      : { externalId: chatId, username: author.username, name: author.name },
    group,
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
      platformData: {
        chat_id: chatId,
        message_id: m.message_id,
        ...(group && { from: { id: author.id, username: author.username, name: author.name } }),
      },
      source: null,
      sentAt: new Date(m.date * 1000),
    },
  };
};

// A user edited a message of a chat with the bot: message.edited with the new text.
const readChatEdit = (m: TgMessage): InboundItem => ({
  kind: "message_edit",
  account: String(m.chat.id),
  messageExternalId: `${m.chat.id}:${m.message_id}`,
  body: m.text ?? m.caption ?? null,
  at: new Date((m.edit_date ?? m.date) * 1000),
  announce: true,
});

// A tap on an inline keyboard button of one of the bot's messages: an inbound message with
// `tapped_action` {kind: callback_query, payload: the button's callback_data, title: its text}, keyed
// by the callback query's id, replying to the bot's message.
const readCallbackQuery = (raw: unknown): InboundItem => {
  const parsed = ZCallbackQuery.safeParse(raw);
  if (!parsed.success || !parsed.data.message) return { kind: "ignored", reason: "callback query without its message" };
  const { id, from, data, message } = parsed.data;
  const chatId = String(message.chat.id);
  const group = message.chat.type !== "private";
  const name = [from.first_name, from.last_name].filter(Boolean).join(" ") || null;
  const button = message.reply_markup?.inline_keyboard.flat().find((b) => b.callback_data === data);
  return {
    kind: "message",
    account: chatId,
    placement: null,
    participant: group
      ? { externalId: chatId, username: message.chat.username ?? null, name: message.chat.title ?? null }
      : { externalId: chatId, username: from.username ?? null, name },
    group,
    conversationId: null,
    message: {
      externalId: `callback_query:${id}`,
      direction: "inbound",
      body: button?.text ?? null,
      attachments: [],
      replyToExternalId: `${chatId}:${message.message_id}`,
      tappedAction: { kind: "callback_query", payload: data ?? null, title: button?.text ?? null },
      interactive: null,
      platformData: {
        chat_id: chatId,
        callback_query_id: id,
        ...(group && { from: { id: String(from.id), username: from.username ?? null, name } }),
      },
      source: null,
      sentAt: new Date(),
    },
  };
};

const hasContent = (m: TgMessage) => m.text !== undefined || m.caption !== undefined || attachmentsOf(m).length > 0;

// In a group: a message that replies to nothing, or answers the bot, is a group chat message.
const readMessage = (m: TgMessage, edited: boolean): InboundItem => {
  if (m.chat.type === "private") return edited ? readChatEdit(m) : readChatMessage(m);
  const isGroup = m.chat.type === "supergroup" || m.chat.type === "group";
  if (!isGroup) return { kind: "ignored", reason: "not a private or group chat" };
  const replied = m.reply_to_message;
  const answersBot = replied?.from?.is_bot === true && replied.is_automatic_forward !== true;
  if (!replied || answersBot) {
    if (m.is_automatic_forward === true || !hasContent(m)) return { kind: "ignored", reason: "not a group message" };
    return edited ? readChatEdit(m) : readChatMessage(m);
  }
  // A reply to a channel post's forward or to another reply: a discussion-group comment, not listed.
  return { kind: "ignored", reason: "telegram discussion-group messages are not comments (none are listed)" };
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
    if (update.callback_query !== undefined) return [readCallbackQuery(update.callback_query)];
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
