import { describe, expect, it } from "vitest";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { uniqueDigits } from "@/testing/comments";
import { seedTelegramBot, useDrain, useTelegramFake } from "@/testing/messaging";

// Telegram taps on inline keyboard buttons are acknowledged (answerCallbackQuery) once they are stored,
// so the user's button stops spinning: once per callback query, a late answer tolerated.

const telegram = useTelegramFake();

const drain = useDrain([processInboundFn, sendMessageFn]);

// A bot profile, a user who wrote, and the bot's answer with an inline keyboard.
const world = async () => {
  const { token, profile, deliver } = await seedTelegramBot(telegram, drain);
  const user = { id: Number(uniqueDigits(9)), first_name: "Zoë", username: "zoe" };
  await deliver(telegram.userWrites(user, "hi"));
  const chats = await callRoute(profileChatsRoute.GET, {
    path: `/api/profiles/${profile.id}/chats`,
    token,
    params: { id: profile.id },
  });
  const chatId = String((chats.json.data as { id: string }[])[0]!.id);
  const sent = await callRoute(chatMessagesRoute.POST, {
    path: `/api/chats/${chatId}/messages`,
    token,
    params: { id: chatId },
    body: { body: "Coffee?", reply_markup: { inline_keyboard: [[{ text: "Yes", callback_data: "yes" }]] } },
  });
  expect(sent.status).toBe(202);
  await drain();
  const botMessage = telegram.messages.filter((m) => m.chat_id === user.id).at(-1)!;
  const inbound = async () =>
    (
      (
        await callRoute(chatMessagesRoute.GET, {
          path: `/api/chats/${chatId}/messages`,
          token,
          params: { id: chatId },
        })
      ).json.data as { direction: string; tapped_action: unknown }[]
    ).filter((m) => m.direction === "inbound" && m.tapped_action);
  return { profile, user, botMessage, deliver, inbound };
};

const queryIdOf = (update: Record<string, unknown>) => String((update.callback_query as { id: string }).id);
const answersTo = (id: string) => telegram.answeredCallbackQueries.filter((a) => a === id);

describe("Telegram tap acknowledgement", () => {
  it("a stored tap is answered with answerCallbackQuery exactly once, even when the update is redelivered", async () => {
    const w = await world();
    const tap = telegram.userTaps(w.user, w.botMessage, "yes");
    expect(await w.deliver(tap)).toBe(200);
    expect(await w.deliver(tap)).toBe(200); // redelivered
    expect(await w.inbound()).toHaveLength(1);
    expect(answersTo(queryIdOf(tap))).toEqual([queryIdOf(tap)]);
    const calls = telegram.requests.filter(
      (r) => r.method === "answerCallbackQuery" && r.params.callback_query_id === queryIdOf(tap),
    );
    expect(calls).toEqual([expect.objectContaining({ params: { callback_query_id: queryIdOf(tap) } })]);
  });

  it("a tap answered too late ('query is too old') is still stored and its delivery processed", async () => {
    const w = await world();
    telegram.failNext("answerCallbackQuery", {
      status: 400,
      body: {
        ok: false,
        error_code: 400,
        description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
      },
    });
    const tap = telegram.userTaps(w.user, w.botMessage, "yes");
    expect(await w.deliver(tap)).toBe(200);
    expect(await w.inbound()).toHaveLength(1);
    const delivery = await db.inboundDelivery.findFirst({
      where: { profileId: w.profile.id },
      orderBy: { receivedAt: "desc" },
    });
    expect(delivery).toMatchObject({ status: "processed" });
    expect(answersTo(queryIdOf(tap))).toEqual([]);
  });

  it("the fake refuses answerCallbackQuery parameters Telegram does not document", async () => {
    const w = await world();
    const tap = telegram.userTaps(w.user, w.botMessage, "yes");
    const res = await fetch(`${telegram.url}/bot${telegram.token}/answerCallbackQuery`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ callback_query_id: queryIdOf(tap), chat_id: w.user.id }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { description: string }).description).toMatch(/unknown parameter\(s\) chat_id/);
  });
});
