import { NetworkError } from "../errors";
import type { MessageRequest, Messaging } from "../types";
import { mediaTypeOfUrl } from "../message-media";
import { botToken, callBotApi } from "./api";
import type { TelegramSettings } from "./index";

// Direct messages with a bot (Bot API): the chat with a user is the private chat whose id is the user's
// id. A bot cannot start a conversation (Telegram answers 403 "bot can't initiate conversation with a
// user"), so the user must have written first; there is no messaging window. Text goes out with
// sendMessage (reply_markup keyboards, reply_parameters for quoted replies), one media URL with
// sendPhoto/sendVideo/sendAudio/sendDocument and the body as caption. Message ids are
// `<chat id>:<message id>`, like the publisher's. Bots cannot read a chat back: an unanswered send ends
// delivery_unconfirmed.

const MB = 1024 * 1024;
type SentMessage = { message_id: number; chat: { id: number } };

const METHOD_BY_TYPE = {
  image: ["sendPhoto", "photo"],
  video: ["sendVideo", "video"],
  audio: ["sendAudio", "audio"],
} as const;

const mediaCall = (url: string): [string, string] => {
  const type = mediaTypeOfUrl(url);
  const found = type === "image" || type === "video" || type === "audio" ? METHOD_BY_TYPE[type] : null;
  return found ? [found[0], found[1]] : ["sendDocument", "document"];
};

const check = (request: MessageRequest): string[] => {
  const problems: string[] = [];
  const rows = request.reply_markup?.inline_keyboard;
  if (request.reply_markup && rows !== undefined && !Array.isArray(rows))
    problems.push("reply_markup.inline_keyboard must be an array of button rows");
  if ((request.body?.length ?? 0) > (request.media ? 1024 : 4096))
    problems.push(
      request.media ? "body: at most 1,024 characters as a media caption" : "body: at most 4,096 characters",
    );
  return problems;
};

export const telegramMessaging: Messaging<TelegramSettings> = {
  windowHours: null,
  participantWritesFirst: true,
  placementRequired: false,
  // A user's id (their private chat with the bot), or a group's (negative) id.
  participantId: (raw) => (/^-?\d{1,20}$/.test(raw.trim()) ? raw.trim() : null),
  fields: new Set(["body", "media", "reply_markup", "reply_to_external_id"]),
  // Files sent by URL: photos up to 5 MB, everything else up to 20 MB (Bot API "Sending files").
  mediaLimits: { image: 5 * MB, video: 20 * MB, audio: 20 * MB, file: 20 * MB },
  check,
  send: async (ctx, { auth, participantExternalId, request }) => {
    const replyTo = request.reply_to_external_id?.split(":").at(-1);
    const common = {
      chat_id: participantExternalId,
      ...(request.reply_markup && { reply_markup: request.reply_markup }),
      ...(replyTo && { reply_parameters: { message_id: Number(replyTo), allow_sending_without_reply: true } }),
    };
    const media = request.media?.[0];
    const sent = media
      ? await callBotApi<SentMessage>(ctx, botToken(auth), mediaCall(media)[0], {
          ...common,
          [mediaCall(media)[1]]: media,
          ...(request.body && { caption: request.body }),
        })
      : await callBotApi<SentMessage>(ctx, botToken(auth), "sendMessage", { ...common, text: request.body ?? "" });
    return { externalId: `${sent.chat.id}:${sent.message_id}` };
  },
  // answerCallbackQuery for a stored tap (its callback_query_id is in platform_data). Telegram takes it
  // within seconds of the tap: a late one ("query is too old ...") is nothing to fail on.
  acknowledgeTap: async (ctx, { auth, message }) => {
    const id = message.platformData?.callback_query_id;
    if (typeof id !== "string") return;
    try {
      await callBotApi<boolean>(ctx, botToken(auth), "answerCallbackQuery", { callback_query_id: id });
    } catch (err) {
      if (err instanceof NetworkError && /query is too old|query ID is invalid/i.test(err.message)) return;
      throw err;
    }
  },
  // editMessageText, or editMessageCaption for a media message (its text is the caption). The same text
  // again ("message is not modified") is not an error: an edit repeated after a lost answer is done.
  edit: async (ctx, { auth, messageExternalId, hasMedia, body }) => {
    const [chatId, messageId] = [messageExternalId.split(":")[0], Number(messageExternalId.split(":").at(-1))];
    try {
      await callBotApi(ctx, botToken(auth), hasMedia ? "editMessageCaption" : "editMessageText", {
        chat_id: chatId,
        message_id: messageId,
        [hasMedia ? "caption" : "text"]: body,
      });
    } catch (err) {
      if (err instanceof NetworkError && /message is not modified/i.test(err.message)) return;
      throw err;
    }
  },
};
