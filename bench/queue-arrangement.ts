// Arrangement benchmark for `npm run bench` (scripts/bench.ts) and lib/queues/arrange.test.ts: 10,000 posts, 21 weekly slots (3 a day), jitter 15, best of 3 runs.

import { arrangeQueue, type QueuedPost, type QueuePriority } from "@/lib/queues/arrange";
import type { Timeslot } from "@/lib/queues/slots";
import { seededRandom } from "@/testing/queue-arbitraries";

export function benchArrangement(count = 10_000, timezone = "America/New_York"): { posts: number; ms: number } {
  const priorities: QueuePriority[] = ["high", "medium", "low"];
  const rand = seededRandom(42);
  const posts: QueuedPost[] = Array.from({ length: count }, (_, i) => ({
    id: `post_${i}`,
    priority: priorities[Math.floor(rand() * 3)] ?? "medium",
    createdAt: new Date(Date.UTC(2025, 0, 1) + Math.floor(rand() * 365 * 86_400_000)),
  }));
  const timeslots: Timeslot[] = [];
  for (let day = 0; day < 7; day++) {
    for (const time of ["09:00", "13:30", "18:15"]) timeslots.push({ id: timeslots.length + 1, day, time });
  }
  const now = new Date(Date.UTC(2026, 2, 1, 12));
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const result = arrangeQueue({ posts, timeslots, timezone, jitterMinutes: 15, now, random: seededRandom(run) });
    const ms = performance.now() - started;
    if (result.length !== count) throw new Error("benchmark arrangement lost posts");
    best = Math.min(best, ms);
  }
  return { posts: count, ms: Math.round(best * 100) / 100 };
}
