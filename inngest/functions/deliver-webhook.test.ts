import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { deliverWebhookFn } from "./deliver-webhook";

// The function's control flow alone (@inngest/test, no runner, no network): which attempts and waits run
// for a given sequence of outcomes. The attempt steps are mocked; the sleeps must be too (the engine
// never resolves a real step.sleep).

const event = { name: "app/webhook.dispatch.created" as const, data: { dispatchId: "dsp_x", webhookId: "whk_x" } };
const waits = [2, 3, 4, 5].map((n) => ({ id: `wait-before-attempt-${n}`, handler: () => null }));

const engineFor = (outcomes: Record<number, unknown>) =>
  new InngestTestEngine({
    function: deliverWebhookFn,
    events: [event],
    steps: [...waits, ...[1, 2, 3, 4, 5].map((n) => ({ id: `attempt-${n}`, handler: () => outcomes[n] }))],
  });

const ranSteps = (ctx: {
  step: { run: { mock: { calls: unknown[][] } }; sleep: { mock: { calls: unknown[][] } } };
}) => ({
  attempts: ctx.step.run.mock.calls.map((c) => c[0]),
  sleeps: ctx.step.sleep.mock.calls.map((c) => [c[0], c[1]]),
});

const retry = (n: number, ms: number) => ({ state: "retry", attemptNumber: n, retryInMs: ms });

describe("deliver-webhook", () => {
  it("stops after the first delivered attempt", async () => {
    const { result, ctx } = await engineFor({ 1: { state: "delivered", attemptNumber: 1 } }).execute();
    expect(result).toEqual({ state: "delivered", attemptNumber: 1 });
    expect(ranSteps(ctx as never)).toEqual({ attempts: ["attempt-1"], sleeps: [] });
  });

  it("waits 1, 5 and 30 minutes between failing attempts, then delivers on the fourth", async () => {
    const { result, ctx } = await engineFor({
      1: retry(1, 60_000),
      2: retry(2, 300_000),
      3: retry(3, 1_800_000),
      4: { state: "delivered", attemptNumber: 4 },
    }).execute();
    expect(result).toEqual({ state: "delivered", attemptNumber: 4 });
    expect(ranSteps(ctx as never)).toEqual({
      attempts: ["attempt-1", "attempt-2", "attempt-3", "attempt-4"],
      sleeps: [
        ["wait-before-attempt-2", 60_000],
        ["wait-before-attempt-3", 300_000],
        ["wait-before-attempt-4", 1_800_000],
      ],
    });
  });

  it("ends when an attempt is skipped (webhook disabled or deleted)", async () => {
    const { result, ctx } = await engineFor({
      1: retry(1, 60_000),
      2: { state: "skipped", reason: "webhook disabled" },
    }).execute();
    expect(result).toEqual({ state: "skipped", reason: "webhook disabled" });
    expect(ranSteps(ctx as never).attempts).toEqual(["attempt-1", "attempt-2"]);
  });
});
