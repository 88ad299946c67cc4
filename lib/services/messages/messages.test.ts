import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as metaRoute from "@/app/inbound/[platform]/route";
import * as profileRoute from "@/app/inbound/[platform]/[profileId]/route";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { deliverWebhookFn } from "@/inngest/functions/deliver-webhook";
import { fanOutEventFn } from "@/inngest/functions/fan-out-event";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { metaJson, signMeta } from "@/testing/fakes/meta-webhooks";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { startTelegramFake, type TelegramFake } from "@/testing/fakes/telegram";
import { db } from "@/lib/db/client";
import { chatApi } from "@/testing/chat-api";
import { uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { seedWhatsAppNumber } from "@/testing/whatsapp";
import { deliverTelegram, seedTelegramProfile } from "@/testing/messaging-seeds";
import { startReceiver } from "@/testing/webhook-receiver";
import { verifySignature } from "@/lib/services/webhooks/signature";
import { createWebhook } from "@/lib/services/webhooks/webhooks";
import { attemptSend } from "./send-attempt";

// Direct messages end to end: signed pushes through the receivers (app/inbound) into chats and messages
// read through the API, message.received as a signed webhook, redeliveries, the window and send rules,
// and sends through the Telegram fake and the Graph fake's WhatsApp Cloud API with every outcome.

const APP_SECRET = "wa-app-secret";
let telegram: TelegramFake;
let graph: GraphFake;
let runner: LocalRunner | undefined;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  telegram = await startTelegramFake();
  graph = await startGraphFake();
  graph.addApp("facebook", "wa-app", APP_SECRET);
  return setEnv({
    NETWORK_TELEGRAM_API_URL: telegram.url,
    NETWORK_WHATSAPP_CLIENT_ID: "wa-app",
    NETWORK_WHATSAPP_CLIENT_SECRET: APP_SECRET,
    NETWORK_WHATSAPP_CONFIG_ID: "cfg-1",
    NETWORK_WHATSAPP_GRAPH_URL: graph.base("graph.facebook.com"),
  });
});
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});
afterAll(async () => {
  await Promise.all([...closers.map((c) => c()), telegram.close(), graph.close()]);
  await db.$disconnect();
});

