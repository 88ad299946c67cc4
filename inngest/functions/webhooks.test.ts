import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { db } from "@/lib/db/client";
import { emitEvent } from "@/lib/services/events/emit-event";
import { createWebhook } from "@/lib/services/webhooks/webhooks";
import { principalFor, seedAccount } from "@/lib/testing/seed";
import { startReceiver, type Responder } from "@/lib/testing/webhook-receiver";
import { deliverWebhookFn } from "./deliver-webhook";
import { fanOutEventFn } from "./fan-out-event";

// The webhook pipeline through the local runner, on a manual clock: the spec's schedule (immediately,
// then 1 min, 5 min, 30 min, 2 h) without waiting.

let runner: LocalRunner | undefined;
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});
afterAll(async () => {
  await Promise.all(closers.map((c) => c()));
  await db.$disconnect();
});

const setup = async (responder: Responder) => {
  const clock = new ManualClock(new Date());
  runner = await startLocalRunner({ functions: [fanOutEventFn, deliverWebhookFn], clock, pollIntervalMs: 0 });
  const receiver = await startReceiver(responder);
  closers.push(receiver.close);
  const principal = principalFor({ accountId: (await seedAccount()).id });
  const webhook = await createWebhook({ principal, input: { url: receiver.url, events: ["*"] } });
  const event = await emitEvent({ accountId: principal.accountId, environment: "live", type: "post.processed", data: { id: "post_1" } });
  const deliveries = () => db.webhookDelivery.findMany({ where: { webhookId: webhook.id }, orderBy: { attemptNumber: "asc" } });
  return { clock, receiver, webhook, event, deliveries, runner };
};

describe("webhook delivery schedule", () => {
  it("a receiver failing 3 times then answering 2xx shows attempts 1-4, the last one successful", async () => {
    const { clock, receiver, deliveries, runner } = await setup((_r, i) => ({ status: i < 3 ? 500 : 200 }));

    await runner.drain();
    expect((await deliveries()).map((d) => d.attemptNumber)).toEqual([1]);

    clock.advance("59s");
    await runner.drain();
    expect(await deliveries()).toHaveLength(1); // not before the minute is up

    for (const [wait, expected] of [["1s", 2], ["5m", 3], ["30m", 4]] as const) {
      clock.advance(wait);
      await runner.drain();
      expect((await deliveries()).length).toBe(expected);
    }
    const rows = await deliveries();
    expect(rows.map((d) => [d.attemptNumber, d.responseStatus, d.success])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 500, false],
      [4, 200, true],
    ]);
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((r) => r.headers["x-service-delivery"])).size).toBe(4);

    clock.advance("3h");
    await runner.drain();
    expect(receiver.received).toHaveLength(4);
    expect((await db.webhookDispatch.findFirstOrThrow({ where: { webhookId: rows[0]!.webhookId } })).status).toBe("delivered");
  });

  it("gives up after the fifth attempt, two hours after the fourth, and marks the dispatch failed", async () => {
    const { clock, receiver, webhook, deliveries, runner } = await setup(() => ({ status: 503 }));
    await runner.drain();
    for (const wait of ["1m", "5m", "30m"]) {
      clock.advance(wait);
      await runner.drain();
    }
    expect(await deliveries()).toHaveLength(4);
    clock.advance("119m");
    await runner.drain();
    expect(await deliveries()).toHaveLength(4);
    clock.advance("1m");
    await runner.drain();
    expect((await deliveries()).map((d) => d.attemptNumber)).toEqual([1, 2, 3, 4, 5]);
    expect((await db.webhookDispatch.findFirstOrThrow({ where: { webhookId: webhook.id } })).status).toBe("failed");
    clock.advance("1d");
    await runner.drain();
    expect(receiver.received).toHaveLength(5);
  });
});
