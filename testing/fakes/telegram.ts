import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { isMultipart, parseMultipart, readRaw } from "./form-data";
import { failureQueue, listen, send, type FakeReply } from "./support";
import { createTelegramChats } from "./telegram-chats";
import { createTelegramMessages, type ChatEntry, type MemberStatus, type TgChat } from "./telegram-messages";

export type { TgChat, TgFakeMessage } from "./telegram-messages";

// A small stand-in for the Telegram Bot API (https://core.telegram.org/bots/api), written from its
// documentation: `/bot<token>/<method>` with parameters as JSON, form or query string; answers in the
// `{ok:true, result}` / `{ok:false, error_code, description, parameters?}` envelopes with the HTTP status
// equal to error_code. Methods: getMe, getUpdates (pending updates are kept until confirmed by an
// `offset` above their update_id; 409 while a webhook is set), getChat, getChatMember, setWebhook,
// deleteWebhook, getWebhookInfo, and the posting methods of telegram-messages.ts (sendMessage, sendPhoto,
// sendVideo, sendAnimation, sendDocument, sendMediaGroup, deleteMessage, getChatMemberCount; parameters
// may also come as multipart/form-data with file parts). Controls play the Telegram user: create
// channels and groups, make the bot an administrator (a my_chat_member update), post in a channel,
// upgrade a group, set a chat's member count, fail the next call, or lose the next answer.

export type TgUser = { id: number; is_bot: boolean; first_name: string; username?: string };
export type TgUpdate = { update_id: number } & Record<string, unknown>;

// The error envelope, for failNext().
export const telegramError = (
  errorCode: number,
  description: string,
  parameters?: { retry_after?: number; migrate_to_chat_id?: number },
): FakeReply => ({
  status: errorCode,
  body: { ok: false, error_code: errorCode, description, ...(parameters && { parameters }) },
});

const ok = (result: unknown): FakeReply => ({ status: 200, body: { ok: true, result } });

// Parameters the way the Bot API takes them: query string, then a JSON, form or multipart body.
const paramsOf = async (req: IncomingMessage, url: URL): Promise<Record<string, unknown>> => {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  const bytes = await readRaw(req);
  if (!bytes.length) return params;
  if (isMultipart(req)) return { ...params, ...(await parseMultipart(req, bytes)) };
  const raw = bytes.toString("utf8");
  const type = req.headers["content-type"] ?? "";
  if (type.includes("application/json")) return { ...params, ...(JSON.parse(raw) as Record<string, unknown>) };
  if (type.includes("application/x-www-form-urlencoded"))
    return { ...params, ...Object.fromEntries(new URLSearchParams(raw)) };
  return params;
};

type Chatting = ReturnType<typeof createTelegramChats>;

const tokenFor = (botId: number) => `${botId}:${randomBytes(26).toString("base64url")}`;