const drain = async () => {
  runner = await startLocalRunner({
    functions: [processInboundFn, sendMessageFn, fanOutEventFn, deliverWebhookFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  await runner.drain();
  await runner.stop();
  runner = undefined;
};

const push = async (path: string, body: string, headers: Record<string, string>) => {
  const [, , platform, profileId] = path.split("/");
  const req = new Request(`http://localhost${path}`, { method: "POST", body, headers });
  const res = profileId
    ? await profileRoute.POST(req, { params: Promise.resolve({ platform: platform!, profileId }) })
    : await metaRoute.POST(req, { params: Promise.resolve({ platform: platform! }) });
  return res.status;
};

const telegramTenant = async () => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const profile = await seedTelegramProfile(telegram, tenant);
  const deliver = (update: unknown) => deliverTelegram(profile.id, update);
  return { ...tenant, token, profile, deliver };
};

const api = chatApi;

describe("Telegram direct messages", () => {
  it("a user's private message arrives once as a chat message and a signed message.received webhook; a redelivery adds nothing", async () => {
    const t = await telegramTenant();
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const webhook = await createWebhook({
      principal: t.principal,
      input: { url: receiver.url, events: ["message.received"] },
    });
    const user = { id: Number(uniqueDigits(9)), first_name: "Zoë", username: "zoe" };
    const update = telegram.userWrites(user, "Hallo / ça va?");

    expect(await t.deliver(update)).toBe(200);
    expect(await t.deliver(update)).toBe(200); // Telegram redelivers when unsure
    await drain();

    const chats = await api.chats(t.token, t.profile.id);
    expect(chats.json).toMatchObject({ total: 1, page: 0, per_page: 20 });
    const [chat] = chats.json.data as Record<string, unknown>[];
    expect(chat).toMatchObject({
      participant_external_id: String(user.id),
      participant_username: "zoe",
      participant_name: "Zoë",
      group: false,
      within_messaging_window: true,
      placement_id: null,
    });
    const messages = await api.messages(t.token, String(chat!.id));
    expect(messages.json.total).toBe(1);
    expect(messages.json.data![0]).toMatchObject({
      direction: "inbound",
      status: "received",
      body: "Hallo / ça va?",
      external_id: `${user.id}:${(update.message as { message_id: number }).message_id}`,
    });

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.headers["x-service-event"]).toBe("message.received");
    expect(
      verifySignature({
        secret: webhook.secret,
        body: delivery!.rawBody,
        header: String(delivery!.headers["x-service-signature"]),
      }),
    ).toBe(true);
    expect(JSON.parse(delivery!.rawBody).data.message).toMatchObject({
      id: (messages.json.data![0] as { id: string }).id,
      chat_id: chat!.id,
      body: "Hallo / ça va?",
    });
    expect(await eventsOf(t.account.id, "message.received")).toHaveLength(1);
  });

  it("sends through the Bot API once, with Idempotency-Key replays; 422 for a user who never wrote and for fields Telegram does not take", async () => {
    const t = await telegramTenant();
    const user = { id: Number(uniqueDigits(9)), first_name: "Ada" };
    await t.deliver(telegram.userWrites(user, "hi"));
    await drain();
    const chat = (await api.createChat(t.token, t.profile.id, { participant_external_id: ` ${user.id} ` })).json;
    expect((await api.chats(t.token, t.profile.id)).json.total).toBe(1); // found, not created again

    const keyboard = { inline_keyboard: [[{ text: "Yes", callback_data: "yes" }]] };
    const first = await api.send(
      t.token,
      String(chat.id),
      { body: "Welcome!", reply_markup: keyboard },
      { "idempotency-key": "send-1" },
    );
    expect(first.status).toBe(202);
    expect(first.json).toMatchObject({
      status: "pending",
      direction: "outbound",
      body: "Welcome!",
      reply_markup: keyboard,
    });
    const replay = await api.send(
      t.token,
      String(chat.id),
      { body: "Welcome!", reply_markup: keyboard },
      { "idempotency-key": "send-1" },
    );
    expect(replay.json.id).toBe(first.json.id);
    await drain();

    const sent = telegram.messages.filter((m) => m.chat_id === user.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ text: "Welcome!", reply_markup: keyboard });
    const stored = await api.message(t.token, String(first.json.id));
    expect(stored.json).toMatchObject({ status: "published", external_id: `${user.id}:${sent[0]!.message_id}` });
    expect((await api.message(t.token, String(stored.json.external_id))).json.id).toBe(first.json.id);
    expect(await eventsOf(t.account.id, "message.sent")).toHaveLength(1);

    const stranger = (await api.createChat(t.token, t.profile.id, { participant_external_id: uniqueDigits(9) })).json;
    const refused = await api.send(t.token, String(stranger.id), { body: "Hello?" });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([
      "The user has not messaged the bot yet: a Telegram bot cannot start a conversation",
    ]);
    const rules = await api.send(t.token, String(chat.id), {
      body: "x",
      quick_replies: [{ title: "A", payload: "a" }],
      template: { name: "t", language: "en" },
    });
    expect(rules.status).toBe(422);
    expect(rules.json.errors).toEqual(
      expect.arrayContaining(["quick_replies is not supported on Telegram", "template is not supported on Telegram"]),
    );
    expect(
      (await api.send(t.token, String(chat.id), { media: ["https://cdn.example/a.jpg", "https://cdn.example/b.jpg"] }))
        .json.errors,
    ).toContain("media: one attachment per message");
    expect(await db.message.count({ where: { chatId: String(chat.id), direction: "outbound" } })).toBe(1);
  });

  it("a send whose answer is lost is never repeated: delivery_unconfirmed (bots cannot read a chat back)", async () => {
    const t = await telegramTenant();
    const user = { id: Number(uniqueDigits(9)), first_name: "Bo" };
    await t.deliver(telegram.userWrites(user, "hi"));
    await drain();
    const chat = (await api.createChat(t.token, t.profile.id, { participant_external_id: String(user.id) })).json;
    telegram.loseNextAnswer("sendMessage");
    const { json } = await api.send(t.token, String(chat.id), { body: "Are you there?" });
    await drain();
    expect((await api.message(t.token, String(json.id))).json).toMatchObject({
      status: "delivery_unconfirmed",
      external_id: null,
    });
    expect(telegram.messages.filter((m) => m.chat_id === user.id && m.text === "Are you there?")).toHaveLength(1);
    expect(await attemptSend({ messageId: String(json.id), attempt: 2 })).toEqual({ state: "delivery_unconfirmed" });
    expect(telegram.messages.filter((m) => m.chat_id === user.id && m.text === "Are you there?")).toHaveLength(1);
    expect(await eventsOf(t.account.id, "message.delivery_unconfirmed")).toHaveLength(1);
  });

  it("another tenant's, group's or environment's chat and message answer 404 like missing ones", async () => {
    const t = await telegramTenant();
    const user = { id: Number(uniqueDigits(9)), first_name: "Cy" };
    await t.deliver(telegram.userWrites(user, "hi"));
    await drain();
    const chat = (await api.chats(t.token, t.profile.id)).json.data![0] as { id: string };
    const message = (await api.messages(t.token, chat.id)).json.data![0] as { id: string };
    const other = await seedTenant();
    const { token: otherToken } = await seedKey({ accountId: other.account.id });
    const sandbox = await seedTenant({ environment: "sandbox" });
    const { token: sandboxKey } = await seedKey({ accountId: t.account.id, environment: "sandbox" });
    for (const token of [otherToken, sandboxKey]) {
      expect((await api.chat(token, chat.id)).status).toBe(404);
      expect((await api.messages(token, chat.id)).status).toBe(404);
      expect((await api.send(token, chat.id, { body: "x" })).status).toBe(404);
      expect((await api.message(token, message.id)).status).toBe(404);
      expect((await api.chats(token, t.profile.id)).status).toBe(404);
    }
    expect(sandbox.group.id).not.toBe(t.group.id);
    expect((await api.chat(otherToken, `chat_${uniqueDigits(16)}`)).json).toEqual({ error: "Not found" });
  });
});

