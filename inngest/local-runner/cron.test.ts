import { cron } from "inngest";
import { afterEach, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { db } from "@/lib/db/client";
import { ManualClock, SCHEDULED_TIMER_EVENT, startLocalRunner, type LocalRunner } from "./index";
import { appFunctionId, runsOf, testTag } from "./testing/helpers";

// Cron triggers: the next tick lives in job_crons, a due tick enqueues exactly one run (also with two
// runners, and across a restart), missed ticks coalesce into one, and TZ= prefixes are honoured.
// The clock starts a day ahead of real time so the housekeeping test never sees these runs as old.

const tag = testTag();
const runners: LocalRunner[] = [];
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});

const base = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 86_400_000); // a whole hour, tomorrow
const at = (minutes: number) => new Date(base.getTime() + minutes * 60_000);
const cronRow = (id: string) => db.jobCron.findUniqueOrThrow({ where: { functionId: appFunctionId(id) } });

describe("local runner: cron triggers", () => {
  it("enqueues exactly one run per due tick and persists the next tick", async () => {
    const id = `every-5-min-${tag}`;
    const ticks: string[] = [];
    const fn = inngest.createFunction({ id, triggers: [cron("*/5 * * * *")] }, async ({ event, step }) => {
      await step.run("tick", () => void ticks.push(new Date(event.ts!).toISOString()));
      return event.name;
    });
    const clock = new ManualClock(at(3));
    const start = async () => {
      const runner = await startLocalRunner({ functions: [fn], clock, pollIntervalMs: 0 });
      runners.push(runner);
      return runner;
    };
    let runner = await start();
    expect((await cronRow(id)).nextRunAt).toEqual(at(5));
    await runner.drain();
    expect(await runsOf(id)).toHaveLength(0);

    clock.set(at(5));
    const second = await start(); // two runners race for the tick
    await Promise.all([runner.drain(), second.drain(), runner.tick()]);
    await runner.drain();
    let runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "completed", output: SCHEDULED_TIMER_EVENT });
    expect(runs[0]!.event).toMatchObject({ name: SCHEDULED_TIMER_EVENT, data: { cron: "*/5 * * * *" } });
    expect((await cronRow(id)).nextRunAt).toEqual(at(10));

    // Restart: the persisted tick is neither repeated nor skipped.
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    runner = await start();
    await runner.drain();
    expect(await runsOf(id)).toHaveLength(1);
    expect((await cronRow(id)).nextRunAt).toEqual(at(10));

    // Down for 17 minutes: the missed ticks (10, 15, 20) coalesce into one catch-up run.
    clock.set(at(22));
    await runner.drain();
    runs = await runsOf(id);
    expect(runs).toHaveLength(2);
    expect((await cronRow(id)).nextRunAt).toEqual(at(25));
    expect(ticks).toEqual([at(5).toISOString(), at(10).toISOString()]);
  });

  it("honours a TZ= prefix", async () => {
    const id = `nine-in-new-york-${tag}`;
    const fn = inngest.createFunction({ id, triggers: [cron("TZ=America/New_York 0 9 * * *")] }, async () => "morning");
    const clock = new ManualClock("2030-01-15T12:00:00Z");
    runners.push(await startLocalRunner({ functions: [fn], clock, pollIntervalMs: 0 }));
    expect((await cronRow(id)).nextRunAt.toISOString()).toBe("2030-01-15T14:00:00.000Z"); // 09:00 EST
    clock.set("2030-01-15T14:00:00Z");
    await runners[0]!.drain();
    expect((await cronRow(id)).nextRunAt.toISOString()).toBe("2030-01-16T14:00:00.000Z");
    expect(await runsOf(id)).toHaveLength(1);
  });

  it("restarts from the next tick when the schedule changes", async () => {
    const id = `changed-${tag}`;
    const clock = new ManualClock(at(1));
    const hourly = inngest.createFunction({ id, triggers: [cron("0 * * * *")] }, async () => "hourly");
    runners.push(await startLocalRunner({ functions: [hourly], clock, pollIntervalMs: 0 }));
    expect((await cronRow(id)).nextRunAt).toEqual(at(60));
    await runners.splice(0)[0]!.stop();
    const quarterly = inngest.createFunction({ id, triggers: [cron("*/15 * * * *")] }, async () => "quarterly");
    runners.push(await startLocalRunner({ functions: [quarterly], clock, pollIntervalMs: 0 }));
    expect(await cronRow(id)).toMatchObject({ schedule: "*/15 * * * *", nextRunAt: at(15) });
  });
});
