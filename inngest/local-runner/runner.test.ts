import { afterEach, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { jobsProbe, jobsProbeReply } from "@/lib/jobs/events";
import { sendEvent } from "@/lib/jobs/send";
import { ManualClock, startLocalRunner, type LocalRunner, type LocalRunnerOptions } from "./index";
import { onlyRunOf, runsOf, testTag } from "./testing/helpers";

// End to end through the SDK's serve handler: event triggers, memoisation across re-entries and
// restarts, parallel steps, sleeps on a manual clock, and step.sendEvent through the durable enqueue.

const tag = testTag();
let runner: LocalRunner | undefined;

afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

const start = async (functions: LocalRunnerOptions["functions"], clock: ManualClock) => {
  runner = await startLocalRunner({ functions, clock, pollIntervalMs: 0 });
  return runner;
};

describe("local runner: event-triggered functions", () => {
  const calls = { handler: 0, first: 0, second: 0 };
  const twoSteps = inngest.createFunction(
    { id: `two-steps-${tag}`, triggers: [jobsProbe] },
    async ({ event, step }) => {
      calls.handler += 1;
      const first = await step.run("first", () => {
        calls.first += 1;
        return { n: 41 };
      });
      await step.sleep("nap", "1m");
      const second = await step.run("second", () => {
        calls.second += 1;
        return first.n + 1;
      });
      return { probeId: event.data.probeId, second };
    },
  );

  it("runs two steps around a step.sleep, memoising each step across re-entries and a restart", async () => {
    const clock = new ManualClock("2026-03-01T10:00:00Z");
    await start([twoSteps], clock);
    const { ids } = await sendEvent({ name: "system/jobs.probe", data: { probeId: "p1" } });
    expect(ids).toHaveLength(1);

    await runner!.drain();
    let run = await onlyRunOf(`two-steps-${tag}`);
    expect(run).toMatchObject({ status: "running", lockedBy: null });
    expect(run.wakeAt.toISOString()).toBe("2026-03-01T10:01:00.000Z");
    expect(calls).toMatchObject({ first: 1, second: 0 });

    // A new runner (a restart) picks the sleeping run up from Postgres.
    await runner!.stop();
    await start([twoSteps], clock);
    clock.advance("59s");
    await runner!.drain();
    expect((await onlyRunOf(`two-steps-${tag}`)).status).toBe("running");

    clock.advance("1s");
    await runner!.drain();
    run = await onlyRunOf(`two-steps-${tag}`);
    expect(run).toMatchObject({
      status: "completed",
      output: { probeId: "p1", second: 42 },
      error: null,
      lockedBy: null,
    });
    expect(run.finishedAt?.toISOString()).toBe("2026-03-01T10:01:00.000Z");
    expect(calls.first).toBe(1);
    expect(calls.second).toBe(1);
    expect(calls.handler).toBeGreaterThanOrEqual(3); // the handler re-entered; memoised steps did not re-run
  });

  it("the same event id never starts a function twice", async () => {
    const clock = new ManualClock("2026-03-01T10:00:00Z");
    const fn = inngest.createFunction({ id: `idempotent-${tag}`, triggers: [jobsProbe] }, async () => "ok");
    await start([fn], clock);
    await sendEvent({ name: "system/jobs.probe", data: { probeId: "dup" }, id: `evt-${tag}` });
    await sendEvent({ name: "system/jobs.probe", data: { probeId: "dup" }, id: `evt-${tag}` });
    await runner!.drain();
    expect(await runsOf(`idempotent-${tag}`)).toHaveLength(1);
  });
});

describe("local runner: parallel steps and sleeps", () => {
  it("plans parallel steps and runs each exactly once", async () => {
    const clock = new ManualClock("2026-03-01T10:00:00Z");
    const counts: Record<string, number> = {};
    const count = (id: string) => (counts[id] = (counts[id] ?? 0) + 1);
    const fn = inngest.createFunction({ id: `parallel-${tag}`, triggers: [jobsProbe] }, async ({ step }) => {
      const [a, b, c] = await Promise.all(
        ["a", "b", "c"].map((id) => step.run(id, () => (count(id), id.toUpperCase()))),
      );
      const after = await step.run("after", () => (count("after"), `${a}${b}${c}`));
      return after;
    });
    await start([fn], clock);
    await sendEvent({ name: "system/jobs.probe", data: { probeId: "par" } });
    await runner!.drain();
    const run = await onlyRunOf(`parallel-${tag}`);
    expect(run).toMatchObject({ status: "completed", output: "ABC" });
    expect(counts).toEqual({ a: 1, b: 1, c: 1, after: 1 });
  });

  it("sleeps 1 min, 5 min, 30 min and 2 h on the clock, not on the wall", async () => {
    const clock = new ManualClock("2026-03-01T00:00:00Z");
    const delays = ["1m", "5m", "30m", "2h"] as const;
    const attempts: string[] = [];
    const fn = inngest.createFunction({ id: `schedule-${tag}`, triggers: [jobsProbe] }, async ({ step }) => {
      for (const [i, d] of delays.entries()) {
        await step.sleep(`wait-${i}`, d);
        await step.run(`attempt-${i}`, () => void attempts.push(clock.now().toISOString()));
      }
      await step.sleepUntil("until", new Date("2026-03-02T00:00:00Z"));
      return attempts.length;
    });
    await start([fn], clock);
    await sendEvent({ name: "system/jobs.probe", data: { probeId: "sched" } });
    const started = Date.now();
    const wakes: string[] = [];
    for (let i = 0; i < 5; i++) {
      await runner!.drain();
      const run = await onlyRunOf(`schedule-${tag}`);
      expect(run.status).toBe("running");
      wakes.push(run.wakeAt.toISOString());
      clock.advance(run.wakeAt.getTime() - clock.now().getTime() - 1);
      await runner!.drain(); // one millisecond early: still asleep
      expect((await onlyRunOf(`schedule-${tag}`)).wakeAt.toISOString()).toBe(wakes[i]);
      clock.set(run.wakeAt);
    }
    await runner!.drain();
    expect(wakes).toEqual([
      "2026-03-01T00:01:00.000Z",
      "2026-03-01T00:06:00.000Z",
      "2026-03-01T00:36:00.000Z",
      "2026-03-01T02:36:00.000Z",
      "2026-03-02T00:00:00.000Z",
    ]);
    expect(attempts).toEqual(wakes.slice(0, 4));
    expect(await onlyRunOf(`schedule-${tag}`)).toMatchObject({ status: "completed", output: 4 });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe("local runner: step.sendEvent", () => {
  it("enqueues the triggered runs durably and exactly once per step", async () => {
    const clock = new ManualClock("2026-03-01T10:00:00Z");
    const replies: string[] = [];
    const asker = inngest.createFunction({ id: `asker-${tag}`, triggers: [jobsProbe] }, async ({ event, step }) => {
      const sent = await step.sendEvent("reply", {
        name: "system/jobs.probe.reply",
        data: { probeId: event.data.probeId, from: "asker" },
      });
      return sent.ids.length;
    });
    const answerer = inngest.createFunction(
      { id: `answerer-${tag}`, triggers: [jobsProbeReply] },
      async ({ event, step }) =>
        step.run("record", () => void replies.push(`${event.data.probeId} from ${event.data.from}`)),
    );
    await start([asker, answerer], clock);
    await sendEvent({ name: "system/jobs.probe", data: { probeId: "q1" } });
    await runner!.drain();
    expect(await onlyRunOf(`asker-${tag}`)).toMatchObject({ status: "completed", output: 1 });
    expect(await onlyRunOf(`answerer-${tag}`)).toMatchObject({ status: "completed" });
    expect(replies).toEqual(["q1 from asker"]);
  });
});