export const startTelegramFake = async ({ bot: botInput }: { bot?: Partial<TgUser> } = {}) => {
  const bot: TgUser = {
    id: 7_100_000_001,
    is_bot: true,
    first_name: "Acme Publisher",
    username: "acme_publisher_bot",
    ...botInput,
  };
  const owner: TgUser = { id: 5_550_001, is_bot: false, first_name: "Ada", username: "ada" };
  const chats = new Map<number, ChatEntry>();
  let updates: TgUpdate[] = [];
  let nextUpdateId = 900_000_001;
  let nextChatId = 1_000_000_001;
  const privateIds = new Map<number, number>();
  const failures = failureQueue<string>((key, method) => key === method || key === "*");
  const lost = new Set<string>();

  const fake = {
    url: "",
    bot,
    token: tokenFor(bot.id),
    webhookUrl: "",
    webhookSecret: "", // setWebhook's secret_token, sent back in X-Telegram-Bot-Api-Secret-Token
    allowedUpdates: null as string[] | null, // the sticky setting last given to getUpdates/setWebhook
    requests: [] as { method: string; token: string; params: Record<string, unknown> }[],

    get pendingUpdates() {
      return [...updates];
    },
    // Telegram forgets unconfirmed updates after 24 hours (or another consumer confirmed them).
    dropPendingUpdates() {
      updates = [];
    },
    // @BotFather /revoke: the old token answers 401 from now on.
    revokeToken() {
      fake.token = tokenFor(bot.id);
      return fake.token;
    },
    // The next call of `method` ("*" for any) answers `reply` instead.
    failNext(method: string, reply: FakeReply) {
      failures.push(method, reply);
    },
    // The next successful call of `method` is carried out, then its connection is dropped unanswered.
    loseNextAnswer(method: string) {
      lost.add(method);
    },
    // Everything the bot posted (kept after deleteMessage, marked deleted).
    get messages() {
      return messaging.messages;
    },
    // getChatMemberCount's answer for a chat (default: the members the fake knows).
    setMemberCount(chatId: number, count: number) {
      const entry = chats.get(chatId);
      if (!entry) throw new Error(`no chat ${chatId}`);
      entry.memberCount = count;
    },
    setWebhook(url: string) {
      fake.webhookUrl = url;
    },

    createChannel({ title, username }: { title: string; username?: string }): TgChat {
      const chat: TgChat = {
        id: -(1_000_000_000_000 + nextChatId++),
        type: "channel",
        title,
        ...(username && { username }),
      };
      chats.set(chat.id, { chat, members: new Map([[owner.id, "creator"]]) });
      return chat;
    },
    createGroup({ title }: { title: string }): TgChat {
      const chat: TgChat = { id: -nextChatId++, type: "group", title };
      chats.set(chat.id, { chat, members: new Map([[owner.id, "creator"]]) });
      return chat;
    },
    // The owner changes the bot's membership; Telegram tells the bot with a my_chat_member update.
    setBotStatus(chatId: number, status: MemberStatus) {
      const entry = chats.get(chatId);
      if (!entry) throw new Error(`no chat ${chatId}`);
      const old = entry.members.get(bot.id) ?? "left";
      entry.members.set(bot.id, status);
      pushUpdate({
        my_chat_member: {
          chat: entry.chat,
          from: owner,
          date: Math.floor(Date.now() / 1000),
          old_chat_member: memberOf(entry.chat, old),
          new_chat_member: memberOf(entry.chat, status),
        },
      });
    },
    makeBotAdmin(chatId: number) {
      fake.setBotStatus(chatId, "administrator");
    },
    postInChannel(chatId: number, text: string) {
      const entry = chats.get(chatId);
      if (!entry) throw new Error(`no chat ${chatId}`);
      pushUpdate({
        channel_post: {
          message_id: updates.length + 1,
          sender_chat: entry.chat,
          chat: entry.chat,
          date: Math.floor(Date.now() / 1000),
          text,
        },
      });
    },
    // A user writes to the bot in private (the chat Telegram opens with /start): the Update a webhook
    // would carry is returned (and queued for getUpdates). Until then the bot cannot write to the user.
    userWrites(user: { id: number; first_name: string; username?: string }, text: string): TgUpdate {
      const chat: TgChat = {
        id: user.id,
        type: "private",
        first_name: user.first_name,
        ...(user.username && { username: user.username }),
      };
      const entry = chats.get(user.id) ?? { chat, members: new Map<number, MemberStatus>([[bot.id, "member"]]) };
      chats.set(user.id, entry);
      const messageId = (privateIds.get(user.id) ?? 500_000) + 1; // apart from the ids of what the bot sends
      privateIds.set(user.id, messageId);
      pushUpdate({
        message: {
          message_id: messageId,
          from: { ...user, is_bot: false },
          chat,
          date: Math.floor(Date.now() / 1000),
          text,
        },
      });
      return updates.at(-1)!;
    },
    // A group becomes a supergroup with a new id; the old id answers 400 with migrate_to_chat_id.
    upgradeGroup(chatId: number): TgChat {
      const entry = chats.get(chatId);
      if (!entry || entry.chat.type !== "group") throw new Error(`no group ${chatId}`);
      const chat: TgChat = { id: -(1_000_000_000_000 + nextChatId++), type: "supergroup", title: entry.chat.title };
      chats.set(chat.id, { chat, members: new Map(entry.members) });
      entry.migratedTo = chat.id;
      pushUpdate({
        message: {
          message_id: 1,
          from: owner,
          chat: entry.chat,
          date: Math.floor(Date.now() / 1000),
          migrate_to_chat_id: chat.id,
        },
      });
      return chat;
    },

    // Direct messages (telegram-chats.ts): a group member writes, a user edits, a user taps a button.
    memberWrites: (...args: Parameters<Chatting["memberWrites"]>) => chatting.memberWrites(...args),
    userEdits: (...args: Parameters<Chatting["userEdits"]>) => chatting.userEdits(...args),
    userTaps: (...args: Parameters<Chatting["userTaps"]>) => chatting.userTaps(...args),
    // The callback queries the bot answered (answerCallbackQuery), in order.
    get answeredCallbackQueries() {
      return [...chatting.answeredCallbackQueries];
    },

    close: () => server.close(),
  };

  const pushUpdate = (payload: Record<string, unknown>) => {
    updates.push({ update_id: nextUpdateId++, ...payload });
    return updates.at(-1)!;
  };

  const memberOf = (chat: TgChat, status: MemberStatus) =>
    status === "administrator"
      ? {
          user: bot,
          status,
          can_be_edited: false,
          is_anonymous: false,
          can_manage_chat: true,
          can_delete_messages: true,
          can_restrict_members: true,
          can_promote_members: false,
          can_change_info: true,
          can_invite_users: true,
          ...(chat.type === "channel"
            ? { can_post_messages: true, can_edit_messages: true }
            : { can_pin_messages: true }),
        }
      : status === "kicked"
        ? { user: bot, status, until_date: 0 }
        : { user: bot, status };

  // chat_id as an integer, a numeric string or @username.
  const findChat = (chatId: unknown) => {
    if (typeof chatId === "string" && chatId.startsWith("@"))
      return [...chats.values()].find((e) => e.chat.username === chatId.slice(1));
    const id = Number(chatId);
    return Number.isSafeInteger(id) ? chats.get(id) : undefined;
  };
  const notFound = telegramError(400, "Bad Request: chat not found");
  const messaging = createTelegramMessages({ botId: bot.id, bot, findChat });
  const chatting = createTelegramChats({ bot, chats, messages: messaging.messages, pushUpdate });

  const methods: Record<string, (params: Record<string, unknown>) => FakeReply> = {
    getMe: () =>
      ok({
        ...bot,
        can_join_groups: true,
        can_read_all_group_messages: false,
        supports_inline_queries: false,
        can_connect_to_business: false,
        has_main_web_app: false,
      }),
    getUpdates: (params) => {
      if (fake.webhookUrl)
        return telegramError(
          409,
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
        );
      if (Array.isArray(params.allowed_updates)) fake.allowedUpdates = params.allowed_updates as string[];
      const offset = Number(params.offset ?? 0);
      if (offset > 0) updates = updates.filter((u) => u.update_id >= offset);
      const limit = Math.min(100, Math.max(1, Number(params.limit ?? 100)));
      const allowed = fake.allowedUpdates && fake.allowedUpdates.length > 0 ? new Set(fake.allowedUpdates) : null;
      return ok(updates.filter((u) => !allowed || Object.keys(u).some((k) => allowed.has(k))).slice(0, limit));
    },
    getChat: (params) => {
      const entry = findChat(params.chat_id);
      if (!entry) return notFound;
      if (entry.migratedTo)
        return telegramError(400, "Bad Request: group chat was upgraded to a supergroup chat", {
          migrate_to_chat_id: entry.migratedTo,
        });
      const status = entry.members.get(bot.id) ?? "left";
      if ((status === "left" || status === "kicked") && !entry.chat.username) return notFound; // a private chat the bot is not in
      return ok({
        ...entry.chat,
        accent_color_id: 0,
        max_reaction_count: 11,
        accepted_gift_types: {
          unlimited_gifts: false,
          limited_gifts: false,
          unique_gifts: false,
          premium_subscription: false,
        },
      });
    },
    getChatMember: (params) => {
      const entry = findChat(params.chat_id);
      if (!entry) return notFound;
      if (entry.migratedTo)
        return telegramError(400, "Bad Request: group chat was upgraded to a supergroup chat", {
          migrate_to_chat_id: entry.migratedTo,
        });
      const botStatus = entry.members.get(bot.id) ?? "left";
      if (botStatus === "kicked")
        return telegramError(
          403,
          `Forbidden: bot was kicked from the ${entry.chat.type === "channel" ? "channel" : "group"} chat`,
        );
      if (botStatus === "left" && entry.chat.type === "channel")
        return telegramError(403, "Forbidden: bot is not a member of the channel chat");
      const userId = Number(params.user_id);
      if (userId === bot.id) return ok(memberOf(entry.chat, botStatus));
      if (userId === owner.id) return ok({ user: owner, status: "creator", is_anonymous: false });
      return telegramError(400, "Bad Request: PARTICIPANT_ID_INVALID");
    },
    setWebhook: (params) => {
      const secret = params.secret_token === undefined ? "" : String(params.secret_token);
      if (secret && !/^[A-Za-z0-9_-]{1,256}$/.test(secret))
        return telegramError(400, "Bad Request: secret token contains unallowed characters");
      fake.webhookUrl = String(params.url ?? "");
      fake.webhookSecret = secret;
      if (Array.isArray(params.allowed_updates)) fake.allowedUpdates = params.allowed_updates as string[];
      return ok(true);
    },
    deleteWebhook: () => {
      fake.webhookUrl = "";
      fake.webhookSecret = "";
      return ok(true);
    },
    getWebhookInfo: () =>
      ok({
        url: fake.webhookUrl,
        has_custom_certificate: false,
        pending_update_count: fake.webhookUrl ? updates.length : 0,
      }),
    ...messaging.methods,
    ...chatting.methods,
  };

  const server = await listen((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(url.pathname);
      if (!match) return send(res, telegramError(404, "Not Found"));
      const [, token = "", name = ""] = match;
      const params = await paramsOf(req, url);
      fake.requests.push({ method: name, token, params });
      if (token !== fake.token) return send(res, telegramError(401, "Unauthorized"));
      const failure = failures.take(name);
      if (failure) return send(res, failure);
      const [key, method] = Object.entries(methods).find(([key]) => key.toLowerCase() === name.toLowerCase()) ?? []; // method names are case-insensitive
      const reply = method ? method(params) : telegramError(404, "Not Found");
      if (key && lost.has(key) && reply.status === 200) {
        lost.delete(key);
        return void req.socket.destroy();
      }
      send(res, reply);
    })().catch((err: unknown) => send(res, telegramError(500, `Internal Server Error: ${(err as Error).message}`)));
  });
  fake.url = server.url;
  return fake;
};

export type TelegramFake = Awaited<ReturnType<typeof startTelegramFake>>;
