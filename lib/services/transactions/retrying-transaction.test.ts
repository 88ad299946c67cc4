import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { seedAccount } from "@/testing/seed";
import type { Tx } from "@/lib/db/client";
import { isRetryableConflict, retryingTransaction } from "./retrying-transaction";

afterAll(() => db.$disconnect());

// Two transactions that lock two rows in opposite order: PostgreSQL aborts one of them (40P01).
const crossedLocks = async (run: (fn: (tx: Tx) => Promise<string>) => Promise<string>) => {
  const [a, b] = [await seedAccount(), await seedAccount()];
  const locked = { first: false, second: false };
  const waitFor = async (flag: keyof typeof locked) => {
    while (!locked[flag]) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  const lock = (tx: Tx, id: string) => tx.$queryRaw`SELECT id FROM accounts WHERE id = ${id} FOR UPDATE`;
  const side =
    (mine: string, theirs: string, me: keyof typeof locked, other: keyof typeof locked) => async (tx: Tx) => {
      await lock(tx, mine);
      if (!locked[me]) {
        locked[me] = true; // only the first attempt waits for the other side
        await waitFor(other);
      }
      await lock(tx, theirs);
      return me;
    };
  return Promise.allSettled([run(side(a.id, b.id, "first", "second")), run(side(b.id, a.id, "second", "first"))]);
};

describe("retryingTransaction", () => {
  it("a plain transaction loses a deadlock; the retrying one runs the aborted side again and both commit", async () => {
    const plain = await crossedLocks((fn) => db.$transaction(fn, { timeout: 20_000 }));
    const rejected = plain.filter((r) => r.status === "rejected");
    expect(rejected).toHaveLength(1);
    expect(isRetryableConflict((rejected[0] as PromiseRejectedResult).reason)).toBe(true);

    const retried = await crossedLocks((fn) => retryingTransaction(fn));
    expect(retried.map((r) => r.status)).toEqual(["fulfilled", "fulfilled"]);
  });

  it("runs a serialization failure again, at most `attempts` times, then throws it", async () => {
    let calls = 0;
    const failing = retryingTransaction(
      async (tx) => {
        calls++;
        await tx.$executeRaw`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$`;
      },
      { attempts: 3 },
    );
    await expect(failing).rejects.toSatisfy(isRetryableConflict);
    expect(calls).toBe(3);

    let tries = 0;
    const recovered = await retryingTransaction(async (tx) => {
      if (++tries < 3) await tx.$executeRaw`DO $$ BEGIN RAISE EXCEPTION 'conflict' USING ERRCODE = '40001'; END $$`;
      return tries;
    });
    expect(recovered).toBe(3);
  });

  it("throws every other error at once, and rolls the attempt back", async () => {
    const account = await seedAccount();
    let calls = 0;
    const failing = retryingTransaction(async (tx) => {
      calls++;
      await tx.account.update({ where: { id: account.id }, data: { name: "renamed" } });
      throw new Error("not a conflict");
    });
    await expect(failing).rejects.toThrow("not a conflict");
    expect(calls).toBe(1);
    expect((await db.account.findUniqueOrThrow({ where: { id: account.id } })).name).toBe(account.name);
  });
});
