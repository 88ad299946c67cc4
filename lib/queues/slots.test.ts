import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidTimeZone, nextSlot, nextSlots, wallClock, type Timeslot } from "./slots";
import { instantArb, isScheduleSlot, timeslotArb, ZONES } from "@/testing/queue-arbitraries";

const iso = (ds: Date[]) => ds.map((d) => d.toISOString());
const at = (s: string) => new Date(s);

describe("nextSlots examples", () => {
  const weekly: Timeslot[] = [
    { id: 1, day: 1, time: "09:00" },
    { id: 2, day: 3, time: "12:00" },
    { id: 3, day: 5, time: "17:30" },
  ];

  it("walks a week in UTC, strictly after `after`", () => {
    const after = at("2026-01-04T10:00Z"); // Sunday
    expect(iso(nextSlots({ timeslots: weekly, timezone: "UTC", after, count: 4 }))).toEqual([
      "2026-01-05T09:00:00.000Z",
      "2026-01-07T12:00:00.000Z",
      "2026-01-09T17:30:00.000Z",
      "2026-01-12T09:00:00.000Z",
    ]);
    expect(nextSlot({ timeslots: weekly, timezone: "UTC", after: at("2026-01-05T09:00Z") })?.toISOString()).toBe(
      "2026-01-07T12:00:00.000Z",
    );
  });

  const sunday: Timeslot[] = [
    { day: 0, time: "01:30" },
    { day: 0, time: "02:30" },
    { day: 0, time: "03:15" },
  ];

  it("America/New_York spring forward: 02:30 does not exist and becomes 03:30 EDT", () => {
    expect(
      iso(nextSlots({ timeslots: sunday, timezone: "America/New_York", after: at("2026-03-07T00:00Z"), count: 4 })),
    ).toEqual([
      "2026-03-08T06:30:00.000Z", // 01:30 EST
      "2026-03-08T07:15:00.000Z", // 03:15 EDT
      "2026-03-08T07:30:00.000Z", // 02:30 -> 03:30 EDT (after 03:15: chronological order wins)
      "2026-03-15T05:30:00.000Z", // 01:30 EDT
    ]);
  });

  it("America/New_York fall back: ambiguous 01:30 takes its first (EDT) occurrence", () => {
    expect(
      iso(nextSlots({ timeslots: sunday, timezone: "America/New_York", after: at("2026-10-31T00:00Z"), count: 4 })),
    ).toEqual([
      "2026-11-01T05:30:00.000Z",
      "2026-11-01T07:30:00.000Z",
      "2026-11-01T08:15:00.000Z",
      "2026-11-08T06:30:00.000Z",
    ]);
  });

  it("two slots that the gap maps onto one instant count as one slot", () => {
    const slots = nextSlots({
      timeslots: [
        { day: 0, time: "02:30" },
        { day: 0, time: "03:30" },
      ],
      timezone: "America/New_York",
      after: at("2026-03-07T00:00Z"),
      count: 2,
    });
    expect(iso(slots)).toEqual(["2026-03-08T07:30:00.000Z", "2026-03-15T06:30:00.000Z"]);
  });

  it("Europe/Berlin: winter/summer offsets, gap and overlap", () => {
    const mon: Timeslot[] = [{ day: 1, time: "09:00" }];
    expect(nextSlot({ timeslots: mon, timezone: "Europe/Berlin", after: at("2026-01-01T00:00Z") })?.toISOString()).toBe(
      "2026-01-05T08:00:00.000Z",
    );
    expect(nextSlot({ timeslots: mon, timezone: "Europe/Berlin", after: at("2026-07-01T00:00Z") })?.toISOString()).toBe(
      "2026-07-06T07:00:00.000Z",
    );
    const sun230: Timeslot[] = [{ day: 0, time: "02:30" }];
    expect(
      nextSlot({ timeslots: sun230, timezone: "Europe/Berlin", after: at("2026-03-28T00:00Z") })?.toISOString(),
    ).toBe("2026-03-29T01:30:00.000Z"); // 03:30 CEST
    expect(
      nextSlot({ timeslots: sun230, timezone: "Europe/Berlin", after: at("2026-10-24T00:00Z") })?.toISOString(),
    ).toBe("2026-10-25T00:30:00.000Z"); // first 02:30 (CEST)
  });

  it("Asia/Kolkata half-hour offset, including a slot that falls on the previous UTC day", () => {
    const slots = nextSlots({
      timeslots: [
        { day: 1, time: "09:00" },
        { day: 0, time: "00:15" },
      ],
      timezone: "Asia/Kolkata",
      after: at("2026-01-01T00:00Z"),
      count: 2,
    });
    expect(iso(slots)).toEqual(["2026-01-03T18:45:00.000Z", "2026-01-05T03:30:00.000Z"]);
  });

  it("no timeslots: nextSlot is null and nextSlots is empty", () => {
    expect(nextSlot({ timeslots: [], timezone: "Europe/Berlin", after: new Date() })).toBeNull();
    expect(nextSlots({ timeslots: [], timezone: "UTC", after: new Date(), count: 5 })).toEqual([]);
  });

  it("rejects invalid timeslots and timezones", () => {
    expect(() => nextSlot({ timeslots: [{ day: 7, time: "09:00" }], timezone: "UTC", after: new Date() })).toThrow(
      RangeError,
    );
    expect(() => nextSlot({ timeslots: [{ day: 1, time: "24:00" }], timezone: "UTC", after: new Date() })).toThrow(
      RangeError,
    );
    expect(() => nextSlot({ timeslots: [{ day: 1, time: "9:00" }], timezone: "UTC", after: new Date() })).toThrow(
      RangeError,
    );
    expect(() =>
      nextSlot({ timeslots: [{ day: 1, time: "09:00" }], timezone: "Mars/Olympus", after: new Date() }),
    ).toThrow(RangeError);
    expect(isValidTimeZone("Asia/Kolkata")).toBe(true);
    expect(isValidTimeZone("Nope/Nowhere")).toBe(false);
  });
});

