import { cron, Inngest } from "inngest";
import { afterEach, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { jobsProbe, jobsProbeReply } from "@/lib/jobs/events";
import { sendEvent } from "@/lib/jobs/send";
import { LocalRunnerConfigError, ManualClock, startLocalRunner, type LocalRunner } from "./index";
import { onlyRunOf, testTag } from "./testing/helpers";

// What the local runner does not implement is refused loudly: function options and triggers at startup
// (naming the function and the option), step tools that only show up while running by failing the run.

const tag = testTag();
let runner: LocalRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

const handler = async () => "never runs";
const refused = async (options: Record<string, unknown>) => {
  const fn = inngest.createFunction({ id: `refused-${tag}`, triggers: [jobsProbe], ...options } as never, handler);
  const error = await startLocalRunner({ functions: [fn], pollIntervalMs: 0 }).then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(LocalRunnerConfigError);
  return (error as Error).message;
};

describe("local runner: unsupported function options fail startup", () => {
  it.each([
    ["throttle", { throttle: { limit: 1, period: "1m" } }],
    ["debounce", { debounce: { period: "5s" } }],
    ["rateLimit", { rateLimit: { limit: 1, period: "1h" } }],
    ["batchEvents", { batchEvents: { maxSize: 10, timeout: "5s" } }],
    ["cancelOn", { cancelOn: [{ event: "system/jobs.probe.reply", match: "data.probeId" }] }],
    ["priority", { priority: { run: "event.data.priority" } }],
    ["idempotency", { idempotency: "event.data.probeId" }],
    ["singleton", { singleton: { mode: "skip" } }],
    ["timeouts", { timeouts: { finish: "1h" } }],
    ["onFailure", { onFailure: async () => undefined }],
  ])("%s", async (option, options) => {
    const message = await refused(options);
    expect(message).toContain(`function "refused-${tag}": option "${option}" is not supported by the local runner`);
    expect(message).toContain("INNGEST_MODE=server");
  });

  it("concurrency keys other than event.data.<path>, several limits, other scopes", async () => {
    expect(await refused({ concurrency: { limit: 1, key: 'event.data.a + "-" + event.data.b' } })).toContain(
      "evaluates event.data.<path> keys only",
    );
    expect(await refused({ concurrency: [{ limit: 1 }, { limit: 5, key: "event.data.a" }] })).toContain(
      "several concurrency limits",
    );
    expect(await refused({ concurrency: { limit: 1, scope: "account" } })).toContain('concurrency scope "account"');
    expect(await refused({ concurrency: 0 })).toContain("concurrency limit must be a whole number of at least 1");
  });

  it("trigger expressions, internal events, cron jitter and two crons", async () => {
    expect(await refused({ triggers: [{ event: jobsProbe, if: "event.data.key == 'a'" }] })).toContain(
      '"if" expressions are not supported',
    );
    expect(await refused({ triggers: [{ event: "inngest/function.failed" }] })).toContain("internal inngest/* events");
    expect(await refused({ triggers: [{ cron: "* * * * *", jitter: "10s" }] })).toContain('"jitter"');
    expect(await refused({ triggers: [cron("0 * * * *"), cron("30 * * * *")] })).toContain(
      "more than one cron trigger",
    );
    expect(await refused({ triggers: [cron("not a cron")] })).toContain('invalid cron "not a cron"');
    expect(await refused({ triggers: [] })).toContain("has no event or cron trigger");
  });

  it("lists every problem at once", async () => {
    const message = await refused({ throttle: { limit: 1, period: "1m" }, debounce: { period: "1s" } });
    expect(message).toMatch(/throttle[\s\S]*debounce/);
  });

  it("functions of another client (not in local dev mode)", async () => {
    const other = new Inngest({ id: "someone-else", isDev: false });
    const fn = other.createFunction({ id: `foreign-${tag}`, triggers: [jobsProbe] }, handler);
    await expect(startLocalRunner({ functions: [fn], pollIntervalMs: 0 })).rejects.toThrow(
      /belongs to another Inngest client/,
    );
  });
});

describe("local runner: unsupported step tools fail the run", () => {
  const runOnce = async (id: string, body: Parameters<typeof inngest.createFunction>[1]) => {
    const fn = inngest.createFunction({ id, triggers: [jobsProbe] }, body);
    runner = await startLocalRunner({
      functions: [fn],
      clock: new ManualClock("2026-05-01T00:00:00Z"),
      pollIntervalMs: 0,
    });
    await sendEvent({ name: "system/jobs.probe", data: { probeId: id } });
    await runner.drain();
    return onlyRunOf(id);
  };

  it("step.waitForEvent", async () => {
    const run = await runOnce(`wait-${tag}`, async ({ step }) =>
      step.waitForEvent("wait-for-reply", { event: jobsProbeReply, timeout: "1h", match: "data.probeId" }),
    );
    expect(run.status).toBe("failed");
    expect(run.error).toBe(
      `Function "social-publisher-wait-${tag}" used step.waitForEvent() in step "wait-for-reply" (op WaitForEvent), which the local job runner does not support. Run this function on an Inngest server (INNGEST_MODE=server), or change it.`,
    );
  });

  it("step.invoke", async () => {
    const target = inngest.createFunction({ id: `target-${tag}`, triggers: [jobsProbeReply] }, handler);
    const run = await runOnce(`invoke-${tag}`, async ({ step }) =>
      step.invoke("call-target", { function: target, data: {} }),
    );
    expect(run.status).toBe("failed");
    expect(run.error).toContain('used step.invoke() in step "call-target" (op InvokeFunction)');
  });

  it("step.fetch", async () => {
    const run = await runOnce(`fetch-${tag}`, async ({ step }) => step.fetch("https://example.com/"));
    expect(run.status).toBe("failed");
    expect(run.error).toContain("used step.fetch()");
  });
});
