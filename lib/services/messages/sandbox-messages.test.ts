import { afterAll, describe, expect, it } from "vitest";
import { ManualClock } from "@/inngest/local-runner";
import { deliverWebhookFn } from "@/inngest/functions/deliver-webhook";
import { fanOutEventFn } from "@/inngest/functions/fan-out-event";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { db } from "@/lib/db/client";
import type { Platform } from "@/lib/generated/prisma/enums";
import { chatApi } from "@/testing/chat-api";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { seedSandboxProfile, useDrain } from "@/testing/messaging";
import { startReceiver } from "@/testing/webhook-receiver";
import { createWebhook } from "@/lib/services/webhooks/webhooks";

// Direct messages on the sandbox network through the API and the send-message function: a new chat
// opens with the simulated participant's message, a send is published and answered a moment later (the
// answer applied like a push: message.received, a signed webhook), the body tags rehearse each outcome,
// and the platform's own send rules answer 422 before anything is stored.

const clock = new ManualClock(new Date());
const closers: (() => Promise<void>)[] = [];

afterAll(async () => {
  await Promise.all(closers.map((c) => c()));
  await db.$disconnect();
});

// Runs every due function step; `advanceMs` first moves the clock past waits (retries, the answer's delay).
const drain = useDrain([sendMessageFn, fanOutEventFn, deliverWebhookFn], { clock });

const sandboxTenant = async (platform: Platform) => {
  const tenant = await seedTenant({ environment: "sandbox" });
  const { token } = await seedKey({ accountId: tenant.account.id, environment: "sandbox" });
  // The simulated account's placements (a facebook Page), stored as connecting stores them.
  const { profile, placements } = await seedSandboxProfile(tenant, platform);
  return { ...tenant, token, profile, placement: placements[0]?.externalId ?? undefined };
};

type Json = Record<string, unknown>;
const api = chatApi;

const openChat = async (t: Awaited<ReturnType<typeof sandboxTenant>>, participant: string) => {
  const placement = t.profile.platform === "facebook" ? t.placement : undefined; // chats run on a Page
  const res = await api.createChat(t.token, t.profile.id, {
    participant_external_id: participant,
    ...(placement && { placement_id: placement }),
  });
  expect(res.status).toBe(200);
  return res.json as Json & { id: string };
};

