import { afterEach, describe, expect, it } from "vitest";
import { inngest } from "@/inngest/client";
import { jobsProbe } from "@/lib/jobs/events";
import { ManualClock, runIdFor, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { onlyRunOf, runsOf, testTag } from "@/inngest/local-runner/testing/helpers";
import { db } from "@/lib/db/client";
import { jobsMode } from "@/lib/env";
import { newId } from "@/lib/ids";
import { sendEvent } from "./send";

const tag = testTag();
let runner: LocalRunner | undefined;
afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

const probeFunction = () =>
  inngest.createFunction({ id: `send-probe-${tag}`, triggers: [jobsProbe] }, async ({ event }) => event.data.probeId);

describe("sendEvent (local mode)", () => {
  it("validates the payload against the event's schema before enqueueing anything", async () => {
    runner = await startLocalRunner({ functions: [probeFunction()], pollIntervalMs: 0 });
    // @ts-expect-error probeId must be a non-empty string
    await expect(sendEvent({ name: "system/jobs.probe", data: { probeId: 42 } })).rejects.toThrow(
      /Invalid "system\/jobs.probe" event: probeId/,
    );
    await expect(sendEvent({ name: "system/jobs.probe", data: { probeId: "" } })).rejects.toThrow(/probeId/);
    // @ts-expect-error not a registered event
    await expect(sendEvent({ name: "system/nope", data: {} })).rejects.toThrow(/Unknown event "system\/nope"/);
    expect(await runsOf(`send-probe-${tag}`)).toHaveLength(0);
  });

  it("enqueues with the caller's transaction: committed with it, or not at all", async () => {
    runner = await startLocalRunner({ functions: [probeFunction()], clock: new ManualClock(), pollIntervalMs: 0 });
    const committedId = newId("request");
    await db.$transaction(async (tx) => {
      await tx.account.create({ data: { id: newId("account"), name: "committed" } });
      await sendEvent({ name: "system/jobs.probe", data: { probeId: "committed" }, id: committedId }, { tx });
    });
    await expect(
      db.$transaction(async (tx) => {
        await sendEvent({ name: "system/jobs.probe", data: { probeId: "rolled-back" } }, { tx });
        throw new Error("domain write failed");
      }),
    ).rejects.toThrow("domain write failed");

    await runner.drain();
    const run = await onlyRunOf(`send-probe-${tag}`);
    expect(run.id).toBe(runIdFor(committedId, `social-publisher-send-probe-${tag}`));
    expect(run).toMatchObject({ status: "completed", output: "committed" });
  });

  it("without a runner in the process, enqueues for the app's functions (scripts, CLI)", async () => {
    const { ids } = await sendEvent({ name: "system/jobs.housekeeping.requested", data: { reason: "send.test" } });
    const run = await db.jobRun.findUniqueOrThrow({
      where: { id: runIdFor(ids[0]!, "social-publisher-housekeeping") },
    });
    expect(run).toMatchObject({ status: "queued", maxAttempts: 3, concurrencyKey: "" });
    await db.jobRun.delete({ where: { id: run.id } }); // no app runner runs in tests
  });
});

describe("jobsMode", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const key of ["INNGEST_MODE", "INNGEST_EVENT_KEY", "INNGEST_BASE_URL", "INNGEST_DEV", "INNGEST_SIGNING_KEY"]) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  it("is local unless an Inngest server is configured, and INNGEST_MODE decides explicitly", () => {
    expect(jobsMode()).toBe("local");
    process.env.INNGEST_BASE_URL = "http://inngest:8288";
    expect(jobsMode()).toBe("server");
    delete process.env.INNGEST_BASE_URL;
    process.env.INNGEST_DEV = "1";
    expect(jobsMode()).toBe("server");
    process.env.INNGEST_MODE = "local";
    expect(jobsMode()).toBe("local");
    process.env.INNGEST_MODE = "cloud";
    expect(() => jobsMode()).toThrow(/INNGEST_MODE: must be "local" or "server"/);
  });
});
