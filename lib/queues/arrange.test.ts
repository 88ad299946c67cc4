import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { arrangeQueue, compareQueuedPosts, type ArrangedPost, type QueuedPost } from "./arrange";
import { benchArrangement } from "@/bench/queue-arrangement";
import { nextSlots, type Timeslot } from "./slots";
import { instantArb, isScheduleSlot, seededRandom, timeslotArb, ZONES } from "@/testing/queue-arbitraries";

const at = (s: string) => new Date(s);
const post = (id: string, priority: QueuedPost["priority"], createdAt: string): QueuedPost => ({
  id,
  priority,
  createdAt: at(createdAt),
});
const times = (r: ArrangedPost[]) => r.map((p) => [p.id, p.scheduledAt?.toISOString() ?? null]);
const daily = (time: string): Timeslot[] => [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, time }));

describe("arrangeQueue examples", () => {
  const posts = [
    post("a", "low", "2026-01-01T00:00Z"),
    post("b", "medium", "2026-01-03T00:00Z"),
    post("c", "high", "2026-01-05T00:00Z"),
    post("d", "medium", "2026-01-02T00:00Z"),
  ];

  it("orders high, medium, low and oldest first inside a priority, one post per slot (UTC week)", () => {
    const result = arrangeQueue({
      posts,
      timeslots: daily("10:00"),
      timezone: "UTC",
      jitterMinutes: 0,
      now: at("2026-02-01T10:00Z"),
    });
    expect(times(result)).toEqual([
      ["c", "2026-02-02T10:00:00.000Z"],
      ["d", "2026-02-03T10:00:00.000Z"],
      ["b", "2026-02-04T10:00:00.000Z"],
      ["a", "2026-02-05T10:00:00.000Z"],
    ]);
  });

  it("America/New_York across the March and November changes keeps wall-clock 02:30 / shifts the gap", () => {
    const march = arrangeQueue({
      posts,
      timeslots: daily("02:30"),
      timezone: "America/New_York",
      jitterMinutes: 0,
      now: at("2026-03-06T12:00Z"),
    });
    expect(times(march).map(([, t]) => t)).toEqual([
      "2026-03-07T07:30:00.000Z",
      "2026-03-08T07:30:00.000Z" /* 03:30 EDT */,
      "2026-03-09T06:30:00.000Z",
      "2026-03-10T06:30:00.000Z",
    ]);
    const nov = arrangeQueue({
      posts,
      timeslots: daily("01:30"),
      timezone: "America/New_York",
      jitterMinutes: 0,
      now: at("2026-10-31T12:00Z"),
    });
    expect(times(nov).map(([, t]) => t)).toEqual([
      "2026-11-01T05:30:00.000Z" /* first 01:30 */,
      "2026-11-02T06:30:00.000Z",
      "2026-11-03T06:30:00.000Z",
      "2026-11-04T06:30:00.000Z",
    ]);
  });

  it("empty queue gives an empty arrangement; no timeslots leaves every post unscheduled", () => {
    expect(
      arrangeQueue({ posts: [], timeslots: daily("09:00"), timezone: "UTC", jitterMinutes: 10, now: new Date() }),
    ).toEqual([]);
    const none = arrangeQueue({ posts, timeslots: [], timezone: "Europe/Berlin", jitterMinutes: 10, now: new Date() });
    expect(none.map((p) => [p.id, p.scheduledAt, p.slotAt])).toEqual([
      ["c", null, null],
      ["d", null, null],
      ["b", null, null],
      ["a", null, null],
    ]);
  });

  it("clamps jitter: never at or before now, never past the next slot's base time", () => {
    const slots: Timeslot[] = [
      { day: 1, time: "10:00" },
      { day: 1, time: "10:05" },
      { day: 1, time: "10:10" },
    ];
    const now = at("2026-01-05T09:58:30Z"); // Monday, 90 s before the first slot
    const early = arrangeQueue({
      posts: posts.slice(0, 3),
      timeslots: slots,
      timezone: "UTC",
      jitterMinutes: 15,
      now,
      random: () => 0,
    });
    expect(times(early).map(([, t]) => t)).toEqual([
      "2026-01-05T09:58:31.000Z",
      "2026-01-05T09:58:32.000Z",
      "2026-01-05T09:58:33.000Z",
    ]);
    // the third post has no later slot that day; its bound is the next Monday 10:00, so +15 min stands
    const late = arrangeQueue({
      posts: posts.slice(0, 3),
      timeslots: slots,
      timezone: "UTC",
      jitterMinutes: 15,
      now,
      random: () => 0.999999,
    });
    expect(times(late).map(([, t]) => t)).toEqual([
      "2026-01-05T10:04:59.000Z",
      "2026-01-05T10:09:59.000Z",
      "2026-01-05T10:25:00.000Z",
    ]);
  });

  it("rejects jitter outside 0..60 whole minutes", () => {
    for (const jitterMinutes of [-1, 61, 1.5]) {
      expect(() =>
        arrangeQueue({ posts, timeslots: daily("09:00"), timezone: "UTC", jitterMinutes, now: new Date() }),
      ).toThrow(RangeError);
    }
  });

  it("benchArrangement arranges 10,000 posts (timing is printed by npm run bench, never asserted)", () => {
    const { posts: n, ms } = benchArrangement();
    expect(n).toBe(10_000);
    expect(Number.isFinite(ms)).toBe(true);
  });
});