describe("nextSlots properties", () => {
  const query = fc.record({
    timeslots: fc.array(timeslotArb, { minLength: 1, maxLength: 8 }),
    timezone: fc.constantFrom(...ZONES),
    after: instantArb,
    count: fc.integer({ min: 1, max: 40 }),
  });

  it("returns `count` strictly increasing instants after `after`, each a real slot of the schedule", () => {
    fc.assert(
      fc.property(query, ({ timeslots, timezone, after, count }) => {
        const slots = nextSlots({ timeslots, timezone, after, count });
        expect(slots).toHaveLength(count);
        let previous = after.getTime();
        for (const s of slots) {
          expect(s.getTime()).toBeGreaterThan(previous);
          expect(isScheduleSlot(s, timeslots, timezone)).toBe(true);
          previous = s.getTime();
        }
      }),
      { numRuns: 200 },
    );
  });

  it("is consistent with itself: restarting after slot k yields the remaining slots", () => {
    fc.assert(
      fc.property(query, fc.nat(), ({ timeslots, timezone, after, count }, k) => {
        const slots = nextSlots({ timeslots, timezone, after, count: count + 1 });
        const cut = k % count;
        const rest = nextSlots({ timeslots, timezone, after: slots[cut] ?? after, count: count - cut });
        expect(iso(rest)).toEqual(iso(slots.slice(cut + 1)));
      }),
      { numRuns: 150 },
    );
  });

  it("misses no slot: no minute between `after` and nextSlot has a matching wall clock (minute-scan oracle)", () => {
    fc.assert(
      fc.property(query, ({ timeslots, timezone, after }) => {
        const first = nextSlot({ timeslots, timezone, after });
        expect(first).not.toBeNull();
        const end = first?.getTime() ?? 0;
        for (let t = Math.floor(after.getTime() / 60_000 + 1) * 60_000; t < end; t += 60_000) {
          const w = wallClock(new Date(t), timezone);
          expect(timeslots.some((s) => s.day === w.day && s.time === w.time)).toBe(false);
        }
      }),
      { numRuns: 25 },
    );
  });
});
