import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as metaRoute from "@/app/inbound/[platform]/route";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as chatRoute from "@/app/api/chats/[id]/route";
import * as messageRoute from "@/app/api/messages/[id]/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { numberValue, whatsappDelivery } from "@/testing/fakes/whatsapp-webhooks";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { useDrain } from "@/testing/messaging";
import { seedWhatsAppNumber, useWhatsAppGraphFake } from "@/testing/whatsapp";

// Its runner runs the app's own functions with this file's network settings.
await useOwnDatabase("wakinds");

// WhatsApp message kinds through the API into the Graph fake, which checks each object as Meta's
// OpenAPI describes it; inbound taps and the phone app's echoes on coexistence numbers; a refused token.

const APP_SECRET = "wa-kinds-secret";
const graph = useWhatsAppGraphFake({ id: "wa-kinds-app", secret: APP_SECRET });

// Media are downloaded before a send is accepted (size limits by what the bytes are): a voice note (MP3)
// and a PDF document served on loopback.
const FILES: Record<string, { type: string; bytes: Buffer }> = {
  "/v.mp3": { type: "audio/mpeg", bytes: Buffer.concat([Buffer.from("ID3"), Buffer.alloc(512)]) },
  "/menu.pdf": { type: "application/pdf", bytes: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(512)]) },
};
const files = createServer((req, res) => {
  const file = FILES[req.url ?? ""];
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { "content-type": file.type, "content-length": file.bytes.length }).end(file.bytes);
});
let filesUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
});
afterAll(() => void files.close());

const drain = useDrain([processInboundFn, sendMessageFn]);
const push = async (d: { body: string; headers: Record<string, string> }) =>
  (
    await metaRoute.POST(new Request("http://localhost/inbound/whatsapp", { method: "POST", ...d }), {
      params: Promise.resolve({ platform: "whatsapp" }),
    })
  ).status;

const tenant = async () => {
  const t = await seedTenant();
  const { token } = await seedKey({ accountId: t.account.id });
  // A coexistence number, reachable on the fake through its WABA.
  const { profile, wabaId, phoneId, accessToken } = await seedWhatsAppNumber(graph, t, {
    display_phone_number: "+1 555-010-2030",
    platform_type: "SMB_APP",
  });
  const customer = `49${uniqueDigits(10)}`;
  const chat = await callRoute(profileChatsRoute.POST, {
    path: `/api/profiles/${profile.id}/chats`,
    token,
    params: { id: profile.id },
    body: { participant_external_id: customer, placement_id: phoneId },
  });
  const chatId = String(chat.json.id);
  const deliver = (field: string, value: Record<string, unknown>) =>
    push(whatsappDelivery(APP_SECRET, wabaId, field, numberValue(phoneId, "+1 555-010-2030", value)));
  return { ...t, token, profile, wabaId, phoneId, customer, chatId, accessToken, deliver };
};
type T = Awaited<ReturnType<typeof tenant>>;

// The customer writes: the window opens on our side and on the fake's.
const openWindow = async (t: T) => {
  const id = `wamid.${uniqueDigits(20)}`;
  const ts = String(Math.floor(Date.now() / 1000));
  await t.deliver("messages", {
    contacts: [{ profile: { name: "Jo" }, wa_id: t.customer }],
    messages: [{ from: t.customer, id, timestamp: ts, type: "text", text: { body: "Hello?" } }],
  });
  await drain();
  graph.whatsapp.customerWrote(t.customer);
};

const send = (t: T, body: unknown, chatId = t.chatId) =>
  callRoute(chatMessagesRoute.POST, {
    path: `/api/chats/${chatId}/messages`,
    token: t.token,
    params: { id: chatId },
    body,
  });
const message = (t: T, id: string) =>
  callRoute(messageRoute.GET, { path: `/api/messages/${id}`, token: t.token, params: { id } });
const listMessages = (t: T, chatId = t.chatId) =>
  callRoute(chatMessagesRoute.GET, { path: `/api/chats/${chatId}/messages`, token: t.token, params: { id: chatId } });
const lastSent = (t: T) => graph.whatsapp.sent.filter((s) => s.to === t.customer).at(-1);

