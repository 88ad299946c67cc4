import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, describe, expect, it } from "vitest";
import * as initializeRoute from "@/app/api/profile_groups/[id]/initialize_connection/route";
import * as placementsRoute from "@/app/api/profiles/[id]/placements/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as callbackRoute from "@/app/connect/[platform]/callback/route";
import * as inboundRoute from "@/app/inbound/[platform]/route";
import { deliverWebhookFn } from "@/inngest/functions/deliver-webhook";
import { fanOutEventFn } from "@/inngest/functions/fan-out-event";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { setupProfileFn } from "@/inngest/functions/setup-profile";
import { numberValue, whatsappDelivery } from "@/testing/fakes/whatsapp-webhooks";
import { callRoute } from "@/testing/call-route";
import { uniqueDigits } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { useDrain } from "@/testing/messaging";
import { addWhatsAppOwner, fakePhoneNumber, useWhatsAppGraphFake } from "@/testing/whatsapp";
import { startReceiver } from "@/testing/webhook-receiver";
import { connectorStore } from "@/lib/services/connections/connector-store";
import { verifySignature } from "@/lib/services/webhooks/signature";
import { createWebhook } from "@/lib/services/webhooks/webhooks";
import { MESSAGE_TEMPLATES } from "@/lib/networks/whatsapp/setup";

// Its runner runs the app's own functions with this file's network settings.
await useOwnDatabase("wajourney");

// The WhatsApp connect-to-first-template journey, through the product's routes and background functions
// against the Graph fake: initialize_connection -> Embedded Signup consent -> our callback -> a profile
// with its numbers as placements -> setup (webhooks, registration, templates mirrored) -> a customer's
// signed message -> outside the window only a template goes out -> message.sent arrives signed.

const APP_ID = "4000000000123";
const APP_SECRET = "wa-journey-secret";
const fake = useWhatsAppGraphFake({ id: APP_ID, secret: APP_SECRET }, { configId: "cfg-journey" });
const closers: (() => Promise<void>)[] = [];
afterAll(() => Promise.all(closers.map((c) => c())));

const drain = useDrain([setupProfileFn, processInboundFn, sendMessageFn, fanOutEventFn, deliverWebhookFn]);

describe("WhatsApp journey", () => {
  it("connect -> numbers and templates -> a customer writes -> a template outside the window -> signed message.sent", async () => {
    const { account, group, principal } = await seedTenant();
    const { token } = await seedKey({ accountId: account.id });
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const webhook = await createWebhook({ principal, input: { url: receiver.url, events: ["message.sent"] } });

    const phoneId = uniqueDigits(15);
    const { userId, wabaId } = addWhatsAppOwner(fake, {
      numbers: [fakePhoneNumber(phoneId, { display_phone_number: "+1 555-0142", verified_name: "Bakery" })],
      names: { business: "Bakery Ltd", waba: "Bakery" },
    });
    fake.whatsapp.accounts.setTemplates(wabaId, [
      {
        id: uniqueDigits(12),
        name: "pickup_ready",
        language: "en_US",
        status: "APPROVED",
        category: "UTILITY",
        components: [{ type: "BODY", text: "Your order {{1}} is ready" }],
      },
    ]);
    fake.consentAs("facebook", userId);
    fake.shareWabas(null);

    // initialize_connection -> consent at the fake -> our callback -> the integrator's redirect_url.
    const started = await callRoute(initializeRoute.POST, {
      path: `/api/profile_groups/${group.id}/initialize_connection`,
      token,
      params: { id: group.id },
      body: { platform: "whatsapp", redirect_url: "https://app.example/connected", onboarding: "api" },
    });
    expect(started.status).toBe(200);
    const callbackParams = await fake.consent(new URL(String(started.json.url)));
    const back = await callbackRoute.GET(
      new Request(`http://localhost/connect/whatsapp/callback?${new URLSearchParams(callbackParams)}`),
      { params: Promise.resolve({ platform: "whatsapp" }) },
    );
    expect(back.status).toBe(302);
    const profileId = new URL(back.headers.get("location")!).searchParams.get("profile_id")!;
    expect(profileId).toMatch(/^prof_/);

    const placements = await callRoute(placementsRoute.GET, {
      path: `/api/profiles/${profileId}/placements`,
      token,
      params: { id: profileId },
    });
    expect(placements.json.data).toEqual([
      expect.objectContaining({ id: phoneId, metadata: expect.objectContaining({ quality_rating: "GREEN" }) }),
    ]);
    await drain(); // setup: subscribed, registered, templates mirrored
    expect(fake.whatsapp.accounts.subscriptions.get(wabaId)).toHaveLength(1);
    expect(fake.whatsapp.accounts.registered.has(phoneId)).toBe(true);
    expect(await connectorStore(profileId).get(MESSAGE_TEMPLATES)).toEqual([
      expect.objectContaining({ name: "pickup_ready", status: "APPROVED" }),
    ]);

    // A customer wrote 26 hours ago (signed push); the window has closed since.
    const customer = `1${uniqueDigits(10)}`;
    const wroteAt = Math.floor(Date.now() / 1000) - 26 * 3600;
    const delivery = whatsappDelivery(
      APP_SECRET,
      wabaId,
      "messages",
      numberValue(phoneId, "+1 555-0142", {
        contacts: [{ profile: { name: "Ada" }, wa_id: customer }],
        messages: [
          {
            from: customer,
            id: `wamid.${uniqueDigits(20)}`,
            timestamp: String(wroteAt),
            type: "text",
            text: { body: "Is my cake ready?" },
          },
        ],
      }),
    );
    const pushed = await inboundRoute.POST(
      new Request("http://localhost/inbound/whatsapp", { method: "POST", ...delivery }),
      { params: Promise.resolve({ platform: "whatsapp" }) },
    );
    expect(pushed.status).toBe(200);
    await drain();

    const chats = await callRoute(profileChatsRoute.GET, {
      path: `/api/profiles/${profileId}/chats`,
      token,
      params: { id: profileId },
    });
    const [chat] = chats.json.data as { id: string; within_messaging_window: boolean; participant_name: string }[];
    expect(chat).toMatchObject({ participant_name: "Ada", within_messaging_window: false });
    const sendTo = (body: unknown) =>
      callRoute(chatMessagesRoute.POST, {
        path: `/api/chats/${chat!.id}/messages`,
        token,
        params: { id: chat!.id },
        body,
      });
    expect((await sendTo({ body: "Yes!" })).status).toBe(422);
    const template = await sendTo({
      template: {
        name: "pickup_ready",
        language: "en_US",
        components: [{ type: "body", parameters: [{ type: "text", text: "#42" }] }],
      },
    });
    expect(template.status).toBe(202);
    await drain();

    const [sent] = fake.whatsapp.sent.filter((s) => s.to === customer);
    expect(sent).toMatchObject({ phoneNumberId: phoneId, type: "template" });
    const [received] = receiver.received;
    expect(received!.headers["x-service-event"]).toBe("message.sent");
    expect(
      verifySignature({
        secret: webhook.secret,
        body: received!.rawBody,
        header: String(received!.headers["x-service-signature"]),
      }),
    ).toBe(true);
    expect(JSON.parse(received!.rawBody).data.message).toMatchObject({
      id: template.json.id,
      chat_id: chat!.id,
      direction: "outbound",
      external_id: sent!.id,
    });
  });
});
