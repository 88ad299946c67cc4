import { NonRetriableError, RetryAfterError } from "inngest";
import { afterEach, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { jobsProbe } from "@/lib/jobs/events";
import { sendEvent } from "@/lib/jobs/send";
import { ManualClock, startLocalRunner, type LocalRunner, type LocalRunnerOptions } from "./index";
import { onlyRunOf, testTag } from "./testing/helpers";

// Step retries with exponential backoff (10 s, 20 s, 40 s by default), RetryAfterError overriding the
// delay, NonRetriableError and exhausted retries failing the run, and function-level errors.

const tag = testTag();
let runner: LocalRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

type Fn = LocalRunnerOptions["functions"];

/** Sends one probe, then follows the run's wake times until it ends; returns the delays it waited. */
const runToEnd = async (functions: Fn, id: string) => {
  const clock = new ManualClock("2026-04-01T00:00:00Z");
  runner = await startLocalRunner({ functions, clock, pollIntervalMs: 0 });
  await sendEvent({ name: "system/jobs.probe", data: { probeId: id } });
  const waits: number[] = [];
  for (let i = 0; i < 10; i++) {
    await runner.drain();
    const run = await onlyRunOf(id);
    if (run.status !== "running") return { run, waits };
    waits.push((run.wakeAt.getTime() - clock.now().getTime()) / 1000);
    clock.set(run.wakeAt);
  }
  throw new Error("run did not finish");
};

describe("local runner: retries", () => {
  it("retries a failing step with exponential backoff until it succeeds", async () => {
    let calls = 0;
    const fn = inngest.createFunction({ id: `flaky-${tag}`, retries: 3, triggers: [jobsProbe] }, async ({ step }) => {
      const before = await step.run("before", () => "ok");
      const value = await step.run("flaky", () => {
        calls += 1;
        if (calls < 4) throw new Error(`boom ${calls}`);
        return calls;
      });
      return { before, value };
    });
    const { run, waits } = await runToEnd([fn], `flaky-${tag}`);
    expect(run).toMatchObject({ status: "completed", output: { before: "ok", value: 4 } });
    expect(waits).toEqual([10, 20, 40]);
    expect(calls).toBe(4);
  });

  it("waits as long as a RetryAfterError asks (seconds or a date)", async () => {
    let calls = 0;
    const fn = inngest.createFunction({ id: `retry-after-${tag}`, triggers: [jobsProbe] }, async ({ step }) =>
      step.run("rate-limited", () => {
        calls += 1;
        if (calls === 1) throw new RetryAfterError("busy", "90s");
        if (calls === 2) throw new RetryAfterError("busy until", new Date("2026-04-01T01:00:00Z"));
        return "done";
      }),
    );
    const { run, waits } = await runToEnd([fn], `retry-after-${tag}`);
    expect(run).toMatchObject({ status: "completed", output: "done" });
    expect(waits).toEqual([90, 3600 - 90]);
  });

  it("stops at a NonRetriableError", async () => {
    let calls = 0;
    const fn = inngest.createFunction(
      { id: `non-retriable-${tag}`, retries: 5, triggers: [jobsProbe] },
      async ({ step }) =>
        step.run("reject", () => {
          calls += 1;
          throw new NonRetriableError("the network rejected the post");
        }),
    );
    const { run, waits } = await runToEnd([fn], `non-retriable-${tag}`);
    expect(run.status).toBe("failed");
    expect(run.error).toContain("the network rejected the post");
    expect(run.finishedAt).not.toBeNull();
    expect(waits).toEqual([]);
    expect(calls).toBe(1);
  });

  it("fails the run when the retries are used up (retries: 2 = 3 attempts)", async () => {
    let calls = 0;
    const fn = inngest.createFunction({ id: `exhausted-${tag}`, retries: 2, triggers: [jobsProbe] }, async ({ step }) =>
      step.run("always-fails", () => {
        calls += 1;
        throw new Error(`attempt ${calls} failed`);
      }),
    );
    const { run, waits } = await runToEnd([fn], `exhausted-${tag}`);
    expect(run.status).toBe("failed");
    expect(run.error).toContain("attempt 3 failed");
    expect(waits).toEqual([10, 20]);
    expect(calls).toBe(3);
  });

  it("lets the function catch a failed step", async () => {
    const fn = inngest.createFunction({ id: `caught-${tag}`, retries: 0, triggers: [jobsProbe] }, async ({ step }) => {
      const result = await step
        .run("fails", () => {
          throw new Error("nope");
        })
        .catch((err: Error) => `fallback after ${err.message}`);
      return step.run("after", () => result);
    });
    const { run } = await runToEnd([fn], `caught-${tag}`);
    expect(run).toMatchObject({ status: "completed", output: "fallback after nope" });
  });

  it("retries errors thrown outside steps with backoff, without re-running finished steps", async () => {
    let stepCalls = 0;
    let throws = 0;
    const fn = inngest.createFunction(
      { id: `fn-error-${tag}`, retries: 3, triggers: [jobsProbe] },
      async ({ step, attempt }) => {
        await step.run("once", () => (stepCalls += 1));
        if (attempt < 2) {
          throws += 1;
          throw new Error("transient outside a step");
        }
        return attempt;
      },
    );
    const { run, waits } = await runToEnd([fn], `fn-error-${tag}`);
    expect(run).toMatchObject({ status: "completed", output: 2 });
    expect(waits).toEqual([10, 20]);
    expect(stepCalls).toBe(1);
    expect(throws).toBe(2);
  });
});
