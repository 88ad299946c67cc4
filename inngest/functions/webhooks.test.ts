import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { appFunctionId, delay, waitFor } from "@/inngest/local-runner/testing/helpers";
import { kill9, spawnRunnerProcess } from "@/inngest/local-runner/testing/processes";
import { db } from "@/lib/db/client";
import { emitEvent } from "@/lib/services/events/emit-event";
import { createWebhook } from "@/lib/services/webhooks/webhooks";
import { principalFor, seedAccount } from "@/testing/seed";
import { startReceiver, type Responder } from "@/testing/webhook-receiver";
import { deliverWebhookFn } from "./deliver-webhook";
import { fanOutEventFn } from "./fan-out-event";

// The webhook pipeline through the local runner, on a manual clock: the spec's schedule (immediately,
// then 1 min, 5 min, 30 min, 2 h) without waiting.

let runner: LocalRunner | undefined;
const closers: (() => Promise<void>)[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});
afterAll(async () => {
  await Promise.all(children.map(kill9));
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
  const event = await emitEvent({
    accountId: principal.accountId,
    environment: "live",
    type: "post.processed",
    data: {
      id: "post_1",
      body: "hello",
      status: "processed",
      scheduled_at: null,
      created_at: new Date().toISOString(),
      platforms: [],
    },
  });
  const deliveries = () =>
    db.webhookDelivery.findMany({ where: { webhookId: webhook.id }, orderBy: { attemptNumber: "asc" } });
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

    for (const [wait, expected] of [
      ["1s", 2],
      ["5m", 3],
      ["30m", 4],
    ] as const) {
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
    expect((await db.webhookDispatch.findFirstOrThrow({ where: { webhookId: rows[0]!.webhookId } })).status).toBe(
      "delivered",
    );
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

describe("webhook delivery across a runner crash", () => {
  it("a runner killed while a dispatch waits for its retry loses nothing; the next one repeats no success", async () => {
    const receiver = await startReceiver((_r, i) => ({ status: i === 0 ? 500 : 200 }));
    closers.push(receiver.close);
    const principal = principalFor({ accountId: (await seedAccount()).id });
    const webhook = await createWebhook({ principal, input: { url: receiver.url, events: ["*"] } });
    const childScript = path.join(import.meta.dirname, "../../testing/webhook-runner-child.ts");
    const first = await spawnRunnerProcess(childScript);
    children.push(first);

    await emitEvent({
      accountId: principal.accountId,
      environment: "live",
      type: "profile.connected",
      data: { id: "prof_1", name: "Prof", platform: "sandbox", status: "active", uid: null, username: null },
    });
    const deliveryRun = await waitFor(
      async () => {
        const run = await db.jobRun.findFirst({
          where: {
            functionId: appFunctionId("deliver-webhook"),
            event: { path: ["data", "webhookId"], equals: webhook.id },
          },
        });
        // parked: not finished, no lease held, waking in the future
        const isParked =
          run && ["queued", "running"].includes(run.status) && run.lockedBy === null && run.wakeAt > new Date();
        return isParked ? run : null;
      },
      { what: "the delivery run to sleep before its second attempt", timeoutMs: 30_000 },
    );
    await kill9(first);
    expect(receiver.received).toHaveLength(1);

    // The minute passes while no runner is alive; then a new process takes over.
    const aMinuteLater = `--clock-offset-ms=${deliveryRun.wakeAt.getTime() - Date.now() + 1_000}`;
    const second = await spawnRunnerProcess(childScript, [aMinuteLater]);
    children.push(second);
    await waitFor(async () => (await db.jobRun.findUnique({ where: { id: deliveryRun.id } }))?.status === "completed", {
      what: "the delivery run to complete",
      timeoutMs: 30_000,
    });
    await kill9(second);

    const rows = await db.webhookDelivery.findMany({
      where: { webhookId: webhook.id },
      orderBy: { attemptNumber: "asc" },
    });
    expect(rows.map((d) => [d.attemptNumber, d.responseStatus, d.success])).toEqual([
      [1, 500, false],
      [2, 200, true],
    ]);
    expect(receiver.received).toHaveLength(2);

    // A third process finds nothing left to send.
    const third = await spawnRunnerProcess(childScript, ["--clock-offset-ms=86400000"]);
    children.push(third);
    await delay(1_000);
    await kill9(third);
    expect(receiver.received).toHaveLength(2);
  });
});
