import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { recordEvent } from "@/lib/services/events/record-event";
import { principalFor, seedAccount } from "@/testing/seed";
import { startReceiver } from "@/testing/webhook-receiver";
import { attemptDelivery } from "./attempt-delivery";
import { fanOutEvent } from "./fan-out-event";
import { verifySignature } from "./signature";
import { createWebhook, updateWebhook } from "./webhooks";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(cleanups.map((c) => c()));
  await db.$disconnect();
});

const setup = async (responder?: Parameters<typeof startReceiver>[0]) => {
  const receiver = await startReceiver(responder);
  cleanups.push(receiver.close);
  const principal = principalFor({ accountId: (await seedAccount()).id });
  const webhook = await createWebhook({ principal, input: { url: receiver.url, events: ["post.processed"] } });
  const event = await recordEvent({
    accountId: principal.accountId,
    environment: "live",
    type: "post.processed",
    data: { id: "post_1", body: "héllo ✓" },
  });
  const [dispatch] = await fanOutEvent({ eventId: event.id });
  return { receiver, principal, webhook, event, dispatchId: dispatch!.id };
};

describe("attemptDelivery", () => {
  it("POSTs the signed envelope with the spec's headers and records the attempt", async () => {
    const { receiver, webhook, event, dispatchId } = await setup();
    const outcome = await attemptDelivery({ dispatchId, attemptNumber: 1 });
    expect(outcome).toEqual({ state: "delivered", attemptNumber: 1 });

    const [req] = receiver.received;
    expect(req!.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": "Service-Webhooks/1.0",
      "x-service-event": "post.processed",
      "x-service-delivery": expect.stringMatching(/^dlv_/),
    });
    expect(
      verifySignature({
        secret: webhook.secret,
        body: req!.rawBody,
        header: String(req!.headers["x-service-signature"]),
      }),
    ).toBe(true);
    expect(JSON.parse(req!.rawBody)).toEqual({
      id: event.id,
      type: "post.processed",
      created_at: event.createdAt.toISOString(),
      data: { id: "post_1", body: "héllo ✓" },
    });

    const delivery = await db.webhookDelivery.findFirstOrThrow({ where: { dispatchId } });
    expect(delivery).toMatchObject({
      id: req!.headers["x-service-delivery"],
      attemptNumber: 1,
      responseStatus: 200,
      success: true,
    });
    expect((await db.webhookDispatch.findUniqueOrThrow({ where: { id: dispatchId } })).status).toBe("delivered");
  });

  it("schedules retries 1, 5, 30 and 120 minutes out, then marks the dispatch failed", async () => {
    const { dispatchId } = await setup(() => ({ status: 503 }));
    const outcomes = [];
    for (let attempt = 1; attempt <= 5; attempt++)
      outcomes.push(await attemptDelivery({ dispatchId, attemptNumber: attempt }));
    expect(outcomes.map((o) => ("retryInMs" in o ? o.retryInMs : o.state))).toEqual([
      60_000,
      300_000,
      1_800_000,
      7_200_000,
      "failed",
    ]);
    const rows = await db.webhookDelivery.findMany({ where: { dispatchId }, orderBy: { attemptNumber: "asc" } });
    expect(rows.map((r) => [r.attemptNumber, r.responseStatus, r.success])).toEqual(
      [1, 2, 3, 4, 5].map((n) => [n, 503, false]),
    );
    expect((await db.webhookDispatch.findUniqueOrThrow({ where: { id: dispatchId } })).status).toBe("failed");
  });

  it("never sends a recorded attempt or a delivered dispatch again", async () => {
    const { receiver, dispatchId } = await setup();
    await attemptDelivery({ dispatchId, attemptNumber: 1 });
    expect(await attemptDelivery({ dispatchId, attemptNumber: 1 })).toEqual({ state: "delivered", attemptNumber: 1 });
    expect(await attemptDelivery({ dispatchId, attemptNumber: 2 })).toMatchObject({ state: "skipped" });
    expect(receiver.received).toHaveLength(1);
  });

  it("delivers nothing to a disabled webhook", async () => {
    const { receiver, principal, webhook, dispatchId } = await setup();
    await updateWebhook({ principal, id: webhook.id, input: { enabled: false } });
    expect(await attemptDelivery({ dispatchId, attemptNumber: 1 })).toMatchObject({ state: "skipped" });
    expect(receiver.received).toHaveLength(0);
  });
});
