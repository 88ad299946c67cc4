import { useOwnDatabase } from "@/testing/own-database";
import { describe, expect, it } from "vitest";
import * as metaRoute from "@/app/inbound/[platform]/route";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { setupProfileFn } from "@/inngest/functions/setup-profile";
import { type FakeWaba } from "@/testing/fakes/graph";
import { whatsappDelivery } from "@/testing/fakes/whatsapp-webhooks";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { connectorStore } from "@/lib/services/connections/connector-store";
import { setupProfile } from "@/lib/services/connections/setup-profile";
import { connectViaOAuth } from "@/testing/connections";
import { uniqueDigits } from "@/testing/comments";
import { useDrain } from "@/testing/messaging";
import { fakePhoneNumber, useWhatsAppGraphFake } from "@/testing/whatsapp";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { MESSAGE_TEMPLATES } from "./setup";

// Its runner runs the app's own functions with this file's network settings.
await useOwnDatabase("wasetup");

// After a WhatsApp connection (spec "WhatsApp connection"): webhooks subscription, number registration
// with registration_warning, templates mirrored; then the account webhooks that refresh them (template
// status, number quality/name) or end the connection (account_update).

const CLIENT_ID = "4000000000077";
const APP_SECRET = "wa-setup-secret";
const fake = useWhatsAppGraphFake(
  { id: CLIENT_ID, secret: APP_SECRET },
  { configId: "cfg-setup", settings: { NETWORK_WHATSAPP_REGISTRATION_PIN: "246810" } },
);
const drain = useDrain([setupProfileFn, processInboundFn]);

const push = async (d: { body: string; headers: Record<string, string> }) =>
  (
    await metaRoute.POST(new Request("http://localhost/inbound/whatsapp", { method: "POST", ...d }), {
      params: Promise.resolve({ platform: "whatsapp" }),
    })
  ).status;

const connected = async () => {
  const tenant = await seedTenant();
  const userId = uniqueDigits(12);
  const waba: FakeWaba = {
    id: uniqueDigits(15),
    name: "Acme",
    phoneNumbers: [fakePhoneNumber(uniqueDigits(15)), fakePhoneNumber(uniqueDigits(15), { platform_type: "SMB_APP" })],
  };
  fake.addFacebookUser({
    id: userId,
    name: "Owner",
    businesses: [{ id: uniqueDigits(15), name: "Biz", wabas: [waba] }],
  });
  fake.whatsapp.accounts.setTemplates(waba.id, [
    {
      id: uniqueDigits(12),
      name: "order_update",
      language: "en_US",
      status: "APPROVED",
      category: "UTILITY",
      components: [{ type: "BODY", text: "Order {{1}} is on its way" }],
    },
  ]);
  fake.consentAs("facebook", userId);
  fake.shareWabas(null);
  const { profile } = await connectViaOAuth({
    principal: tenant.principal,
    groupId: tenant.group.id,
    platform: "whatsapp",
    consent: fake.consent,
  });
  return { ...tenant, waba, profile: profile! };
};
const placementsOf = (profileId: string) =>
  db.placement.findMany({ where: { profileId }, orderBy: { position: "asc" } });

describe("WhatsApp setup after connecting", () => {
  it("subscribes the account to webhooks, registers each Cloud API number with the PIN and mirrors the templates", async () => {
    const t = await connected();
    await drain();
    expect(fake.whatsapp.accounts.subscriptions.get(t.waba.id)).toEqual([{ appId: CLIENT_ID, override: undefined }]);
    const [api, coexisting] = t.waba.phoneNumbers;
    expect(fake.whatsapp.accounts.registered.get(api!.id)).toBe("246810");
    expect(fake.whatsapp.accounts.registered.has(coexisting!.id)).toBe(false); // lives in the phone app
    const templates = (await connectorStore(t.profile.id).get(MESSAGE_TEMPLATES)) as { name: string }[];
    expect(templates).toEqual([
      expect.objectContaining({ name: "order_update", status: "APPROVED", language: "en_US" }),
    ]);
    for (const p of await placementsOf(t.profile.id)) expect(p.metadata).not.toHaveProperty("registration_warning");
  });

  it("a refused registration is recorded as registration_warning on the number and cleared when it succeeds", async () => {
    const t = await connected();
    const numberId = t.waba.phoneNumbers[0]!.id;
    fake.whatsapp.accounts.failRegistration(numberId, 133005);
    await drain();
    const warned = (await placementsOf(t.profile.id)).find((p) => p.externalId === numberId)!;
    expect(warned.metadata).toMatchObject({ registration_warning: expect.stringContaining("PIN Mismatch") });

    fake.whatsapp.accounts.failRegistration(numberId, null);
    expect(await setupProfile({ profileId: t.profile.id })).toMatchObject({ state: "done" });
    const cleared = (await placementsOf(t.profile.id)).find((p) => p.externalId === numberId)!;
    expect(cleared.metadata).not.toHaveProperty("registration_warning");
    expect(cleared.metadata).toMatchObject({ quality_rating: "GREEN", status: "CONNECTED" });
  });
});

