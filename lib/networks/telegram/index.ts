import { z } from "zod";
import { NetworkError } from "../errors";
import { telegramMeta } from "./meta";
import type { ConnectorContext, Identity, NetworkConnector, PlacementInfo } from "../types";
import { botToken, callBotApi } from "./api";
import { TelegramApiError, mapTelegramError } from "./errors";
import { telegramInbound } from "./inbound";
import { telegramMessaging } from "./messaging";
import { deleteFromChat, publishToChat } from "./publish";
import { chatStats } from "./stats";

export { callBotApi } from "./api";

// Telegram through the Bot API (`NETWORK_TELEGRAM_API_URL`, default https://api.telegram.org): the bot
// token from @BotFather is the whole credential. It is stored encrypted as the profile's credentials (the
// profile has no access token) and never expires, so there is no refresh; a revoked token answers 401.
//
// Placements are the channels and groups where the bot is an administrator. The Bot API cannot list a
// bot's chats, so candidates come from
//   - the ids already stored as placements (ProfileAuth.knownPlacementIds), and
//   - the bot's pending updates: my_chat_member (the bot was promoted, demoted, added or removed),
//     channel_post and message (a chat the bot can see), including a group's migrate_to_chat_id;
// and each candidate is confirmed with getChat + getChatMember(bot): only administrators are kept.
//
// getUpdates is called without `offset` and without `allowed_updates`: it only looks at the pending
// updates (at most 100, kept by Telegram for 24 h) and confirms none of them, so the inbound-message
// handling that later consumes the update queue loses nothing; and allowed_updates is a sticky,
// bot-wide setting that would change what that handling receives (Telegram's default already includes
// my_chat_member, channel_post and message). A bot with a webhook answers getUpdates with 409: then
// nothing is discovered here (the webhook receives the updates; deleteWebhook is never called) and the
// known placements are only re-checked. Any failure other than "this chat is gone" (400/403 for one
// chat) aborts the whole sync, so a rate limit never shrinks the stored list.

export const ZTelegramSettings = z.object({
  api_url: z.url().default("https://api.telegram.org"),
});
export type TelegramSettings = z.infer<typeof ZTelegramSettings>;
type Ctx = ConnectorContext<TelegramSettings>;

export const TELEGRAM_NEXT_STEP =
  "Add the bot as an administrator of your Telegram channel (channel info, Administrators, Add Admin, search for the bot's @username, allow Post Messages). " +
  "The channel then appears as a placement of this profile; its id is the chat_id to publish with. For a group, add the bot to the group and make it an administrator.";

type User = {
  id: number;
  is_bot?: boolean;
  first_name: string;
  username?: string;
  can_join_groups?: boolean;
  can_read_all_group_messages?: boolean;
};
type Chat = {
  id: number;
  type: "private" | "group" | "supergroup" | "channel";
  title?: string;
  username?: string;
  first_name?: string;
};
type Message = { chat?: Chat; migrate_to_chat_id?: number };
type Update = {
  update_id: number;
  message?: Message;
  edited_message?: Message;
  channel_post?: Message;
  edited_channel_post?: Message;
  my_chat_member?: { chat?: Chat };
  chat_member?: { chat?: Chat };
};
type ChatMember = { status: "creator" | "administrator" | "member" | "restricted" | "left" | "kicked"; user?: User };

const identityOf = (me: User): Identity => ({
  externalId: String(me.id),
  name: me.first_name,
  username: me.username ?? null,
  avatarUrl: null, // a bot's photo is only reachable through a file URL that embeds the token
  connectionExpiresAt: null,
  metadata: {
    ...(me.can_join_groups !== undefined && { can_join_groups: me.can_join_groups }),
    ...(me.can_read_all_group_messages !== undefined && {
      can_read_all_group_messages: me.can_read_all_group_messages,
    }),
  },
});

// Chat ids an update points at (private chats are never placements).
const chatIdsOf = (update: Update): string[] => {
  const chats = [update.my_chat_member?.chat, update.chat_member?.chat];
  const ids: string[] = [];
  for (const message of [update.message, update.edited_message, update.channel_post, update.edited_channel_post]) {
    chats.push(message?.chat);
    if (message?.migrate_to_chat_id !== undefined) ids.push(String(message.migrate_to_chat_id));
  }
  for (const chat of chats) if (chat && chat.type !== "private") ids.push(String(chat.id));
  return ids;
};

