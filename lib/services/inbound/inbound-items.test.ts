import { useOwnDatabase } from "@/testing/own-database";
import { describe, expect, it } from "vitest";
import * as metaRoute from "@/app/inbound/[platform]/route";
import { ManualClock } from "@/inngest/local-runner";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { numberValue, whatsappDelivery } from "@/testing/fakes/whatsapp-webhooks";
import { db } from "@/lib/db/client";
import { uniqueDigits } from "@/testing/comments";
import { useDrain, useTelegramFake } from "@/testing/messaging";
import { deliverTelegram, seedTelegramProfile } from "@/testing/messaging-seeds";
import { seedTenant } from "@/testing/network-tests";
import { seedWhatsAppNumber, useWhatsAppGraphFake } from "@/testing/whatsapp";

// Its runner runs the app's own inbound function with this file's network settings.
await useOwnDatabase("initems");

// What a delivery carries that the database cannot hold, and items that fail: a NUL (raw or escaped)
// in a signed Telegram update is stored without it; one failing item of a WhatsApp delivery neither
// keeps its other items from being applied nor leaves the delivery `received`. A WhatsApp change
// naming a number of another business account opens no chat on it.

const APP_SECRET = "in-items-secret";
const telegram = useTelegramFake();
const graph = useWhatsAppGraphFake({ id: "in-items-app", secret: APP_SECRET });
const clock = new ManualClock(new Date());
const drain = useDrain([processInboundFn], { clock });
// Until nothing waits: a delivery with a failing item is retried with the backoff (10 s ... 80 s).
const drainRetries = async () => {
  for (let i = 0; i < 6; i++) await drain(i === 0 ? 0 : 120_000);
};

const deliveryOf = (profileId: string) =>
  db.inboundDelivery.findFirstOrThrow({ where: { profileId }, orderBy: { receivedAt: "desc" } });
const inboundBodies = async (profileId: string) =>
  (await db.message.findMany({ where: { profileId }, orderBy: { createdAt: "asc" }, select: { body: true } })).map(
    (m) => m.body,
  );

describe("Telegram updates with NUL characters", () => {
  const world = async () => {
    const tenant = await seedTenant();
    const profile = await seedTelegramProfile(telegram, tenant);
    const user = { id: Number(uniqueDigits(9)), first_name: "Nul\u0000l", username: "nul" };
    return { profile, user };
  };

  it("an escaped \\u0000 is answered 200 and the message stored without it; the delivery is processed", async () => {
    const { profile, user } = await world();
    const update = telegram.userWrites(user, "be\u0000fore");
    const body = JSON.stringify(update);
    expect(body).toContain("\\u0000");
    expect(await deliverTelegram(profile.id, update, body)).toBe(200);
    await drainRetries();
    expect(await deliveryOf(profile.id)).toMatchObject({ status: "processed", error: null });
    expect(await inboundBodies(profile.id)).toEqual(["before"]);
    const chat = await db.chat.findFirstOrThrow({ where: { profileId: profile.id } });
    expect(chat.participantName).toBe("Null");
  });

  it("a raw NUL byte is answered 200 (the signature checked over the raw bytes) and applied without it", async () => {
    const { profile, user } = await world();
    const update = telegram.userWrites(user, "ra\u0000w");
    const body = JSON.stringify(update).replaceAll("\\u0000", "\u0000");
    expect(Buffer.from(body).includes(0)).toBe(true);
    expect(await deliverTelegram(profile.id, update, body)).toBe(200);
    const stored = await deliveryOf(profile.id);
    expect(stored.payload).toBe(body.replaceAll("\u0000", ""));
    await drainRetries();
    expect(await deliveryOf(profile.id)).toMatchObject({ status: "processed", error: null });
    expect(await inboundBodies(profile.id)).toEqual(["raw"]);
  });
});

describe("WhatsApp deliveries, item by item", () => {
  const push = async (d: { body: string; headers: Record<string, string> }) =>
    (
      await metaRoute.POST(new Request("http://localhost/inbound/whatsapp", { method: "POST", ...d }), {
        params: Promise.resolve({ platform: "whatsapp" }),
      })
    ).status;
  const text = (from: string, body: string, timestamp = String(Math.floor(Date.now() / 1000))) => ({
    from,
    id: `wamid.${uniqueDigits(20)}`,
    timestamp,
    type: "text",
    text: { body },
  });
  const payloadWith = (marker: string) =>
    db.inboundDelivery.findFirstOrThrow({ where: { payload: { contains: marker } } });

  it("a failing item is recorded; the items before and after it are applied and the delivery is settled", async () => {
    const tenant = await seedTenant();
    const { profile, wabaId, phoneId } = await seedWhatsAppNumber(graph, tenant, {});
    const customer = `49${uniqueDigits(10)}`;
    const marker = uniqueDigits(12);
    const messages = [
      text(customer, `first ${marker}`),
      text(customer, "from beyond year 9999", "99999999999999"), // a time no database column holds
      text(customer, "third with \u0000 NUL"),
    ];
    const value = numberValue(phoneId, "+1 555-0100", { contacts: [{ wa_id: customer }], messages });
    expect(await push(whatsappDelivery(APP_SECRET, wabaId, "messages", value))).toBe(200);
    await drainRetries();

    expect((await inboundBodies(profile.id)).sort()).toEqual([`first ${marker}`, "third with  NUL"].sort());
    const delivery = await payloadWith(marker);
    expect(delivery.status).toBe("processed");
    // the counts of the last try: the other two were applied on the first
    expect(delivery.result).toEqual({ message_duplicate: 2, failed: 1 });
    expect(delivery.error).toMatch(/^item 2 \(message\): /);
  });

  it("a change naming a number of another business account creates no chat there", async () => {
    const ours = await seedWhatsAppNumber(graph, await seedTenant(), {});
    const theirs = await seedWhatsAppNumber(graph, await seedTenant(), {});
    const customer = `49${uniqueDigits(10)}`;
    const marker = uniqueDigits(12);
    // signed by the app, for our business account, naming their number
    const value = numberValue(theirs.phoneId, "+1 555-0100", {
      contacts: [{ wa_id: customer }],
      messages: [text(customer, `spoofed ${marker}`)],
    });
    expect(await push(whatsappDelivery(APP_SECRET, ours.wabaId, "messages", value))).toBe(200);
    await drainRetries();

    expect(await payloadWith(marker)).toMatchObject({ status: "processed", result: { unmatched: 1 } });
    expect(await db.chat.count({ where: { profileId: { in: [ours.profile.id, theirs.profile.id] } } })).toBe(0);
    expect(await db.message.count({ where: { body: `spoofed ${marker}` } })).toBe(0);

    // the same change naming our own number is applied
    const own = numberValue(ours.phoneId, "+1 555-0100", {
      contacts: [{ wa_id: customer }],
      messages: [text(customer, `ours ${marker}`)],
    });
    expect(await push(whatsappDelivery(APP_SECRET, ours.wabaId, "messages", own))).toBe(200);
    await drainRetries();
    expect(await db.chat.findMany({ where: { profileId: ours.profile.id } })).toEqual([
      expect.objectContaining({ externalPlacementId: ours.phoneId, participantExternalId: customer }),
    ]);
  });
});
