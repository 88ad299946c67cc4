import { useOwnDatabase } from "@/testing/own-database";
import { describe, expect, it } from "vitest";
import * as metaRoute from "@/app/inbound/[platform]/route";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as startTypingRoute from "@/app/api/chats/[id]/start_typing/route";
import * as stopTypingRoute from "@/app/api/chats/[id]/stop_typing/route";
import * as messageRoute from "@/app/api/messages/[id]/route";
import * as reactRoute from "@/app/api/messages/[id]/react/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { numberValue, whatsappDelivery } from "@/testing/fakes/whatsapp-webhooks";
import { callRoute } from "@/testing/call-route";
import { uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { useDrain } from "@/testing/messaging";
import { seedWhatsAppNumber, useWhatsAppGraphFake } from "@/testing/whatsapp";

// Its runner runs the app's own functions with this file's network settings.
await useOwnDatabase("waactions");

// WhatsApp chat actions through the routes against the strict Graph fake: the typing indicator (the
// customer's last message marked read with typing_indicator), our reactions (a message of type
// reaction), and the customer's reactions arriving by signed webhook.

const APP_SECRET = "wa-actions-secret";
const graph = useWhatsAppGraphFake({ id: "wa-actions-app", secret: APP_SECRET });
const drain = useDrain([processInboundFn, sendMessageFn]);

// A tenant with a WhatsApp number and a chat with a customer who wrote (the window is open on both sides).
const world = async () => {
  const t = await seedTenant();
  const { token } = await seedKey({ accountId: t.account.id });
  const { profile, wabaId, phoneId } = await seedWhatsAppNumber(graph, t, { display_phone_number: "+1 555-010-2040" });
  const customer = `49${uniqueDigits(10)}`;
  const chatId = String(
    (
      await callRoute(profileChatsRoute.POST, {
        path: `/api/profiles/${profile.id}/chats`,
        token,
        params: { id: profile.id },
        body: { participant_external_id: customer, placement_id: phoneId },
      })
    ).json.id,
  );
  const deliver = async (messages: Record<string, unknown>[]) => {
    const d = whatsappDelivery(
      APP_SECRET,
      wabaId,
      "messages",
      numberValue(phoneId, "+1 555-010-2040", { contacts: [{ profile: { name: "Jo" }, wa_id: customer }], messages }),
    );
    const res = await metaRoute.POST(new Request("http://localhost/inbound/whatsapp", { method: "POST", ...d }), {
      params: Promise.resolve({ platform: "whatsapp" }),
    });
    expect(res.status).toBe(200);
    await drain();
  };
  const ts = () => String(Math.floor(Date.now() / 1000));
  const customerMid = `wamid.${uniqueDigits(20)}`;
  await deliver([{ from: customer, id: customerMid, timestamp: ts(), type: "text", text: { body: "Hello?" } }]);
  graph.whatsapp.customerWrote(customer);
  const messages = async () =>
    (await callRoute(chatMessagesRoute.GET, { path: `/api/chats/${chatId}/messages`, token, params: { id: chatId } }))
      .json.data as (Record<string, unknown> & { id: string })[];
  const react = (id: string, reaction: string) =>
    callRoute(reactRoute.POST, { path: `/api/messages/${id}/react`, token, params: { id }, body: { reaction } });
  const typing = (route: typeof startTypingRoute) =>
    callRoute(route.POST, { path: `/api/chats/${chatId}/typing`, token, params: { id: chatId } });
  return { ...t, token, phoneId, customer, customerMid, chatId, deliver, ts, messages, react, typing };
};
type World = Awaited<ReturnType<typeof world>>;

const readsOf = (w: World) => graph.whatsapp.reads.filter((r) => r.phoneNumberId === w.phoneId);
const sentTo = (w: World) => graph.whatsapp.sent.filter((s) => s.to === w.customer);

// Our text to the customer, sent and on the network; answers its stored message.
const sendOurs = async (w: World) => {
  const res = await callRoute(chatMessagesRoute.POST, {
    path: `/api/chats/${w.chatId}/messages`,
    token: w.token,
    params: { id: w.chatId },
    body: { body: "Your cake is ready" },
  });
  expect(res.status).toBe(202);
  await drain();
  const id = String(res.json.id);
  return (await callRoute(messageRoute.GET, { path: `/api/messages/${id}`, token: w.token, params: { id } })).json;
};

describe("WhatsApp typing indicator and reactions", () => {
  it("start_typing marks the customer's last message read with the text typing indicator", async () => {
    const w = await world();
    const res = await w.typing(startTypingRoute);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(readsOf(w)).toEqual([{ phoneNumberId: w.phoneId, messageId: w.customerMid, typing: true }]);
  });

  it("stop_typing answers the chat without calling the network (the indicator ends by itself)", async () => {
    const w = await world();
    const res = await w.typing(stopTypingRoute);
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(w.chatId);
    expect(readsOf(w)).toEqual([]);
  });

  it("a reaction to the customer's message goes out as a reaction message and is kept on it", async () => {
    const w = await world();
    const [mine] = await w.messages();
    const res = await w.react(mine!.id, "🎉");
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(sentTo(w)).toMatchObject([{ type: "reaction", payload: { message_id: w.customerMid, emoji: "🎉" } }]);
    expect(res.json.reactions).toMatchObject([{ emoji: "🎉" }]);
  });

  it("a reaction that is not a single emoji answers 422 before any network call", async () => {
    const w = await world();
    const [mine] = await w.messages();
    const res = await w.react(mine!.id, "love");
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(["reaction: WhatsApp takes a single emoji"]);
    expect(sentTo(w)).toEqual([]);
  });

  it("the customer's reaction to our message is kept on it, taken back by an empty emoji, with no reaction.received", async () => {
    const w = await world();
    const ours = await sendOurs(w);
    const wamid = String(ours.external_id ?? sentTo(w).at(-1)!.id);
    const reaction = (emoji: string) => ({
      from: w.customer,
      id: `wamid.${uniqueDigits(20)}`,
      timestamp: w.ts(),
      type: "reaction",
      reaction: { message_id: wamid, emoji },
    });
    await w.deliver([reaction("👍")]);
    const kept = (await w.messages()).find((m) => m.id === ours.id)!;
    expect(kept.reactions).toMatchObject([{ sender_external_id: w.customer, emoji: "👍" }]);
    expect((await w.messages()).length).toBe(2); // no message was stored for the reaction
    await w.deliver([reaction("")]);
    expect((await w.messages()).find((m) => m.id === ours.id)!.reactions).toEqual([]);
    expect(await eventsOf(w.account.id, "reaction.received")).toEqual([]);
  });
});
