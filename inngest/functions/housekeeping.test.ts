import { InngestTestEngine } from "@inngest/test";
import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { seedAccount } from "@/testing/seed";
import { housekeeping } from "./housekeeping";

// @inngest/test runs the function without any runner or server; its steps hit the test database.
// Other test files share that database, so the assertions look at this test's own rows only.

const DAY = 24 * 60 * 60 * 1000;
const ago = (ms: number) => new Date(Date.now() - ms);

const seedRun = (status: "completed" | "failed" | "running", finishedAgo: number | null) =>
  db.jobRun.create({
    data: {
      id: newId("jobRun"),
      functionId: "housekeeping-test",
      event: { name: "system/jobs.probe", data: {} },
      status,
      maxAttempts: 1,
      wakeAt: ago(10 * DAY),
      finishedAt: finishedAgo === null ? null : ago(finishedAgo),
    },
  });

const seedIdempotency = async (accountId: string, expiresAgo: number) =>
  db.idempotencyRecord.create({
    data: {
      id: newId("idempotency"),
      accountId,
      scope: "account",
      key: newId("request"),
      requestHash: "x",
      state: "completed",
      createdAt: ago(expiresAgo + DAY),
      expiresAt: ago(expiresAgo),
    },
  });

describe("housekeeping function", () => {
  it("deletes finished job runs older than 7 days and expired idempotency records", async () => {
    const oldCompleted = await seedRun("completed", 8 * DAY);
    const oldFailed = await seedRun("failed", 30 * DAY);
    const recent = await seedRun("completed", 6 * DAY);
    const stillRunning = await seedRun("running", null);
    const account = await seedAccount();
    const expired = await seedIdempotency(account.id, 60_000);
    const live = await seedIdempotency(account.id, -DAY);

    const t = new InngestTestEngine({ function: housekeeping });
    const { result, error, ctx } = await t.execute({
      events: [{ name: "inngest/scheduled.timer", data: { cron: "TZ=UTC 17 3 * * *" } }],
    });

    expect(error).toBeUndefined();
    expect(result).toMatchObject({ jobRuns: expect.any(Number), idempotencyRecords: expect.any(Number) });
    const { jobRuns, idempotencyRecords } = result as { jobRuns: number; idempotencyRecords: number };
    expect(jobRuns).toBeGreaterThanOrEqual(2);
    expect(idempotencyRecords).toBeGreaterThanOrEqual(1);
    expect(ctx.step.run).toHaveBeenCalledWith("purge-finished-job-runs", expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith("purge-expired-idempotency-records", expect.any(Function));
    expect(ctx.step.run).toHaveBeenCalledWith("purge-sent-outbox-events", expect.any(Function));

    const left = await db.jobRun.findMany({
      where: { id: { in: [oldCompleted.id, oldFailed.id, recent.id, stillRunning.id] } },
    });
    expect(left.map((r) => r.id).sort()).toEqual([recent.id, stillRunning.id].sort());
    const records = await db.idempotencyRecord.findMany({ where: { id: { in: [expired.id, live.id] } } });
    expect(records.map((r) => r.id)).toEqual([live.id]);
  });

  it("also runs on demand (system/jobs.housekeeping.requested)", async () => {
    const t = new InngestTestEngine({ function: housekeeping });
    const { result, error } = await t.execute({
      events: [{ name: "system/jobs.housekeeping.requested", data: { reason: "test" } }],
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({
      jobRuns: expect.any(Number),
      idempotencyRecords: expect.any(Number),
      outboxEvents: expect.any(Number),
      signInThrottles: expect.any(Number),
      signInFailures: expect.any(Number),
    });
  });
});