describe("sandbox direct messages", () => {
  it("a new chat opens with the participant's message; a send is published and answered a moment later as message.received (a signed webhook)", async () => {
    const t = await sandboxTenant("instagram");
    const receiver = await startReceiver();
    closers.push(receiver.close);
    await createWebhook({ principal: t.principal, input: { url: receiver.url, events: ["message.received"] } });

    const chat = await openChat(t, "17841400000000001");
    expect(chat).toMatchObject({ platform: "instagram", within_messaging_window: true });
    const opening = (await api.messages(t.token, chat.id)).json.data as Json[];
    expect(opening).toHaveLength(1);
    expect(opening[0]).toMatchObject({ direction: "inbound", status: "received" });
    expect(String(opening[0]!.body)).toContain("simulated instagram user");

    const sent = await api.send(t.token, chat.id, { body: "Hello from the test" });
    expect(sent.status).toBe(202);
    await drain();
    const published = (await api.message(t.token, String(sent.json.id))).json;
    expect(published).toMatchObject({ status: "published", direction: "outbound" });
    expect(String(published.external_id)).toMatch(/^sbx_msg_/);
    expect((await api.messages(t.token, chat.id)).json.total).toBe(2); // the answer is not there yet

    await drain(2000);
    const thread = (await api.messages(t.token, chat.id)).json.data as Json[];
    expect(thread).toHaveLength(3);
    expect(thread[0]).toMatchObject({
      direction: "inbound",
      status: "received",
      body: 'Thanks for "Hello from the test"! (simulated answer)',
    });
    await drain(); // a second collection finds nothing more
    expect((await api.messages(t.token, chat.id)).json.total).toBe(3);

    expect(await eventsOf(t.account.id, "message.received")).toHaveLength(2);
    const bodies = receiver.received.map((d) => JSON.parse(d.rawBody).data.message.body as string);
    expect(bodies).toContain('Thanks for "Hello from the test"! (simulated answer)');
    // The simulated network's state lives in PostgreSQL (connector_states), not in this process.
    const state = await db.connectorState.findUnique({
      where: { profileId_key: { profileId: t.profile.id, key: "messaging" } },
    });
    expect((state!.value as { sent: Record<string, string> }).sent[String(sent.json.id)]).toBe(published.external_id);
  });

  it("the body tags rehearse each outcome: fail, retry, timeout (read back), unconfirmed", async () => {
    const t = await sandboxTenant("facebook");
    const chat = await openChat(t, "2400000000000001");
    const send = async (body: string) => String((await api.send(t.token, chat.id, { body })).json.id);
    const fail = await send("No #sandbox-fail");
    const retry = await send("Later #sandbox-retry");
    const timeout = await send("Lost answer #sandbox-timeout");
    const unconfirmed = await send("Unknown #sandbox-unconfirmed");
    await drain();
    expect((await api.message(t.token, fail)).json).toMatchObject({
      status: "failed",
      error_details: { platform_error_code: "SANDBOX_REJECTED" },
    });
    expect((await api.message(t.token, retry)).json).toMatchObject({ status: "failed_waiting_for_retry" });
    expect((await api.message(t.token, unconfirmed)).json).toMatchObject({
      status: "delivery_unconfirmed",
      external_id: null,
    });
    const readBack = (await api.message(t.token, timeout)).json;
    expect(readBack).toMatchObject({ status: "published" });
    await drain(61_000);
    expect((await api.message(t.token, retry)).json).toMatchObject({ status: "published" });
    const state = (
      await db.connectorState.findUniqueOrThrow({
        where: { profileId_key: { profileId: t.profile.id, key: "messaging" } },
      })
    ).value as { sent: Record<string, string>; attempts: Record<string, number> };
    expect(state.sent[timeout]).toBe(readBack.external_id); // sent once, found on read-back
    expect(state.attempts[timeout]).toBe(1);
    expect(state.attempts[retry]).toBe(2);
    expect(await eventsOf(t.account.id, "message.failed")).toHaveLength(1);
    expect(await eventsOf(t.account.id, "message.delivery_unconfirmed")).toHaveLength(1);
  });

  it("the platform's send rules answer 422 before anything is stored", async () => {
    const ig = await sandboxTenant("instagram");
    const igChat = await openChat(ig, "17841400000000002");
    const buttons = [{ type: "postback", title: "Yes", payload: "yes" }];
    const long = await api.send(ig.token, igChat.id, { body: "x".repeat(81), buttons });
    expect(long.status).toBe(422);
    expect(long.json.errors).toEqual(["body: at most 80 characters with buttons"]);
    const quick = [{ title: "A", payload: "a" }];
    const mixed = await api.send(ig.token, igChat.id, {
      body: "Pick",
      media: ["https://cdn.example/a.jpg"],
      buttons,
      quick_replies: quick,
      reply_markup: {},
    });
    expect(mixed.json.errors).toEqual(
      expect.arrayContaining([
        "reply_markup is not supported on Instagram",
        "buttons cannot be sent with media",
        "quick_replies cannot be sent with media",
        "quick_replies cannot be sent with buttons",
      ]),
    );

    const fb = await sandboxTenant("facebook");
    const fbChat = await openChat(fb, "2400000000000002");
    expect(
      (
        await api.send(fb.token, fbChat.id, {
          body: "x".repeat(200),
          buttons,
          quick_replies: [{ title: "A", payload: "a" }],
        })
      ).status,
    ).toBe(202);
    expect((await api.send(fb.token, fbChat.id, { body: "x".repeat(221), buttons })).json.errors).toEqual([
      "body: at most 220 characters with buttons",
    ]);

    const bsky = await sandboxTenant("bluesky");
    expect((await api.createChat(bsky.token, bsky.profile.id, { participant_external_id: "alice" })).status).toBe(422);
    const bskyChat = await openChat(bsky, "did:plc:sandboxalice");
    expect(
      (await api.send(bsky.token, bskyChat.id, { body: "Hi", quick_replies: [{ title: "A", payload: "a" }] })).json
        .errors,
    ).toEqual(["quick_replies is not supported on Bluesky"]);
    expect(
      await db.message.count({ where: { profileId: { in: [ig.profile.id, bsky.profile.id] }, direction: "outbound" } }),
    ).toBe(0);
    expect(await db.message.count({ where: { profileId: fb.profile.id, direction: "outbound" } })).toBe(1);
  });

  it("a telegram bot may answer at once (the simulated user wrote first); offered choices are tapped as the networks report taps", async () => {
    const t = await sandboxTenant("telegram");
    const chat = await openChat(t, "123456789");
    const keyboard = {
      inline_keyboard: [
        [
          { text: "Yes", callback_data: "yes" },
          { text: "No", callback_data: "no" },
        ],
      ],
    };
    const sent = await api.send(t.token, chat.id, { body: "Welcome! Continue?", reply_markup: keyboard });
    expect(sent.status).toBe(202);
    await drain();
    expect((await api.message(t.token, String(sent.json.id))).json).toMatchObject({ status: "published" });
    await drain(2000);
    const [tap] = (await api.messages(t.token, chat.id)).json.data as Json[];
    expect(tap).toMatchObject({
      direction: "inbound",
      body: "Yes",
      tapped_action: { kind: "callback_query", payload: "yes", title: "Yes" },
    });

    const ig = await sandboxTenant("instagram");
    const igChat = await openChat(ig, "17841400000000003");
    await api.send(ig.token, igChat.id, {
      body: "Pick one",
      quick_replies: [
        { title: "Red", payload: "RED" },
        { title: "Blue", payload: "BLUE" },
      ],
    });
    await drain();
    await drain(2000);
    const [igTap] = (await api.messages(ig.token, igChat.id)).json.data as Json[];
    expect(igTap).toMatchObject({
      direction: "inbound",
      body: "Red",
      tapped_action: { kind: "quick_reply", payload: "RED", title: "Red" },
    });
  });
});
