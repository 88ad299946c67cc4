import { db } from "@/lib/db/client";
import { randomBase58 } from "@/lib/ids";

// Shared by the runner's tests. Every test file names its functions with a random tag: all files share
// one database, and a runner only claims runs of the functions it was started with.

export const testTag = () => randomBase58(6).toLowerCase();

export const appFunctionId = (id: string) => `social-publisher-${id}`;

export const runsOf = (functionId: string) =>
  db.jobRun.findMany({ where: { functionId: appFunctionId(functionId) }, orderBy: { createdAt: "asc" } });

export const onlyRunOf = async (functionId: string) => {
  const runs = await runsOf(functionId);
  if (runs.length !== 1) throw new Error(`expected one run of ${functionId}, found ${runs.length}`);
  return runs[0]!;
};

export const waitFor = async <T>(
  probe: () => Promise<T | null | undefined | false>,
  { timeoutMs = 15_000, intervalMs = 50, what = "condition" } = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
};

export const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));
