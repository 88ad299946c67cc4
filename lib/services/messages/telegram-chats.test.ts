import { describe, expect, it } from "vitest";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as messageRoute from "@/app/api/messages/[id]/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { callRoute } from "@/testing/call-route";
import { seedChat, seedChatMessage } from "@/testing/chats";
import { seedNetworkProfile, uniqueDigits } from "@/testing/comments";
import { eventsOf } from "@/testing/network-tests";
import { seedTelegramBot, useDrain, useTelegramFake } from "@/testing/messaging";

// Telegram direct messages beyond plain text: inline keyboard taps (callback_query) as tapped_action
// messages, group chats (the group is the chat, the sender in platform_data.from), edits of our messages
// (PATCH /api/messages/:id, editMessageText) and of the user's (edited_message), through the signed
// per-profile receiver and the Telegram fake.

const telegram = useTelegramFake();

const drain = useDrain([processInboundFn, sendMessageFn]);

const world = async () => {
  const { tenant, token, profile, deliver } = await seedTelegramBot(telegram, drain);
  const chats = async () =>
    (
      await callRoute(profileChatsRoute.GET, {
        path: `/api/profiles/${profile.id}/chats`,
        token,
        params: { id: profile.id },
      })
    ).json.data as Record<string, unknown>[];
  const messages = async (chatId: string) =>
    (await callRoute(chatMessagesRoute.GET, { path: `/api/chats/${chatId}/messages`, token, params: { id: chatId } }))
      .json.data as Record<string, unknown>[];
  const send = (chatId: string, body: unknown) =>
    callRoute(chatMessagesRoute.POST, { path: `/api/chats/${chatId}/messages`, token, params: { id: chatId }, body });
  const edit = (id: string, body: unknown) =>
    callRoute(messageRoute.PATCH, { path: `/api/messages/${id}`, token, params: { id }, body });
  return { tenant, token, profile, deliver, chats, messages, send, edit };
};

// A private chat where the user wrote first and the bot answered with `body`.
const conversation = async (w: Awaited<ReturnType<typeof world>>, body: Record<string, unknown>) => {
  const user = { id: Number(uniqueDigits(9)), first_name: "Zoë", username: "zoe" };
  await w.deliver(telegram.userWrites(user, "hi"));
  const [chat] = await w.chats();
  const sent = await w.send(String(chat!.id), body);
  await drain();
  const botMessage = telegram.messages.filter((m) => m.chat_id === user.id).at(-1)!;
  return { user, chatId: String(chat!.id), messageId: String(sent.json.id), botMessage };
};

describe("Telegram taps, groups and edits", () => {
  it("a tap on an inline keyboard button arrives as an inbound message with tapped_action callback_query, once", async () => {
    const w = await world();
    const keyboard = {
      inline_keyboard: [
        [
          { text: "Yes please", callback_data: "yes" },
          { text: "No", callback_data: "no" },
        ],
      ],
    };
    const { user, chatId, botMessage } = await conversation(w, { body: "Coffee?", reply_markup: keyboard });
    const tap = telegram.userTaps(user, botMessage, "yes");
    expect(await w.deliver(tap)).toBe(200);
    expect(await w.deliver(tap)).toBe(200); // redelivered
    const inbound = (await w.messages(chatId)).filter((m) => m.direction === "inbound");
    expect(inbound).toHaveLength(2);
    expect(inbound[0]).toMatchObject({
      body: "Yes please",
      tapped_action: { kind: "callback_query", payload: "yes", title: "Yes please" },
      reply_to_external_id: `${user.id}:${botMessage.message_id}`,
    });
    expect(await eventsOf(w.tenant.account.id, "message.received")).toHaveLength(2);
  });

  it("a message in a group the bot is in makes a group chat (group true, the sender in platform_data.from) that can be answered", async () => {
    const w = await world();
    const group = telegram.createGroup({ title: "Book club" });
    telegram.setBotStatus(group.id, "member");
    const member = { id: Number(uniqueDigits(9)), first_name: "Ana", username: "ana" };
    await w.deliver(telegram.memberWrites(group, member, "hello bot"));
    const [chat] = await w.chats();
    expect(chat).toMatchObject({
      participant_external_id: String(group.id),
      group: true,
      participant_name: "Book club",
    });
    const [message] = await w.messages(String(chat!.id));
    expect(message).toMatchObject({
      body: "hello bot",
      platform_data: { from: { id: String(member.id), username: "ana", name: "Ana" } },
    });
    const sent = await w.send(String(chat!.id), { body: "hello club" });
    expect(sent.status).toBe(202);
    await drain();
    expect(telegram.messages.filter((m) => m.chat_id === group.id).map((m) => m.text)).toEqual(["hello club"]);
  });

  it("PATCH edits our sent message with editMessageText and emits message.edited; the same text again is no error", async () => {
    const w = await world();
    const { messageId, botMessage } = await conversation(w, { body: "See you at 5" });
    const edited = await w.edit(messageId, { body: "See you at 6" });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ body: "See you at 6", platform_data: { edited_at: expect.any(String) } });
    expect(botMessage.text).toBe("See you at 6");
    expect(await eventsOf(w.tenant.account.id, "message.edited")).toHaveLength(1);
    expect((await w.edit(messageId, { body: "See you at 6" })).status).toBe(200);
  });

  it("PATCH answers 422 for an inbound message, an empty body, and on a network that cannot edit messages", async () => {
    const w = await world();
    const { chatId } = await conversation(w, { body: "hello" });
    const inbound = (await w.messages(chatId)).find((m) => m.direction === "inbound")!;
    expect((await w.edit(String(inbound.id), { body: "changed" })).status).toBe(422);
    expect((await w.edit(String(inbound.id), { body: " " })).status).toBe(422);

    const other = await seedNetworkProfile({ group: w.tenant.group, platform: "facebook" });
    const chat = await seedChat(other);
    const sent = await seedChatMessage(chat, {
      direction: "outbound",
      status: "published",
      externalId: `m_${uniqueDigits(10)}`,
      body: "hi",
    });
    const refused = await w.edit(sent.id, { body: "changed" });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual(["Messages cannot be edited on Facebook"]);
  });

  it("a user's edit of their message changes the stored body and emits message.edited once", async () => {
    const w = await world();
    const user = { id: Number(uniqueDigits(9)), first_name: "Ed" };
    const first = telegram.userWrites(user, "helo");
    await w.deliver(first);
    const edit = telegram.userEdits(first, "hello");
    await w.deliver(edit);
    await w.deliver(edit);
    const [chat] = await w.chats();
    const [message] = await w.messages(String(chat!.id));
    expect(message).toMatchObject({ body: "hello", platform_data: { edited_at: expect.any(String) } });
    expect(await eventsOf(w.tenant.account.id, "message.edited")).toHaveLength(1);
  });
});
