import { describe, expect, it } from "vitest";
import {
  calendarRange,
  clockLabel,
  dayIn,
  formatTime,
  hourIn,
  instantAt,
  isCalendarDay,
  openSlots,
  rangeLabel,
  shiftDay,
  zoneLabel,
} from "./dates";

const iso = (d: Date) => d.toISOString();

describe("calendar dates", () => {
  it("calendarRange week: Sunday to Sunday in the zone, across the spring DST change (America/New_York)", () => {
    const week = calendarRange("week", "2026-03-11", "America/New_York");
    expect(week.days).toEqual([
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
      "2026-03-14",
    ]);
    expect(iso(week.from)).toBe("2026-03-08T05:00:00.000Z"); // 00:00 EST
    expect(iso(week.to)).toBe("2026-03-15T04:00:00.000Z"); // 00:00 EDT: the week is 167 hours long
    expect(rangeLabel("week", week)).toBe("Mar 8 – Mar 14, 2026");
  });

  it("calendarRange month: whole weeks around the month; day: one day", () => {
    const month = calendarRange("month", "2026-02-17", "UTC");
    expect(month.days[0]).toBe("2026-02-01"); // a Sunday
    expect(month.days).toHaveLength(28);
    expect(month.month).toBe("2026-02");
    const march = calendarRange("month", "2026-03-31", "Europe/Paris");
    expect(march.days[0]).toBe("2026-03-01");
    expect(march.days.at(-1)).toBe("2026-04-04");
    expect(march.days).toHaveLength(35);
    expect(iso(march.from)).toBe("2026-02-28T23:00:00.000Z"); // CET
    expect(iso(march.to)).toBe("2026-04-04T22:00:00.000Z"); // CEST
    expect(rangeLabel("month", march)).toBe("March 2026");
    const day = calendarRange("day", "2026-10-25", "Europe/Paris"); // autumn change: 25 hours
    expect(day.days).toEqual(["2026-10-25"]);
    expect(day.to.getTime() - day.from.getTime()).toBe(25 * 3_600_000);
    expect(rangeLabel("day", day)).toBe("Sun, Oct 25, 2026");
  });

  it("shiftDay moves by a day, a week or a month (clamped to the month's length)", () => {
    expect(shiftDay("day", "2026-12-31", 1)).toBe("2027-01-01");
    expect(shiftDay("week", "2026-03-11", -1)).toBe("2026-03-04");
    expect(shiftDay("month", "2026-01-31", 1)).toBe("2026-02-28");
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("2026-02-28")).toBe(true);
  });

  it("instants, days and hours in a zone; a time skipped by DST moves forward", () => {
    expect(iso(instantAt("2026-03-08", "America/New_York", 9))).toBe("2026-03-08T13:00:00.000Z");
    expect(iso(instantAt("2026-03-08", "America/New_York", 2, 30))).toBe("2026-03-08T07:30:00.000Z"); // 03:30 EDT
    const late = new Date("2026-03-09T03:30:00Z"); // 23:30 EDT on the 8th
    expect(dayIn(late, "America/New_York")).toBe("2026-03-08");
    expect(hourIn(late, "America/New_York")).toBe(23);
    expect(dayIn(late, "UTC")).toBe("2026-03-09");
  });

  it("zone labels and 12/24-hour times", () => {
    expect(zoneLabel("Europe/Paris", new Date("2026-01-15T12:00:00Z"))).toBe("Europe/Paris (UTC+01:00)");
    expect(zoneLabel("Europe/Paris", new Date("2026-07-15T12:00:00Z"))).toBe("Europe/Paris (UTC+02:00)");
    expect(zoneLabel("Asia/Kolkata", 0)).toBe("Asia/Kolkata (UTC+05:30)");
    expect(zoneLabel("America/New_York", new Date("2026-01-15T12:00:00Z"))).toBe("America/New_York (UTC-05:00)");
    const at = new Date("2026-01-15T13:05:00Z");
    expect(formatTime(at, "Europe/Paris", "h23")).toBe("14:05");
    expect(formatTime(at, "Europe/Paris", "h12")).toBe("2:05 PM");
    expect(clockLabel(0, 0, "h12")).toBe("12:00 AM");
    expect(clockLabel(12, 30, "h12")).toBe("12:30 PM");
    expect(clockLabel(0, 0, "h23")).toBe("00:00");
  });
});

describe("openSlots", () => {
  const queue = {
    id: "que_1",
    timezone: "America/New_York",
    jitter: 10,
    timeslots: [
      { day: 0, time: "02:30" }, // Sunday: skipped on 2026-03-08, read as 03:30 EDT
      { day: 1, time: "09:00" },
      { day: 3, time: "09:00" },
    ],
  };
  const week = calendarRange("week", "2026-03-11", "America/New_York");

  it("expands the weekly slots into the range in the queue's zone, across a DST change", () => {
    const slots = openSlots({ queue, from: week.from, to: week.to, now: new Date("2026-01-01T00:00:00Z"), taken: [] });
    expect(slots.map(iso)).toEqual([
      "2026-03-08T07:30:00.000Z", // 03:30 EDT (02:30 does not exist that day)
      "2026-03-09T13:00:00.000Z", // 09:00 EDT
      "2026-03-11T13:00:00.000Z",
    ]);
  });

  it("leaves out the slots a waiting post holds (within the jitter) and those already past", () => {
    const now = new Date("2026-03-09T00:00:00Z");
    const taken = ["2026-03-11T13:07:00.000Z", "2026-03-12T20:00:00.000Z", null];
    const slots = openSlots({ queue, from: week.from, to: week.to, now, taken });
    expect(slots.map(iso)).toEqual(["2026-03-09T13:00:00.000Z"]);
    expect(openSlots({ queue: { ...queue, timeslots: [] }, from: week.from, to: week.to, now, taken })).toEqual([]);
  });

  it("two posts near one slot hold only that slot", () => {
    const taken = ["2026-03-09T13:00:00.000Z", "2026-03-09T13:05:00.000Z"];
    const slots = openSlots({ queue, from: week.from, to: week.to, now: new Date(0), taken });
    expect(slots.map(iso)).toEqual(["2026-03-08T07:30:00.000Z", "2026-03-11T13:00:00.000Z"]);
  });
});
