import { describe, expect, it } from "vitest";
import type { TQueuedPost } from "@/lib/schemas/post-queues";
import { calendarRows, timeIn, weekOf } from "./calendar";

const post = (id: string, scheduled_at: string | null): TQueuedPost => ({
  id,
  body: id,
  status: "scheduled",
  queue_id: "que_x",
  queue_priority: "medium",
  scheduled_at,
  created_at: "2026-01-01T00:00:00.000Z",
});

describe("week calendar helpers", () => {
  it("weekOf: Sunday to Sunday in the queue's timezone, across a DST change", () => {
    const week = weekOf("America/New_York", new Date("2026-03-11T12:00:00Z"));
    expect(week.from.toISOString()).toBe("2026-03-08T05:00:00.000Z"); // Sunday 00:00 EST
    expect(week.to.toISOString()).toBe("2026-03-15T04:00:00.000Z"); // Sunday 00:00 EDT
    expect(week.days.map((d) => d.label)).toEqual([
      "Sun, Mar 8",
      "Mon, Mar 9",
      "Tue, Mar 10",
      "Wed, Mar 11",
      "Thu, Mar 12",
      "Fri, Mar 13",
      "Sat, Mar 14",
    ]);
    expect(week.days.filter((d) => d.isToday).map((d) => d.day)).toEqual([3]);
    expect(weekOf("Asia/Tokyo", new Date("2026-03-07T20:00:00Z"), 1).from.toISOString()).toBe(
      "2026-03-14T15:00:00.000Z",
    );
  });

  it("calendarRows: posts go into the nearest slot of their day within the jitter, others get their own row", () => {
    const timeslots = [
      { id: 1, day: 1, time: "09:00" },
      { id: 2, day: 3, time: "09:00" },
      { id: 3, day: 3, time: "17:30" },
    ];
    const rows = calendarRows({
      timeslots,
      timezone: "Europe/Berlin",
      jitter: 10,
      posts: [
        post("jittered", "2026-03-09T08:07:31Z"),
        post("near", "2026-03-11T16:31:00Z"),
        post("late", "2026-03-11T16:45:00Z"),
        post("loose", "2026-03-12T11:00:00Z"),
        post("unplaced", null),
      ],
    });
    expect(rows.map((r) => r.time)).toEqual(["09:00", "12:00", "17:30", "17:45"]);
    expect(rows[0]!.cells[1]).toEqual({ slot: timeslots[0], posts: [expect.objectContaining({ id: "jittered" })] });
    expect(rows[0]!.cells[3]!.slot).toEqual(timeslots[1]);
    expect(rows[1]!.cells[4]).toEqual({ slot: null, posts: [expect.objectContaining({ id: "loose" })] });
    expect(rows[2]!.cells[3]).toEqual({ slot: timeslots[2], posts: [expect.objectContaining({ id: "near" })] }); // 17:31, within ±10
    expect(rows[3]!.cells[3]).toEqual({ slot: null, posts: [expect.objectContaining({ id: "late" })] }); // 17:45, outside
  });

  it("timeIn shows seconds only when there are some", () => {
    expect(timeIn("2026-03-09T08:07:31Z", "Europe/Berlin")).toBe("09:07:31");
    expect(timeIn("2026-03-09T08:07:00Z", "Europe/Berlin")).toBe("09:07");
  });
});
