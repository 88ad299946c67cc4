import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { createHashPool, HasherBusyError, type PasswordHasher } from "./password-hasher";

// Finding 3 of the authentication review: bcrypt ran on the event loop, so a handful of unauthenticated
// sign-in or setup requests slowed every other request down (an authenticated GET from 42 ms to ~1.8 s).
// Hashes now run on a bounded pool of worker threads with a bounded queue.

type Span = { startedAt: number; endedAt: number };
// The most spans running at one instant.
const maxConcurrent = (spans: Span[]) => {
  const events = spans.flatMap((s) => [
    { at: s.startedAt, delta: 1 },
    { at: s.endedAt, delta: -1 },
  ]);
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  let running = 0;
  let most = 0;
  for (const e of events) most = Math.max(most, (running += e.delta));
  return most;
};

// Turns of the event loop (setImmediate callbacks) completed while `work` is pending.
const loopTurnsDuring = async (work: Promise<unknown>) => {
  let turns = 0;
  let done = false;
  const spin = () => {
    turns++;
    if (!done) setImmediate(spin);
  };
  setImmediate(spin);
  await work.finally(() => (done = true));
  return turns;
};

describe("password hasher pool", () => {
  it("hashes bcrypt-compatibly and compares", async () => {
    const pool = createHashPool({ cost: 4 });
    try {
      const hash = await pool.hash("correct horse");
      expect(hash).toMatch(/^\$2b\$04\$/);
      expect(await bcrypt.compare("correct horse", hash)).toBe(true);
      expect(await pool.compare("correct horse", hash)).toBe(true);
      expect(await pool.compare("wrong", hash)).toBe(false);
      expect(await pool.compare("x", "not a hash")).toBe(false);
    } finally {
      await pool.close();
    }
  });

  it("never runs more hashes at once than it has workers", async () => {
    for (const size of [1, 2]) {
      const spans: Span[] = [];
      const pool = createHashPool({ size, cost: 6, onRun: (s) => spans.push(s) });
      try {
        await Promise.all(Array.from({ length: 6 }, (_, i) => pool.hash(`password ${i}`)));
        expect(spans).toHaveLength(6);
        expect(maxConcurrent(spans), `size ${size}`).toBeLessThanOrEqual(size);
      } finally {
        await pool.close();
      }
    }
  });

  it("refuses hashes beyond its queue at once instead of queueing without end", async () => {
    const pool = createHashPool({ size: 1, maxQueue: 2, cost: 6 });
    try {
      const results = await Promise.allSettled(Array.from({ length: 5 }, () => pool.hash("x")));
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3); // one running, two queued
      const refused = results.filter((r) => r.status === "rejected");
      expect(refused).toHaveLength(2);
      for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(HasherBusyError);
      expect(await pool.hash("y")).toMatch(/^\$2b\$06\$/); // room again once the queue drained
    } finally {
      await pool.close();
    }
  });

  it("leaves the event loop free while a full-cost hash runs", async () => {
    // bcryptjs on the event loop hands it back only between slices of up to 100 ms (a few turns per hash);
    // on a worker thread the loop turns freely, thousands of times during one cost-12 hash.
    const pool = createHashPool();
    const hasher: PasswordHasher = pool;
    try {
      expect(await loopTurnsDuring(hasher.hash("correct horse battery staple"))).toBeGreaterThan(200);
      expect(await loopTurnsDuring(bcrypt.hash("correct horse battery staple", 12))).toBeLessThan(200); // the old way
    } finally {
      await pool.close();
    }
  });
});