const sendAndDrain = async (t: T, body: unknown) => {
  const res = await send(t, body);
  expect(res.status, JSON.stringify(res.json)).toBe(202);
  await drain();
  expect((await message(t, String(res.json.id))).json).toMatchObject({ status: "published" });
  return lastSent(t)!;
};

describe("WhatsApp message kinds (checked by the strict Graph fake)", () => {
  it("a template with variables goes out outside the window in Meta's template object", async () => {
    const t = await tenant();
    const components = [{ type: "body", parameters: [{ type: "text", text: "A-1042" }] }];
    const sent = await sendAndDrain(t, { template: { name: "order_update", language: "en_US", components } });
    expect(sent).toMatchObject({
      type: "template",
      payload: { name: "order_update", language: { code: "en_US" }, components },
    });
  });

  it("interactive reply buttons, lists and CTA URLs go out as interactive objects inside the window", async () => {
    const t = await tenant();
    await openWindow(t);
    const kinds = [
      {
        type: "button",
        body: { text: "Pick one" },
        action: { buttons: [{ type: "reply", reply: { id: "yes", title: "Yes" } }] },
      },
      {
        type: "list",
        body: { text: "Menu" },
        action: { button: "Open", sections: [{ title: "Cakes", rows: [{ id: "c1", title: "Cheesecake" }] }] },
      },
      {
        type: "cta_url",
        body: { text: "Track it" },
        action: { name: "cta_url", parameters: { display_text: "Track", url: "https://acme.example/t/1" } },
      },
    ];
    for (const interactive of kinds)
      expect(await sendAndDrain(t, { interactive })).toMatchObject({ type: "interactive", payload: interactive });
  });

  it("location, contacts, voice notes, documents with a filename and link previews use Meta's objects", async () => {
    const t = await tenant();
    await openWindow(t);
    expect(
      await sendAndDrain(t, { location: { latitude: 52.52, longitude: 13.405, name: "Shop", address: "Berlin" } }),
    ).toMatchObject({
      type: "location",
      payload: { latitude: 52.52, longitude: 13.405, name: "Shop", address: "Berlin" },
    });
    const contacts = [
      { name: { formatted_name: "Ada Lovelace" }, phones: [{ phone: "+44 20 7946 0000", type: "WORK" }] },
    ];
    expect(await sendAndDrain(t, { contacts })).toMatchObject({ type: "contacts", payload: contacts });
    expect(await sendAndDrain(t, { media: [`${filesUrl}/v.mp3`], voice_note: true })).toMatchObject({
      type: "audio",
      payload: { link: `${filesUrl}/v.mp3`, voice: true },
    });
    expect(await sendAndDrain(t, { media: [`${filesUrl}/menu.pdf`], filename: "Menu.pdf" })).toMatchObject({
      type: "document",
      payload: { link: `${filesUrl}/menu.pdf`, filename: "Menu.pdf" },
    });
    expect(await sendAndDrain(t, { body: "See https://acme.example", link_preview: true })).toMatchObject({
      type: "text",
      payload: { body: "See https://acme.example", preview_url: true },
    });
  });

  it("a malformed interactive object or contact is a 422 naming it, and nothing is stored", async () => {
    const t = await tenant();
    await openWindow(t);
    const buttons = Array.from({ length: 4 }, (_, i) => ({ type: "reply", reply: { id: `b${i}`, title: `B${i}` } }));
    const tooMany = await send(t, { interactive: { type: "button", body: { text: "?" }, action: { buttons } } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.json.errors).toEqual(["interactive.action.buttons: interactive: at most 3 reply buttons"]);
    const contact = await send(t, { contacts: [{ phones: [{ phone: "+1" }] }] });
    expect(contact.status).toBe(422);
    expect(String((contact.json.errors as string[])[0])).toMatch(/^contacts\.0\.name/);
    expect((await listMessages(t)).json.total).toBe(1); // the customer's message only
  });

  it("interactive messages to a group are refused with 422", async () => {
    const t = await tenant();
    const groupId = `120363${uniqueDigits(12)}@g.us`;
    const ts = Math.floor(Date.now() / 1000);
    await t.deliver("messages", {
      contacts: [{ profile: { name: "Bob" }, wa_id: t.customer }],
      messages: [
        {
          from: t.customer,
          group_id: groupId,
          id: `wamid.${uniqueDigits(20)}`,
          timestamp: String(ts),
          type: "text",
          text: { body: "Hi all" },
        },
      ],
    });
    await drain();
    const chat = await db.chat.findFirstOrThrow({ where: { profileId: t.profile.id, participantExternalId: groupId } });
    expect(chat.group).toBe(true);
    const interactive = {
      type: "button",
      body: { text: "?" },
      action: { buttons: [{ type: "reply", reply: { id: "a", title: "A" } }] },
    };
    const refused = await send(t, { interactive }, chat.id);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual(["interactive messages cannot be sent to groups"]);
  });
});

describe("WhatsApp inbound taps, phone-app echoes and a refused token", () => {
  it("an interactive reply fills `interactive` with the reply; a template quick-reply tap arrives as its label", async () => {
    const t = await tenant();
    const ts = Math.floor(Date.now() / 1000);
    const buttonReply = { type: "button_reply", button_reply: { id: "yes", title: "Yes" } };
    await t.deliver("messages", {
      contacts: [{ profile: { name: "Jo" }, wa_id: t.customer }],
      messages: [
        {
          from: t.customer,
          id: `wamid.${uniqueDigits(20)}`,
          timestamp: String(ts),
          type: "interactive",
          interactive: buttonReply,
        },
        {
          from: t.customer,
          id: `wamid.${uniqueDigits(20)}`,
          timestamp: String(ts + 1),
          type: "button",
          button: { text: "Track order", payload: "TRACK" },
        },
      ],
    });
    await drain();
    const messages = (await listMessages(t)).json.data as Record<string, unknown>[];
    const byBody = Object.fromEntries(messages.map((m) => [String(m.body), m]));
    expect(messages.find((m) => m.interactive)).toMatchObject({ direction: "inbound", interactive: buttonReply });
    expect(byBody["Track order"]).toMatchObject({ direction: "inbound", platform_data: { button_payload: "TRACK" } });
  });

  it("a message sent from the phone app on a coexistence number is stored outbound with source synced and emits message.sent once", async () => {
    const t = await tenant();
    const echo = {
      message_echoes: [
        {
          from: "15550102030",
          to: t.customer,
          id: `wamid.${uniqueDigits(20)}`,
          timestamp: String(Math.floor(Date.now() / 1000)),
          type: "text",
          text: { body: "Sent from my phone" },
        },
      ],
    };
    expect(await t.deliver("smb_message_echoes", echo)).toBe(200);
    expect(await t.deliver("smb_message_echoes", echo)).toBe(200);
    await drain();
    const [stored] = (await listMessages(t)).json.data as Record<string, unknown>[];
    expect(stored).toMatchObject({
      direction: "outbound",
      body: "Sent from my phone",
      source: "synced",
      platform_data: { source: "whatsapp_business_app" },
    });
    expect(await eventsOf(t.account.id, "message.sent")).toHaveLength(1);
    expect(
      (await callRoute(chatRoute.GET, { path: `/api/chats/${t.chatId}`, token: t.token, params: { id: t.chatId } }))
        .json.within_messaging_window,
    ).toBe(false);
  });

  it("the history import of a coexistence number emits no webhook events", async () => {
    const t = await tenant();
    const history = { history: [{ metadata: { phase: 0, chunk_order: 1, progress: 100 }, threads: [] }] };
    expect(await t.deliver("history", history)).toBe(200);
    await drain();
    expect(await eventsOf(t.account.id, "message.received")).toHaveLength(0);
    expect(await eventsOf(t.account.id, "message.sent")).toHaveLength(0);
  });

  it("a send refused because the token stopped working fails the message and disconnects the profile", async () => {
    const t = await tenant();
    graph.revoke(t.accessToken);
    const res = await send(t, { template: { name: "order_update", language: "en_US" } });
    await drain();
    expect((await message(t, String(res.json.id))).json).toMatchObject({ status: "failed" });
    expect((await db.profile.findUniqueOrThrow({ where: { id: t.profile.id } })).status).toBe("disconnected");
    const [event] = await eventsOf(t.account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({ id: t.profile.id, origin: "automated" });
  });
});
