import { inngest } from "@/inngest/client";
import { jobsProbe, jobsProbeReply } from "@/lib/jobs/events";
import { db } from "@/lib/db/client";

// Functions of the durability test (durability.test.ts), run by child processes (durability-child.ts)
// that the test kills with SIGKILL. Every step writes a row, so the test can count side effects.

export const SIDE_EFFECTS_TABLE = "local_runner_side_effects";

export const createSideEffectsTable = () =>
  db.$executeRawUnsafe(
    `CREATE TABLE IF NOT EXISTS ${SIDE_EFFECTS_TABLE} (probe_id text NOT NULL, label text NOT NULL, pid int NOT NULL, at timestamptz NOT NULL DEFAULT now())`,
  );

export const sideEffects = (probeId: string) =>
  db.$queryRawUnsafe<{ label: string; pid: number }[]>(
    `SELECT label, pid FROM ${SIDE_EFFECTS_TABLE} WHERE probe_id = $1 ORDER BY at, label`,
    probeId,
  );

const record = (probeId: string, label: string) =>
  db.$executeRawUnsafe(
    `INSERT INTO ${SIDE_EFFECTS_TABLE} (probe_id, label, pid) VALUES ($1, $2, $3)`,
    probeId,
    label,
    process.pid,
  );

let hangInStepTwo = false;
/** Set in the first child of the "between steps" case: step two then never finishes (until SIGKILL). */
export const setHangInStepTwo = (value: boolean) => {
  hangInStepTwo = value;
};

export const sleeper = inngest.createFunction(
  { id: "durability-sleeper", triggers: [jobsProbe] },
  async ({ event, step }) => {
    await step.run("before", () => record(event.data.probeId, "before"));
    await step.sleep("nap", "3s");
    await step.run("after", () => record(event.data.probeId, "after"));
    return "slept";
  },
);

export const stepper = inngest.createFunction(
  { id: "durability-stepper", triggers: [jobsProbeReply] },
  async ({ event, step }) => {
    await step.run("one", () => record(event.data.probeId, "one"));
    await step.run("two", async () => {
      await record(event.data.probeId, "two-started");
      if (hangInStepTwo) await new Promise(() => undefined);
      await record(event.data.probeId, "two");
    });
    await step.run("three", () => record(event.data.probeId, "three"));
    return "stepped";
  },
);
