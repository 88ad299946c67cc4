import { afterEach, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { jobsProbe } from "@/lib/jobs/events";
import { sendEvent } from "@/lib/jobs/send";
import { startLocalRunner, type LocalRunner } from "./index";
import { delay, runsOf, testTag } from "./testing/helpers";

// Per-key concurrency (`concurrency: { limit, key: "event.data.<path>" }`) and leases: runs that share a
// key never execute at the same time, in one runner or across runners; other keys run in parallel; two
// runners on one database never execute the same run.

const tag = testTag();
const runners: LocalRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

type Interval = { key: string; probeId: string; start: number; end: number };
const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;

const slowFunction = (id: string, intervals: Interval[], concurrency: { limit: number; key?: string } | number) =>
  inngest.createFunction({ id, concurrency, triggers: [jobsProbe] }, async ({ event, step }) =>
    step.run("work", async () => {
      const start = Date.now();
      await delay(250); // long enough that runs started together surely overlap, even on a busy CI machine
      intervals.push({ key: event.data.key ?? "", probeId: event.data.probeId, start, end: Date.now() });
    }),
  );

const start = async (fn: ReturnType<typeof slowFunction>, count = 1) => {
  for (let i = 0; i < count; i++)
    runners.push(await startLocalRunner({ functions: [fn], pollIntervalMs: 0, id: `${tag}-runner-${i}` }));
  return runners;
};

describe("local runner: concurrency", () => {
  it("never overlaps two runs with the same key, while other keys run in parallel", async () => {
    const intervals: Interval[] = [];
    const id = `per-key-${tag}`;
    const [runner] = await start(slowFunction(id, intervals, { limit: 1, key: "event.data.key" }));
    await sendEvent([
      { name: "system/jobs.probe", data: { probeId: "a1", key: "A" } },
      { name: "system/jobs.probe", data: { probeId: "a2", key: "A" } },
      { name: "system/jobs.probe", data: { probeId: "b1", key: "B" } },
    ]);
    await runner!.drain();

    expect((await runsOf(id)).map((r) => r.status)).toEqual(["completed", "completed", "completed"]);
    const byId = Object.fromEntries(intervals.map((i) => [i.probeId, i]));
    expect(overlaps(byId.a1!, byId.a2!)).toBe(false);
    expect(overlaps(byId.b1!, byId.a1!) || overlaps(byId.b1!, byId.a2!)).toBe(true);
  });

  it("holds the limit across two runners sharing the database", async () => {
    const intervals: Interval[] = [];
    const id = `cross-runner-${tag}`;
    const [one, two] = await start(slowFunction(id, intervals, { limit: 2, key: "event.data.key" }), 2);
    await sendEvent(
      ["1", "2", "3", "4", "5"].map((n) => ({
        name: "system/jobs.probe" as const,
        data: { probeId: `k${n}`, key: "K" },
      })),
    );
    await Promise.all([one!.drain(), two!.drain(), delay(20).then(() => one!.drain())]);

    expect((await runsOf(id)).every((r) => r.status === "completed")).toBe(true);
    expect(intervals).toHaveLength(5);
    for (const at of intervals.map((i) => i.start + 1)) {
      expect(intervals.filter((i) => i.start <= at && at < i.end).length).toBeLessThanOrEqual(2);
    }
  });

  it("a backlog on one key does not hold up other keys", async () => {
    const intervals: Interval[] = [];
    const id = `backlog-${tag}`;
    const fn = slowFunction(id, intervals, { limit: 1, key: "event.data.key" });
    const runner = await startLocalRunner({ functions: [fn], pollIntervalMs: 0, maxConcurrentRuns: 2 });
    runners.push(runner);
    await sendEvent(
      Array.from({ length: 40 }, (_, i) => ({
        name: "system/jobs.probe" as const,
        data: { probeId: `a${i}`, key: "A" },
      })),
    );
    await sendEvent({ name: "system/jobs.probe", data: { probeId: "late", key: "B" } });
    expect(await runner.tick()).toBe(2); // one of A (its limit) and the B run behind the 40 A runs
    const running = (await runsOf(id)).filter((r) => r.lockedBy === runner.id);
    expect(running.map((r) => r.concurrencyKey).sort()).toEqual(["A", "B"]);
  });

  it("a plain number limits the whole function", async () => {
    const intervals: Interval[] = [];
    const id = `fn-wide-${tag}`;
    const [runner] = await start(slowFunction(id, intervals, 1));
    await sendEvent([
      { name: "system/jobs.probe", data: { probeId: "x", key: "X" } },
      { name: "system/jobs.probe", data: { probeId: "y", key: "Y" } },
    ]);
    await runner!.drain();
    expect(intervals).toHaveLength(2);
    expect(overlaps(intervals[0]!, intervals[1]!)).toBe(false);
  });

  it("two runners claiming at once execute every run exactly once", async () => {
    const executions: Record<string, number> = {};
    const id = `exactly-once-${tag}`;
    const fn = inngest.createFunction({ id, triggers: [jobsProbe] }, async ({ event, step }) => {
      await step.run("count", async () => {
        executions[event.data.probeId] = (executions[event.data.probeId] ?? 0) + 1;
        await delay(5);
      });
      return step.run("second", () => event.data.probeId);
    });
    runners.push(await startLocalRunner({ functions: [fn], pollIntervalMs: 0, maxConcurrentRuns: 4 }));
    runners.push(await startLocalRunner({ functions: [fn], pollIntervalMs: 0, maxConcurrentRuns: 4 }));
    await sendEvent(
      Array.from({ length: 20 }, (_, i) => ({ name: "system/jobs.probe" as const, data: { probeId: `r${i}` } })),
    );
    await Promise.all(runners.map((r) => r.drain()));
    await Promise.all(runners.map((r) => r.drain()));

    const runs = await runsOf(id);
    expect(runs).toHaveLength(20);
    expect(runs.every((r) => r.status === "completed")).toBe(true);
    expect(Object.values(executions)).toEqual(Array(20).fill(1));
  });
});
