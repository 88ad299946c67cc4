// Pure posting-queue arrangement: scheduled posts of a queue -> future slots (API reference, tag "Queues": lib/contracts/post-queues.ts).
//
// Order: high, medium, low; inside a priority the oldest createdAt first; ties broken by id so the
// result is deterministic. One post per slot: post i gets the i-th slot strictly after `now`.
//
// Jitter rule: each post draws one value r from `random` (only when jitterMinutes > 0) and its base slot
// b_i moves by round((2r - 1) * jitter) seconds, then is clamped into
//   [max(b_i - jitter, now + 1s, t_{i-1} + 1s), min(b_i + jitter, b_{i+1} - 1s)]   (whole seconds).
// So a jittered time is always after `now`, never leaves ±jitter of its slot, and jitter never reorders
// posts: t_0 < t_1 < ... and t_i < b_{i+1}. Clamping (not re-drawing) keeps exactly one draw per post,
// which makes results reproducible from the random sequence. The interval always contains b_i.
//
// No timeslots: posts cannot be placed; each comes back with scheduledAt and slotAt null (the caller
// clears scheduled_at), so the output still has one entry per input post, in queue order.

import { nextSlots, type Timeslot } from "./slots";

export type QueuePriority = "high" | "medium" | "low";
export type QueuedPost = { id: string; priority: QueuePriority; createdAt: Date };
export type ArrangedPost = { id: string; scheduledAt: Date | null; slotAt: Date | null };

export type ArrangeInput = {
  posts: readonly QueuedPost[];
  timeslots: readonly Timeslot[];
  timezone: string;
  jitterMinutes: number;
  now: Date;
  random?: () => number;
};

const SECOND = 1000;
const RANK: Record<QueuePriority, number> = { high: 0, medium: 1, low: 2 };

/** Queue order: priority (high first), then oldest creation first, then id. */
export function compareQueuedPosts(a: QueuedPost, b: QueuedPost): number {
  return (
    RANK[a.priority] - RANK[b.priority] ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/** Assigns every post a slot strictly after `now`; returns entries in queue order (pure; no I/O). */
export function arrangeQueue({
  posts,
  timeslots,
  timezone,
  jitterMinutes,
  now,
  random = Math.random,
}: ArrangeInput): ArrangedPost[] {
  if (!Number.isInteger(jitterMinutes) || jitterMinutes < 0 || jitterMinutes > 60) {
    throw new RangeError(`jitter must be an integer from 0 to 60 minutes, got ${jitterMinutes}`);
  }
  const ordered = [...posts].sort(compareQueuedPosts);
  if (timeslots.length === 0) return ordered.map((p) => ({ id: p.id, scheduledAt: null, slotAt: null }));

  // One extra slot so the last post also has a "next slot" bound for its jitter.
  const slots = nextSlots({ timeslots, timezone, after: now, count: ordered.length + 1 }).map((d) => d.getTime());
  const jitter = jitterMinutes * 60 * SECOND;
  const floorNow = Math.floor(now.getTime() / SECOND) * SECOND;
  let previous = -Infinity;
  return ordered.map((post, i) => {
    const base = slots[i] ?? NaN;
    const next = slots[i + 1] ?? Infinity;
    let at = base;
    if (jitter > 0) {
      const offset = Math.round((2 * random() - 1) * jitterMinutes * 60) * SECOND;
      const lo = Math.max(base - jitter, floorNow + SECOND, previous + SECOND);
      const hi = Math.min(base + jitter, next - SECOND);
      at = Math.min(hi, Math.max(lo, base + offset));
    }
    previous = at;
    return { id: post.id, scheduledAt: new Date(at), slotAt: new Date(base) };
  });
}