describe("WhatsApp account webhooks", () => {
  it("a template status update re-reads the mirrored templates", async () => {
    const t = await connected();
    await drain();
    fake.whatsapp.accounts.setTemplates(t.waba.id, [
      ...fake.whatsapp.accounts.templatesOf(t.waba.id),
      { id: "9001", name: "welcome", language: "de", status: "APPROVED", category: "MARKETING", components: [] },
    ]);
    const update = whatsappDelivery(APP_SECRET, t.waba.id, "message_template_status_update", {
      event: "APPROVED",
      message_template_id: 9001,
      message_template_name: "welcome",
      message_template_language: "de",
      reason: "NONE",
    });
    expect(await push(update)).toBe(200);
    await drain();
    const templates = (await connectorStore(t.profile.id).get(MESSAGE_TEMPLATES)) as { name: string }[];
    expect(templates.map((x) => x.name)).toEqual(["order_update", "welcome"]);
  });

  it("quality and name updates refresh the numbers' placement metadata", async () => {
    const t = await connected();
    await drain();
    const phone = t.waba.phoneNumbers[0]!;
    Object.assign(phone, { quality_rating: "RED", messaging_limit_tier: "TIER_250" });
    const quality = whatsappDelivery(APP_SECRET, t.waba.id, "phone_number_quality_update", {
      display_phone_number: "15550100",
      event: "DOWNGRADE",
      current_limit: "TIER_250",
    });
    expect(await push(quality)).toBe(200);
    await drain();
    expect((await placementsOf(t.profile.id)).find((p) => p.externalId === phone.id)!.metadata).toMatchObject({
      quality_rating: "RED",
      messaging_limit_tier: "TIER_250",
    });

    phone.name_status = "DECLINED";
    const name = whatsappDelivery(APP_SECRET, t.waba.id, "phone_number_name_update", {
      display_phone_number: "15550100",
      decision: "REJECTED",
      requested_verified_name: "Acme!!",
      rejection_reason: "NAME_FORMAT_UNACCEPTABLE",
    });
    expect(await push(name)).toBe(200);
    await drain();
    expect((await placementsOf(t.profile.id)).find((p) => p.externalId === phone.id)!.metadata).toMatchObject({
      name_status: "DECLINED",
    });
  });

  it("an account update removing the app's access disconnects the profile (profile.disconnected, automated)", async () => {
    const t = await connected();
    const removed = whatsappDelivery(APP_SECRET, t.waba.id, "account_update", { event: "PARTNER_REMOVED" });
    expect(await push(removed)).toBe(200);
    await drain();
    expect(await db.profile.findUniqueOrThrow({ where: { id: t.profile.id } })).toMatchObject({
      status: "disconnected",
    });
    const [event] = await eventsOf(t.account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({ id: t.profile.id, origin: "automated" });
  });

  it("a disabled account disconnects the profile; a verified-account update only refreshes the numbers", async () => {
    const t = await connected();
    const verified = whatsappDelivery(APP_SECRET, t.waba.id, "account_update", { event: "VERIFIED_ACCOUNT" });
    expect(await push(verified)).toBe(200);
    await drain();
    expect((await db.profile.findUniqueOrThrow({ where: { id: t.profile.id } })).status).toBe("active");
    const disabled = whatsappDelivery(APP_SECRET, t.waba.id, "account_update", {
      event: "DISABLED_UPDATE",
      ban_info: { waba_ban_state: "DISABLE", waba_ban_date: "2026-11-26" },
    });
    expect(await push(disabled)).toBe(200);
    await drain();
    expect((await db.profile.findUniqueOrThrow({ where: { id: t.profile.id } })).status).toBe("disconnected");
  });

  it("a number update the network answers with a refused token disconnects the profile", async () => {
    const t = await connected();
    await drain();
    const stored = await db.profile.findUniqueOrThrow({ where: { id: t.profile.id } });
    fake.revoke(decryptSecret(stored.accessToken!));
    const quality = whatsappDelivery(APP_SECRET, t.waba.id, "phone_number_quality_update", {
      display_phone_number: "15550100",
      event: "UPGRADE",
      current_limit: "TIER_10K",
    });
    expect(await push(quality)).toBe(200);
    await drain();
    expect((await db.profile.findUniqueOrThrow({ where: { id: t.profile.id } })).status).toBe("disconnected");
    const [event] = await eventsOf(t.account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({ id: t.profile.id, origin: "automated" });
  });

  it("an unsigned account update is refused and changes nothing", async () => {
    const t = await connected();
    const removed = whatsappDelivery("not-the-secret", t.waba.id, "account_update", { event: "PARTNER_REMOVED" });
    expect(await push(removed)).toBe(403);
    await drain();
    expect((await db.profile.findUniqueOrThrow({ where: { id: t.profile.id } })).status).toBe("active");
  });
});
