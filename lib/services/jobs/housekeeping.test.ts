import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { JOB_RUN_RETENTION_MS, purgeFinishedJobRuns } from "./housekeeping";

describe("purgeFinishedJobRuns", () => {
  it("deletes finished runs older than the retention period, nothing else", async () => {
    // "now" in the past: other test files share the database, and their runs finished long after this.
    const now = new Date("2000-01-10T00:00:00Z");
    const make = (status: "completed" | "failed" | "queued", finishedAt: Date | null) =>
      db.jobRun.create({
        data: {
          id: newId("jobRun"),
          functionId: "purge-test",
          event: {},
          status,
          maxAttempts: 1,
          wakeAt: now,
          finishedAt,
        },
      });
    const edge = await make("completed", new Date(now.getTime() - JOB_RUN_RETENTION_MS)); // exactly 7 days: kept
    const old = await make("failed", new Date(now.getTime() - JOB_RUN_RETENTION_MS - 1));
    const older = await make("completed", new Date("1999-01-01T00:00:00Z"));
    const queued = await make("queued", null);

    expect(await purgeFinishedJobRuns(now)).toBe(2);
    const left = await db.jobRun.findMany({ where: { id: { in: [edge.id, old.id, older.id, queued.id] } } });
    expect(left.map((r) => r.id).sort()).toEqual([edge.id, queued.id].sort());
  });
});
