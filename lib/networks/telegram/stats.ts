import { NetworkError, details } from "../errors";
import type { ProfileAuth, PublishInput, StatsReading } from "../types";
import { botToken, callBotApi, type TelegramCtx } from "./api";
import { TelegramApiError } from "./errors";

// Stats of one placement (a channel or group the bot administers): getChat (title, @username) and
// getChatMemberCount, as followers_count, channel_title and channel_username (lib/schemas/stats.ts).
// Posts have none: the Bot API shows bots no views or reactions counts (postStats returns null).

type Chat = { id: number; type: string; title?: string; username?: string };

const read = async (ctx: TelegramCtx, token: string, chatId: string) => {
  const chat = await callBotApi<Chat>(ctx, token, "getChat", { chat_id: chatId });
  const count = await callBotApi<number>(ctx, token, "getChatMemberCount", { chat_id: chat.id });
  return { chat, count };
};

export const chatStats = async (
  ctx: TelegramCtx,
  { auth, placement }: { auth: ProfileAuth; placement: PublishInput["placement"] },
): Promise<StatsReading> => {
  const token = botToken(auth);
  const chatId = placement?.externalId;
  if (!chatId)
    throw new NetworkError(
      "rejected",
      "Telegram stats are read per channel: a placement (chat_id) is required",
      details("placement_required", null, null),
    );
  let reading: Awaited<ReturnType<typeof read>>;
  try {
    reading = await read(ctx, token, chatId);
  } catch (err) {
    if (!(err instanceof TelegramApiError && err.migrateToChatId)) throw err;
    reading = await read(ctx, token, err.migrateToChatId); // the group became a supergroup
  }
  const { chat, count } = reading;
  return {
    stats: { followers_count: count, channel_title: chat.title ?? null, channel_username: chat.username ?? null },
    raw: {
      member_count: count,
      id: chat.id,
      type: chat.type,
      title: chat.title ?? null,
      username: chat.username ?? null,
    },
  };
};