describe("WhatsApp direct messages", () => {
  const whatsappTenant = async () => {
    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const { profile, wabaId, phoneId } = await seedWhatsAppNumber(graph, tenant, {
      display_phone_number: "+1 555-010-2030",
    });
    return { ...tenant, token, profile, wabaId, phoneId };
  };

  const change = (wabaId: string, phoneId: string, value: Record<string, unknown>) =>
    metaJson({
      object: "whatsapp_business_account",
      entry: [
        {
          id: wabaId,
          changes: [
            {
              field: "messages",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550102030", phone_number_id: phoneId },
                ...value,
              },
            },
          ],
        },
      ],
    });

  it("a customer's message opens the window; outside it only a template goes out; statuses stamp and fail our messages", async () => {
    const t = await whatsappTenant();
    const customer = `49${uniqueDigits(10)}`;
    const ts = Math.floor(Date.now() / 1000);
    const inbound = change(t.wabaId, t.phoneId, {
      contacts: [{ profile: { name: "Jörg" }, wa_id: customer }],
      messages: [
        {
          from: customer,
          id: `wamid.${uniqueDigits(20)}`,
          timestamp: String(ts),
          type: "text",
          text: { body: "Hallo?" },
        },
      ],
    });
    expect(
      await push("/inbound/whatsapp", inbound, {
        "content-type": "application/json",
        "x-hub-signature-256": "sha256=" + "0".repeat(64),
      }),
    ).toBe(403);
    const signed = signMeta(APP_SECRET, inbound);
    expect(await push("/inbound/whatsapp", signed.body, signed.headers)).toBe(200);
    expect(await push("/inbound/whatsapp", signed.body, signed.headers)).toBe(200);
    await drain();

    // The same customer written as "+49 …" finds the chat the webhook created (digits only, per number).
    const created = await api.createChat(t.token, t.profile.id, {
      participant_external_id: `+${customer.slice(0, 2)} ${customer.slice(2)}`,
      placement_id: t.phoneId,
    });
    expect(created.json).toMatchObject({
      participant_external_id: customer,
      participant_name: "Jörg",
      placement_id: t.phoneId,
      external_placement_id: t.phoneId,
      within_messaging_window: true,
    });
    expect((await api.messages(t.token, String(created.json.id))).json.total).toBe(1);
    expect((await api.createChat(t.token, t.profile.id, { participant_external_id: customer })).json.errors).toEqual([
      "placement_id is required on WhatsApp (the number the chat runs on)",
    ]);
    expect(
      (
        await api.createChat(t.token, t.profile.id, {
          participant_external_id: customer,
          placement_id: uniqueDigits(15),
        })
      ).status,
    ).toBe(404);

    const rules = await api.send(t.token, String(created.json.id), {
      body: "Hi",
      media: ["https://cdn.example/a.jpg"],
      category: "utility",
      buttons: [{ type: "postback", title: "A", payload: "a" }],
    });
    expect(rules.status).toBe(422);
    expect(rules.json.errors).toEqual(
      expect.arrayContaining([
        "buttons is not supported on WhatsApp",
        "Exactly one of body, media, template, interactive, location, contacts per WhatsApp message (got body, media)",
        "category: utility is only allowed with body",
      ]),
    );

    graph.whatsapp.customerWrote(customer);
    const reply = await api.send(t.token, String(created.json.id), { body: "Hello Jörg", link_preview: false });
    await drain();
    const sent = graph.whatsapp.sent.filter((s) => s.to === customer);
    expect(sent).toEqual([
      expect.objectContaining({
        phoneNumberId: t.phoneId,
        type: "text",
        payload: { body: "Hello Jörg", preview_url: false },
      }),
    ]);
    expect((await api.message(t.token, String(reply.json.id))).json).toMatchObject({
      status: "published",
      external_id: sent[0]!.id,
    });

    // 25 hours later: free-form is refused, a template goes out.
    await db.chat.update({
      where: { id: String(created.json.id) },
      data: { lastInboundAt: new Date(Date.now() - 25 * 3600_000) },
    });
    expect((await api.chat(t.token, String(created.json.id))).json.within_messaging_window).toBe(false);
    const closed = await api.send(t.token, String(created.json.id), { body: "Still there?" });
    expect(closed.status).toBe(422);
    expect(closed.json.errors).toEqual([
      "Outside the 24-hour messaging window: the participant has not written in the last 24 hours",
    ]);
    const template = await api.send(t.token, String(created.json.id), {
      template: { name: "order_update", language: "de" },
    });
    expect(template.status).toBe(202);
    await drain();
    expect(graph.whatsapp.sent.filter((s) => s.to === customer).at(-1)).toMatchObject({
      type: "template",
      payload: { name: "order_update", language: { code: "de" } },
    });

    // Statuses of our message: delivered is stamped once; failed fails it with message.failed.
    const wamid = sent[0]!.id;
    const status = (s: string, extra: Record<string, unknown> = {}) =>
      signMeta(
        APP_SECRET,
        change(t.wabaId, t.phoneId, {
          statuses: [{ id: wamid, status: s, timestamp: String(ts + 5), recipient_id: customer, ...extra }],
        }),
      );
    for (const d of [
      status("delivered"),
      status("delivered"),
      status("failed", { errors: [{ code: 131026, title: "Message undeliverable" }] }),
    ])
      expect(await push("/inbound/whatsapp", d.body, d.headers)).toBe(200);
    await drain();
    expect((await api.message(t.token, wamid)).json).toMatchObject({
      status: "failed",
      external_delivered_at: new Date((ts + 5) * 1000).toISOString(),
      error_message: "Message undeliverable",
      error_details: expect.objectContaining({ platform_error_code: "131026" }),
    });
    expect(await eventsOf(t.account.id, "message.failed")).toHaveLength(1);
    expect(await eventsOf(t.account.id, "message.delivered")).toHaveLength(0); // the spec emits it on instagram and facebook only
  });

  it("a rate-limited send waits for a retry; a refused one fails with the network's error", async () => {
    const t = await whatsappTenant();
    const customer = `44${uniqueDigits(10)}`;
    const signed = signMeta(
      APP_SECRET,
      change(t.wabaId, t.phoneId, {
        messages: [
          {
            from: customer,
            id: `wamid.${uniqueDigits(20)}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: "text",
            text: { body: "hi" },
          },
        ],
      }),
    );
    await push("/inbound/whatsapp", signed.body, signed.headers);
    await drain();
    const chat = (
      await api.createChat(t.token, t.profile.id, { participant_external_id: customer, placement_id: t.phoneId })
    ).json;
    graph.whatsapp.customerWrote(customer);

    const limited = await api.send(t.token, String(chat.id), { body: "one" });
    graph.failNext({
      path: `${t.phoneId}/messages`,
      status: 400,
      error: { message: "(#130429) Rate limit hit", code: 130429 },
    });
    const first = await attemptSend({ messageId: String(limited.json.id), attempt: 1 });
    expect(first.state).toBe("retry");
    expect((await api.message(t.token, String(limited.json.id))).json.status).toBe("failed_waiting_for_retry");
    expect(await attemptSend({ messageId: String(limited.json.id), attempt: 2 })).toMatchObject({ state: "published" });
    expect(graph.whatsapp.sent.filter((s) => s.to === customer)).toHaveLength(1);

    const refused = await api.send(t.token, String(chat.id), { body: "two" });
    graph.failNext({
      path: `${t.phoneId}/messages`,
      status: 400,
      error: { message: "(#131026) Message undeliverable", code: 131026 },
    });
    expect(await attemptSend({ messageId: String(refused.json.id), attempt: 1 })).toEqual({ state: "failed" });
    expect((await api.message(t.token, String(refused.json.id))).json).toMatchObject({
      status: "failed",
      error_details: expect.objectContaining({ platform_error_code: "131026" }),
    });
    expect(await eventsOf(t.account.id, "message.failed_waiting_for_retry")).toHaveLength(1);
    expect(await eventsOf(t.account.id, "message.failed")).toHaveLength(1);
  });

  it("mark_read sends a read receipt for the customer's last message and stamps metadata.read_at; a refused receipt changes nothing; archive and unarchive", async () => {
    const t = await whatsappTenant();
    const customer = `33${uniqueDigits(10)}`;
    const ts = Math.floor(Date.now() / 1000);
    const ids = [`wamid.${uniqueDigits(20)}`, `wamid.${uniqueDigits(20)}`];
    const text = (id: string, at: number, body: string) => ({
      from: customer,
      id,
      timestamp: String(at),
      type: "text",
      text: { body },
    });
    const signed = signMeta(
      APP_SECRET,
      change(t.wabaId, t.phoneId, { messages: [text(ids[0]!, ts - 60, "first"), text(ids[1]!, ts, "second")] }),
    );
    await push("/inbound/whatsapp", signed.body, signed.headers);
    await drain();
    const chat = (
      await api.createChat(t.token, t.profile.id, { participant_external_id: customer, placement_id: t.phoneId })
    ).json as { id: string };

    graph.failNext({
      path: `${t.phoneId}/messages`,
      status: 400,
      error: { message: "(#100) Invalid parameter", code: 100 },
    });
    const refused = await api.markRead(t.token, chat.id);
    expect(refused.status).toBe(422);
    expect((await api.chat(t.token, chat.id)).json.metadata).toEqual({});

    const before = Date.now();
    const read = await api.markRead(t.token, chat.id);
    expect(read.status).toBe(200);
    expect(graph.whatsapp.reads.filter((r) => r.phoneNumberId === t.phoneId)).toEqual([
      { phoneNumberId: t.phoneId, messageId: ids[1] },
    ]);
    const readAt = Date.parse(String((read.json.metadata as { read_at: string }).read_at));
    expect(readAt).toBeGreaterThanOrEqual(before);
    expect((await api.chat(t.token, chat.id)).json.metadata).toEqual(read.json.metadata);

    expect((await api.archive(t.token, chat.id)).json).toMatchObject({ id: chat.id, archived: true });
    expect((await api.chats(t.token, t.profile.id)).json.data).toEqual([
      expect.objectContaining({ id: chat.id, archived: true }),
    ]);
    expect((await api.unarchive(t.token, chat.id)).json).toMatchObject({ id: chat.id, archived: false });
    const other = await seedTenant();
    const { token: otherToken } = await seedKey({ accountId: other.account.id });
    for (const res of [
      await api.markRead(otherToken, chat.id),
      await api.archive(otherToken, chat.id),
      await api.unarchive(otherToken, chat.id),
    ])
      expect(res.status).toBe(404);
  });
});
