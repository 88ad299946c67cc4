import type { FakeReply } from "./support";
import type { ChatEntry, MemberStatus, TgChat, TgFakeMessage } from "./telegram-messages";

// The direct-message side of the Telegram fake (telegram.ts), from the Bot API docs: what users do in a
// private chat with the bot or in a group the bot is in (write, edit what they wrote, tap an inline
// keyboard button of one of the bot's messages: a callback_query), and the bot's edits of its own
// messages (editMessageText, editMessageCaption) with Telegram's answers: "message to edit not found",
// "message can't be edited" (not the bot's), "there is no text in the message to edit" (a media
// message's text is its caption), "message is not modified"; answerCallbackQuery acknowledges a tap
// (each query once: an unknown or already answered one is "query is too old and response timeout expired
// or query ID is invalid"), the answered ids kept in `answeredCallbackQueries`. Unknown parameters are refused here (the
// real API ignores them; a fake that refuses catches a misspelt one).

type User = { id: number; first_name: string; username?: string };
const bad = (what: string): FakeReply => ({
  status: 400,
  body: { ok: false, error_code: 400, description: `Bad Request: ${what}` },
});
const ok = (result: unknown): FakeReply => ({ status: 200, body: { ok: true, result } });
const EDIT_PARAMS = new Set([
  "chat_id",
  "message_id",
  "inline_message_id",
  "business_connection_id",
  "parse_mode",
  "entities",
  "reply_markup",
]);

const ANSWER_PARAMS = new Set(["callback_query_id", "text", "show_alert", "url", "cache_time"]);

export const createTelegramChats = (deps: {
  bot: { id: number; first_name: string; username?: string };
  chats: Map<number, ChatEntry>;
  messages: TgFakeMessage[];
  pushUpdate: (payload: Record<string, unknown>) => Record<string, unknown>;
}) => {
  let nextUserMessageId = 800_000;
  const userMessages = new Map<string, Record<string, unknown>>(); // `${chat}:${id}` -> the message as sent
  const now = () => Math.floor(Date.now() / 1000);
  const openQueries = new Set<string>(); // taps not answered yet
  const answeredCallbackQueries: string[] = [];

  const answerCallbackQuery = (p: Record<string, unknown>): FakeReply => {
    const unknown = Object.keys(p).filter((k) => !ANSWER_PARAMS.has(k));
    if (unknown.length) return bad(`unknown parameter(s) ${unknown.join(", ")}`);
    if (p.text !== undefined && (typeof p.text !== "string" || p.text.length > 200))
      return bad("text must be a string of at most 200 characters");
    if (p.show_alert !== undefined && typeof p.show_alert !== "boolean") return bad("show_alert must be a boolean");
    if (p.cache_time !== undefined && !Number.isInteger(p.cache_time)) return bad("cache_time must be an integer");
    const id = String(p.callback_query_id ?? "");
    if (!openQueries.delete(id)) return bad("query is too old and response timeout expired or query ID is invalid");
    answeredCallbackQueries.push(id);
    return ok(true);
  };

  const edit = (kind: "text" | "caption") => (p: Record<string, unknown>) => {
    const unknown = Object.keys(p).filter((k) => !EDIT_PARAMS.has(k) && k !== kind);
    if (unknown.length) return bad(`unknown parameter(s) ${unknown.join(", ")}`);
    const m = deps.messages.find((x) => x.chat_id === Number(p.chat_id) && x.message_id === Number(p.message_id));
    if (!m || m.deleted) {
      if (userMessages.has(`${Number(p.chat_id)}:${Number(p.message_id)}`)) return bad("message can't be edited");
      return bad("message to edit not found");
    }
    const value = p[kind];
    if (typeof value !== "string" || (kind === "text" && value.trim() === "")) return bad("message text is empty");
    if (kind === "text" && m.kind !== "text") return bad("there is no text in the message to edit");
    if (kind === "caption" && m.kind === "text") return bad("there is no caption in the message to edit");
    if ((kind === "text" ? m.text : m.caption) === value)
      return bad(
        "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
      );
    if (kind === "text") m.text = value;
    else m.caption = value;
    const entry = deps.chats.get(m.chat_id)!;
    return ok({
      message_id: m.message_id,
      from: { ...deps.bot, is_bot: true },
      chat: entry.chat,
      date: m.date,
      edit_date: now(),
      ...(kind === "text" ? { text: value } : { caption: value }),
    });
  };

  const chatOfUser = (user: User): TgChat => ({
    id: user.id,
    type: "private",
    first_name: user.first_name,
    ...(user.username && { username: user.username }),
  });

  return {
    answeredCallbackQueries,
    methods: { editMessageText: edit("text"), editMessageCaption: edit("caption"), answerCallbackQuery } as Record<
      string,
      (params: Record<string, unknown>) => FakeReply
    >,
    // A member writes in a group the bot is in (not a reply to anything).
    memberWrites(group: TgChat, user: User, text: string) {
      const entry = deps.chats.get(group.id);
      if (!entry) throw new Error(`no chat ${group.id}`);
      entry.members.set(user.id, "member" as MemberStatus);
      const message = {
        message_id: ++nextUserMessageId,
        from: { ...user, is_bot: false },
        chat: group,
        date: now(),
        text,
      };
      userMessages.set(`${group.id}:${message.message_id}`, message);
      return deps.pushUpdate({ message });
    },
    // The user edits a message they sent (given as the update that carried it).
    userEdits(update: Record<string, unknown>, text: string) {
      const sent = update.message as Record<string, unknown>;
      return deps.pushUpdate({ edited_message: { ...sent, text, edit_date: now() } });
    },
    // The user taps an inline keyboard button (by its callback_data) of one of the bot's messages.
    userTaps(user: User, botMessage: TgFakeMessage, callbackData: string) {
      const entry = deps.chats.get(botMessage.chat_id);
      if (!entry) throw new Error(`no chat ${botMessage.chat_id}`);
      const rows = (botMessage.reply_markup as { inline_keyboard?: { callback_data?: string }[][] } | undefined)
        ?.inline_keyboard;
      if (!rows?.flat().some((b) => b.callback_data === callbackData))
        throw new Error(`the message has no button with callback_data ${callbackData}`);
      const id = String(4_000_000_000_000 + nextUserMessageId++);
      openQueries.add(id);
      return deps.pushUpdate({
        callback_query: {
          id,
          from: { ...user, is_bot: false },
          chat_instance: String(-9_000_000 - entry.chat.id),
          data: callbackData,
          message: {
            message_id: botMessage.message_id,
            from: { ...deps.bot, is_bot: true },
            chat: entry.chat.type === "private" ? chatOfUser(user) : entry.chat,
            date: botMessage.date,
            text: botMessage.text,
            reply_markup: botMessage.reply_markup,
          },
        },
      });
    },
  };
};