// The updates waiting for the bot, looked at and left in place; none when a webhook (or another
// getUpdates poller) holds the queue (409 Conflict).
const pendingChatIds = async (ctx: Ctx, token: string): Promise<string[]> => {
  try {
    const updates = await callBotApi<Update[]>(ctx, token, "getUpdates", { timeout: 0, limit: 100 });
    return updates.flatMap(chatIdsOf);
  } catch (err) {
    if (err instanceof TelegramApiError && err.details.platformErrorCode === "409") return [];
    throw err;
  }
};

const isAdmin = (member: ChatMember) => member.status === "administrator" || member.status === "creator";

// The chat as a placement when the bot administers it; null when the chat is gone or the bot is not an
// administrator (any other failure propagates).
const confirmPlacement = async (
  ctx: Ctx,
  token: string,
  botId: number,
  chatId: string,
  hops = 0,
): Promise<PlacementInfo | null> => {
  try {
    const chat = await callBotApi<Chat>(ctx, token, "getChat", { chat_id: chatId });
    if (chat.type === "private") return null;
    const member = await callBotApi<ChatMember>(ctx, token, "getChatMember", { chat_id: chat.id, user_id: botId });
    if (!isAdmin(member)) return null;
    return {
      externalId: String(chat.id),
      name: chat.title ?? (chat.username ? `@${chat.username}` : String(chat.id)),
      avatarUrl: null,
      metadata: { type: chat.type, ...(chat.username && { username: chat.username }) },
    };
  } catch (err) {
    if (err instanceof TelegramApiError && err.migrateToChatId && hops === 0)
      return confirmPlacement(ctx, token, botId, err.migrateToChatId, 1);
    if (err instanceof NetworkError && err.kind === "rejected") return null; // chat not found, bot kicked or not a member
    throw err;
  }
};

export const telegramConnector: NetworkConnector<TelegramSettings> = {
  platform: "telegram",
  displayName: telegramMeta.displayName,
  settings: ZTelegramSettings,
  placementsPollMs: 5 * 60 * 1000, // the Bot API cannot list chats: new channels are found by asking again
  auth: {
    kind: "credentials",
    fields: telegramMeta.credentialFields!,
    connect: async (ctx, credentials) => ({
      tokens: null,
      identity: identityOf(await callBotApi<User>(ctx, credentials.bot_token ?? "", "getMe")),
    }),
    nextStep: TELEGRAM_NEXT_STEP,
  },
  identity: async (ctx, auth) => identityOf(await callBotApi<User>(ctx, botToken(auth), "getMe")),
  placements: async (ctx, auth) => {
    const token = botToken(auth);
    const botId = Number(auth.externalId ?? token.split(":")[0]);
    const candidates = new Set([...(auth.knownPlacementIds ?? []), ...(await pendingChatIds(ctx, token))]);
    const placements = new Map<string, PlacementInfo>();
    for (const chatId of candidates) {
      const placement = await confirmPlacement(ctx, token, botId, chatId);
      if (placement?.externalId && !placements.has(placement.externalId))
        placements.set(placement.externalId, placement);
    }
    return [...placements.values()];
  },

  // Publishing (publish.ts) and stats (stats.ts). No findPublished: a bot cannot read a channel's
  // history (no getHistory in the Bot API; updates only carry messages others post, and getUpdates is
  // left to inbound messaging), so an unknown outcome ends as delivery_unconfirmed. No first comment and
  // no post stats: the Bot API exposes no views or reactions counts of channel posts to bots.
  publish: publishToChat,
  deletePublished: deleteFromChat, // deleteMessage of the post's (first) message
  profileStats: chatStats,
  postStats: async () => null,

  inbound: telegramInbound, // updates by webhook: discussion-group comments and private messages (inbound.ts)
  messaging: telegramMessaging, // direct messages with users who wrote to the bot (messaging.ts)
  mapError: mapTelegramError,
};