describe("arrangeQueue properties", () => {
  const postsArb = fc.uniqueArray(
    fc.record({
      id: fc.string({ minLength: 1, maxLength: 6 }),
      priority: fc.constantFrom("high" as const, "medium" as const, "low" as const),
      createdAt: fc.date({ min: at("2020-01-01T00:00Z"), max: at("2030-01-01T00:00Z"), noInvalidDate: true }),
    }),
    { selector: (p) => p.id, maxLength: 40 },
  );
  const input = fc.record({
    posts: postsArb,
    timeslots: fc.array(timeslotArb, { minLength: 1, maxLength: 10 }),
    timezone: fc.constantFrom(...ZONES),
    jitterMinutes: fc.integer({ min: 0, max: 60 }),
    now: instantArb,
    seed: fc.integer(),
  });
  const run = ({ seed, ...rest }: typeof input extends fc.Arbitrary<infer T> ? T : never) =>
    arrangeQueue({ ...rest, random: seededRandom(seed) });

  it("keeps every post, in priority-then-creation order, one per distinct base slot", () => {
    fc.assert(
      fc.property(input, (i) => {
        const result = run(i);
        expect(result).toHaveLength(i.posts.length);
        expect(new Set(result.map((r) => r.id))).toEqual(new Set(i.posts.map((p) => p.id)));
        const byId = new Map(i.posts.map((p) => [p.id, p]));
        for (let k = 1; k < result.length; k++) {
          const [a, b] = [byId.get(result[k - 1]?.id ?? ""), byId.get(result[k]?.id ?? "")];
          expect(a && b && compareQueuedPosts(a, b)).toBeLessThan(0);
        }
        const bases = result.map((r) => r.slotAt?.getTime());
        expect(new Set(bases).size).toBe(result.length);
        expect(bases).toEqual(
          nextSlots({ timeslots: i.timeslots, timezone: i.timezone, after: i.now, count: result.length }).map((d) =>
            d.getTime(),
          ),
        );
      }),
      { numRuns: 150 },
    );
  });

  it("schedules after now, within ±jitter of a real slot, in strictly increasing time (jitter never reorders)", () => {
    fc.assert(
      fc.property(input, (i) => {
        let previous = i.now.getTime();
        for (const r of run(i)) {
          const [t, base] = [r.scheduledAt?.getTime() ?? NaN, r.slotAt?.getTime() ?? NaN];
          expect(t).toBeGreaterThan(previous);
          expect(Math.abs(t - base)).toBeLessThanOrEqual(i.jitterMinutes * 60_000);
          expect(r.slotAt && isScheduleSlot(r.slotAt, i.timeslots, i.timezone)).toBe(true);
          previous = t;
        }
      }),
      { numRuns: 150 },
    );
  });

  it("is idempotent: same inputs and random sequence give the same result; jitter 0 re-arrangement is a fixed point", () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(run(i)).toEqual(run(i));
        const first = arrangeQueue({ ...i, jitterMinutes: 0 });
        const arranged = first.map((r) => ({ ...i.posts.find((p) => p.id === r.id)!, scheduledAt: r.scheduledAt }));
        const again = arrangeQueue({ ...i, posts: arranged.reverse(), jitterMinutes: 0 });
        expect(again).toEqual(first);
        expect(first.every((r) => r.scheduledAt?.getTime() === r.slotAt?.getTime())).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it("does not depend on the input order of posts", () => {
    fc.assert(
      fc.property(input, (i) => {
        expect(run({ ...i, posts: [...i.posts].reverse() })).toEqual(run(i));
      }),
      { numRuns: 100 },
    );
  });
});
