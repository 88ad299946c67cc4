import "server-only";
import { db } from "@/lib/db/client";

// One holder at a time for `key`, across every process sharing the database: a transaction-scoped
// advisory lock held while `work` runs. A caller that finds the lock taken lets its pooled connection go
// and tries again a moment later (waiters hold no connection), for up to `waitMs`, then throws what
// `onTimeout` makes. `work` gets no transaction: its own reads and writes run on other connections and
// commit on their own (the lock's transaction writes nothing), so it may call the network; the lock is
// let go when `work` ends, or after `holdMs` at the latest.

const NOT_LOCKED = Symbol("not locked");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const withAdvisoryLock = async <T>(
  key: string,
  work: () => Promise<T>,
  { waitMs, holdMs, onTimeout }: { waitMs: number; holdMs: number; onTimeout: () => Error },
): Promise<T> => {
  const deadline = Date.now() + waitMs;
  for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
    const outcome = await db.$transaction(
      async (tx) => {
        const [row] = await tx.$queryRaw<
          { locked: boolean }[]
        >`SELECT pg_try_advisory_xact_lock(hashtextextended(${key}, 0)) AS locked`;
        return row?.locked ? { value: await work() } : NOT_LOCKED;
      },
      { timeout: holdMs },
    );
    if (outcome !== NOT_LOCKED) return outcome.value;
    if (Date.now() > deadline) throw onTimeout();
    await sleep(pause * (0.5 + Math.random()));
  }
};
