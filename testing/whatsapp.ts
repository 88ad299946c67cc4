import { startGraphFake, type FakePhoneNumber, type GraphFake } from "@/testing/fakes/graph";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { afterAll, beforeAll } from "vitest";
import { seedNetworkProfile, uniqueDigits } from "./comments";
import { lateBound, type MetaApp } from "./messaging";
import { setEnv, type Tenant } from "./network-tests";

// What the WhatsApp tests share: the Graph fake with the app the connector uses, and business numbers on
// it (a Facebook user owning a business with one WhatsApp Business Account and its phone numbers).

// The Graph fake for the file's tests with a WhatsApp app, the connector's NETWORK_WHATSAPP_* settings
// pointed at it (`settings`: more of them, e.g. REGISTRATION_PIN).
export const useWhatsAppGraphFake = (
  app: MetaApp,
  { configId = "cfg-1", settings = {} }: { configId?: string; settings?: Record<string, string> } = {},
): GraphFake => {
  let fake: GraphFake | undefined;
  beforeAll(async () => {
    fake = await startGraphFake();
    fake.addApp("facebook", app.id, app.secret);
    return setEnv({
      NETWORK_WHATSAPP_CLIENT_ID: app.id,
      NETWORK_WHATSAPP_CLIENT_SECRET: app.secret,
      NETWORK_WHATSAPP_CONFIG_ID: configId,
      NETWORK_WHATSAPP_AUTH_URL: fake.base("www.facebook.com"),
      NETWORK_WHATSAPP_GRAPH_URL: fake.base("graph.facebook.com"),
      ...settings,
    });
  });
  afterAll(async () => {
    await fake?.close();
    await db.$disconnect();
  });
  return lateBound("the Graph fake", () => fake);
};

// A connected Cloud API number as Graph describes it (GET /{phone-number-id}).
export const fakePhoneNumber = (id: string, extra: Partial<FakePhoneNumber> = {}): FakePhoneNumber => ({
  id,
  display_phone_number: "+1 555-0100",
  verified_name: "Acme",
  quality_rating: "GREEN",
  messaging_limit_tier: "TIER_1K",
  name_status: "APPROVED",
  status: "CONNECTED",
  platform_type: "CLOUD_API",
  is_official_business_account: false,
  throughput: { level: "STANDARD" },
  ...extra,
});

// A Facebook user on the fake owning a business ("Biz") with one WhatsApp Business Account ("Acme")
// whose numbers are `numbers`.
export const addWhatsAppOwner = (
  graph: GraphFake,
  {
    numbers,
    userId = uniqueDigits(12),
    wabaId = uniqueDigits(15),
    businessId = uniqueDigits(15),
    names = { business: "Biz", waba: "Acme" },
  }: {
    numbers: FakePhoneNumber[];
    userId?: string;
    wabaId?: string;
    businessId?: string;
    names?: { business: string; waba: string };
  },
) => {
  graph.addFacebookUser({
    id: userId,
    name: "Owner",
    businesses: [
      { id: businessId, name: names.business, wabas: [{ id: wabaId, name: names.waba, phoneNumbers: numbers }] },
    ],
  });
  return { userId, wabaId };
};

// A tenant's whatsapp profile (its WABA) with one number (a placement named by its display number) and
// the owner's messaging token (`accessToken`).
export const seedWhatsAppNumber = async (graph: GraphFake, tenant: Tenant, number: Partial<FakePhoneNumber>) => {
  const phone = fakePhoneNumber(uniqueDigits(15), number);
  const { userId, wabaId } = addWhatsAppOwner(graph, { numbers: [phone] });
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "whatsapp", externalId: wabaId });
  const accessToken = graph.issueToken("facebook", userId, ["whatsapp_business_messaging"]);
  await db.profile.update({ where: { id: profile.id }, data: { accessToken: encryptSecret(accessToken) } });
  await db.placement.create({
    data: { id: newId("placement"), profileId: profile.id, externalId: phone.id, name: phone.display_phone_number },
  });
  return { profile, wabaId, phoneId: phone.id, userId, accessToken };
};
