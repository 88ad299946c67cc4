import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, describe, expect, it } from "vitest";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as messageRoute from "@/app/api/messages/[id]/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { ManualClock } from "@/inngest/local-runner";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { setupProfileFn } from "@/inngest/functions/setup-profile";
import { db } from "@/lib/db/client";
import { ANSWER_DELAY_MS } from "@/lib/networks/sandbox/messaging";
import { MESSAGE_TEMPLATES } from "@/lib/networks/whatsapp/setup";
import { connectorStore } from "@/lib/services/connections/connector-store";
import { callRoute } from "@/testing/call-route";
import { connectViaOAuth, sandboxConsent } from "@/testing/connections";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { useDrain } from "@/testing/messaging";

// Its runner runs the app's own functions with this file's network settings.
await useOwnDatabase("sbxwa");

// WhatsApp on the sandbox network: connecting mirrors the simulated templates (as the real setup mirrors
// the account's), and template sends are checked against them: an approved one is sent, a rejected or
// unknown one fails the message with message.failed, as the network would report it.

afterAll(async () => {
  await db.$disconnect();
});

const clock = new ManualClock(new Date());
const drain = useDrain([setupProfileFn, sendMessageFn], { clock });

const sandboxWhatsapp = async () => {
  const tenant = await seedTenant({ environment: "sandbox" });
  const { token } = await seedKey({ accountId: tenant.account.id, environment: "sandbox" });
  const { profile } = await connectViaOAuth({
    principal: tenant.principal,
    groupId: tenant.group.id,
    platform: "whatsapp",
    consent: sandboxConsent("Sandbox Bakery"),
  });
  await drain();
  const placement = profile!.placements[0]!.externalId!;
  const chat = await callRoute(profileChatsRoute.POST, {
    path: `/api/profiles/${profile!.id}/chats`,
    token,
    params: { id: profile!.id },
    body: { participant_external_id: "+1 555 0100 200", placement_id: placement },
  });
  const chatId = String(chat.json.id);
  const read = async (id: string) =>
    (await callRoute(messageRoute.GET, { path: `/api/messages/${id}`, token, params: { id } })).json;
  const send = async (body: unknown) => {
    const res = await callRoute(chatMessagesRoute.POST, {
      path: `/api/chats/${chatId}/messages`,
      token,
      params: { id: chatId },
      body,
    });
    expect(res.status).toBe(202);
    await drain();
    return read(String(res.json.id));
  };
  return { ...tenant, profile: profile!, send, read };
};

describe("WhatsApp on the sandbox network", () => {
  it("a sent message is reported delivered and read a moment later, without message.delivered/read events", async () => {
    const t = await sandboxWhatsapp();
    const sent = await t.send({ template: { name: "order_update", language: "en_US" } });
    expect(sent).toMatchObject({ status: "published", external_delivered_at: null, external_read_at: null });
    await drain(ANSWER_DELAY_MS + 100);
    expect(await t.read(String(sent.id))).toMatchObject({
      external_delivered_at: expect.any(String),
      external_read_at: expect.any(String),
    });
    expect(await eventsOf(t.account.id, "message.delivered")).toHaveLength(0);
    expect(await eventsOf(t.account.id, "message.read")).toHaveLength(0);
  });

  it("connecting mirrors the sandbox's templates into the profile", async () => {
    const t = await sandboxWhatsapp();
    const templates = (await connectorStore(t.profile.id).get(MESSAGE_TEMPLATES)) as { name: string }[];
    expect(templates.map((x) => x.name)).toEqual(["hello_world", "order_update", "summer_sale"]);
  });

  it("an approved template is sent; a rejected or unknown one fails the message with message.failed", async () => {
    const t = await sandboxWhatsapp();
    expect(await t.send({ template: { name: "hello_world", language: "en_US" } })).toMatchObject({
      status: "published",
    });
    expect(await t.send({ template: { name: "summer_sale", language: "en_US" } })).toMatchObject({
      status: "failed",
      error_details: expect.objectContaining({ platform_error_code: "132000" }),
    });
    expect(await t.send({ template: { name: "hello_world", language: "de" } })).toMatchObject({
      status: "failed",
      error_details: expect.objectContaining({ platform_error_code: "132001" }),
    });
    expect(await eventsOf(t.account.id, "message.failed")).toHaveLength(2);
  });
});
