import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { db } from "@/lib/db/client";
import { randomBase58 } from "@/lib/ids";
import { compileFunctions } from "./config";
import { enqueueForTargets, normalizeEvent, runIdFor } from "./enqueue";
import { createSideEffectsTable, sideEffects, sleeper, stepper } from "./testing/durability-functions";
import { waitFor } from "./testing/helpers";
import { kill9, spawnRunnerProcess } from "./testing/processes";

// Durability: a runner process is killed with SIGKILL in the middle of a run; a new process resumes the
// run from Postgres and completes it without repeating steps that had finished (side-effect rows are
// counted). The one step that was executing when the process died runs again (at-least-once).

const childScript = path.join(import.meta.dirname, "testing/durability-child.ts");
const specs = compileFunctions([sleeper, stepper], { client: inngest });
const children: ChildProcess[] = [];

const spawnRunner = async (...args: string[]) => {
  const child = await spawnRunnerProcess(childScript, args);
  children.push(child);
  return child;
};

const send = async (name: "system/jobs.probe" | "system/jobs.probe.reply", probeId: string) => {
  const event = normalizeEvent({ name, data: { probeId, from: "durability" } }, new Date());
  const target = specs.find((s) => s.events.some((m) => m.name === name))!.id;
  await enqueueForTargets([{ event, targets: [target] }], {
    specs: new Map(specs.map((s) => [s.id, s])),
    now: new Date(),
  });
  return runIdFor(event.id, target);
};

const labels = async (probeId: string) => (await sideEffects(probeId)).map((r) => r.label);

// One scenario for both cases (two process starts instead of four): the first runner process is killed
// while one run sleeps and another is between two steps; a second process finishes both.
const sleepProbe = `sleep-${randomBase58(8)}`;
const stepsProbe = `steps-${randomBase58(8)}`;
const pids = { first: 0, second: 0 };
const runs = { sleep: "", steps: "" };
const observed: { sleepWakeAt?: Date; killedAt?: number; stepsLockedBy?: string | null; stepsMemoised?: number } = {};

const finished = (runId: string) =>
  waitFor(
    async () => {
      const run = await db.jobRun.findUnique({ where: { id: runId } });
      return run && run.status !== "running" && run.status !== "queued" && run;
    },
    { what: `run ${runId} to finish`, timeoutMs: 30_000 },
  );

beforeAll(async () => {
  await createSideEffectsTable();
  const first = await spawnRunner("--hang-in-step-two");
  pids.first = first.pid!;
  runs.sleep = await send("system/jobs.probe", sleepProbe);
  runs.steps = await send("system/jobs.probe.reply", stepsProbe);

  const asleep = await waitFor(
    async () => {
      const run = await db.jobRun.findUnique({ where: { id: runs.sleep } });
      return (
        run && run.status === "running" && run.lockedBy === null && (await labels(sleepProbe)).includes("before") && run
      );
    },
    { what: "the first run to sleep" },
  );
  await waitFor(async () => (await labels(stepsProbe)).includes("two-started"), {
    what: "step two of the second run to start",
  });
  const inStepTwo = await db.jobRun.findUniqueOrThrow({ where: { id: runs.steps } });
  observed.sleepWakeAt = asleep.wakeAt;
  observed.stepsLockedBy = inStepTwo.lockedBy;
  observed.stepsMemoised = Object.keys(inStepTwo.steps as object).length;
  await kill9(first);
  observed.killedAt = Date.now();

  const second = await spawnRunner();
  pids.second = second.pid!;
}, 60_000);

afterAll(async () => {
  await Promise.all(
    children
      .splice(0)
      .filter((c) => c.exitCode === null && c.signalCode === null)
      .map(kill9),
  );
});

describe("local runner: durability across SIGKILL", () => {
  it("resumes a run killed during step.sleep and completes it without repeating the step before", async () => {
    expect(observed.killedAt).toBeLessThan(observed.sleepWakeAt!.getTime()); // killed mid-sleep
    const done = await finished(runs.sleep);
    expect(done).toMatchObject({ status: "completed", output: "slept" });
    const rows = await sideEffects(sleepProbe);
    expect(rows.map((r) => r.label)).toEqual(["before", "after"]);
    expect(rows.map((r) => r.pid)).toEqual([pids.first, pids.second]);
  });

  it("resumes a run killed between two steps; the finished step is not repeated", async () => {
    expect(observed.stepsLockedBy).toBe(`durability-child-${pids.first}`); // it died holding the lease
    expect(observed.stepsMemoised).toBe(1); // step one was memoised before the kill
    const done = await finished(runs.steps);
    expect(done).toMatchObject({ status: "completed", output: "stepped" });
    const rows = await sideEffects(stepsProbe);
    const count = (label: string) => rows.filter((r) => r.label === label).length;
    expect({ one: count("one"), twoStarted: count("two-started"), two: count("two"), three: count("three") }).toEqual({
      one: 1,
      twoStarted: 2, // the step that was running when the process died runs again (at-least-once)
      two: 1,
      three: 1,
    });
    expect(rows.find((r) => r.label === "one")!.pid).toBe(pids.first);
    expect(rows.filter((r) => ["two", "three"].includes(r.label)).every((r) => r.pid === pids.second)).toBe(true);
  });
});
