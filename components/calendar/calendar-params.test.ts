import { describe, expect, it } from "vitest";
import {
  brandZone,
  calendarSearch,
  dropTime,
  gridZone,
  moveBody,
  placeByTime,
  readCalendarParams,
} from "./calendar-params";

const queues = [
  { profile_group_id: "grp_b", timezone: "Asia/Tokyo", created_at: "2026-02-01T00:00:00Z" },
  { profile_group_id: "grp_a", timezone: "America/New_York", created_at: "2026-03-01T00:00:00Z" },
  { profile_group_id: "grp_a", timezone: "Europe/Paris", created_at: "2026-01-01T00:00:00Z" },
];

describe("calendar URL state", () => {
  it("reads the view, day and filters, ignoring unknown values", () => {
    const params = readCalendarParams(
      new URLSearchParams("view=month&date=2026-02-30&brand=grp_a&network=bluesky&status=bogus&queue=que_1"),
    );
    expect(params).toEqual({
      view: "month",
      date: null,
      brand: "grp_a",
      network: "bluesky",
      status: null,
      queue: "que_1",
      zone: null,
    });
    expect(readCalendarParams(new URLSearchParams("view=year&network=myspace"))).toMatchObject({
      view: "week",
      network: null,
    });
  });

  it("calendarSearch sets and removes parameters", () => {
    const current = new URLSearchParams("view=week&network=bluesky");
    expect(calendarSearch(current, { network: null, status: "scheduled" })).toBe("?view=week&status=scheduled");
    expect(calendarSearch(new URLSearchParams("network=x"), { network: null })).toBe("");
  });

  it("a brand's zone is its oldest queue's, else UTC; the grid's follows the choice, the brand, the browser", () => {
    expect(brandZone("grp_a", queues)).toBe("Europe/Paris");
    expect(brandZone("grp_c", queues)).toBe("UTC");
    const base = readCalendarParams(new URLSearchParams());
    expect(gridZone(base, queues, "Australia/Sydney")).toBe("Australia/Sydney");
    expect(gridZone({ ...base, brand: "grp_a" }, queues, "Australia/Sydney")).toBe("Europe/Paris");
    expect(gridZone({ ...base, brand: "grp_a", zone: "grp_b" }, queues, "UTC")).toBe("Asia/Tokyo");
    expect(gridZone({ ...base, brand: "grp_a", zone: "browser" }, queues, "Australia/Sydney")).toBe("Australia/Sydney");
  });

  it("placeByTime groups by day and hour in the zone, in time order, leaving out untimed items", () => {
    const items = [
      { id: "b", at: "2026-03-09T03:30:00Z" }, // 23:30 on the 8th in New York
      { id: "a", at: "2026-03-09T03:10:00Z" },
      { id: "c", at: null },
    ];
    const { byHour, byDay } = placeByTime(items, (i) => i.at, "America/New_York");
    expect(byHour.get("2026-03-08 23")?.map((i) => i.id)).toEqual(["a", "b"]);
    expect([...byDay.keys()]).toEqual(["2026-03-08"]);
  });
});

describe("moving a post", () => {
  it("dropTime: the hour dropped on, in the zone, with the post's minutes, across the DST change", () => {
    // 09:15 EST on Friday 6 March, dropped on Monday 9 March 14:00 (EDT).
    expect(dropTime("2026-03-06T14:15:00.000Z", "2026-03-09", 14, "America/New_York")).toBe("2026-03-09T18:15:00.000Z");
    expect(dropTime("2026-03-06T14:15:00.000Z", "2026-03-06", 9, "UTC")).toBe("2026-03-06T09:15:00.000Z");
  });

  it("moveBody: a queued post leaves its queue for the fixed time; another keeps its queue_id untouched", () => {
    const at = "2026-03-09T18:15:00.000Z";
    expect(moveBody({ queue_id: "que_1" }, at)).toEqual({ post: { scheduled_at: at }, queue_id: null });
    expect(moveBody({ queue_id: null }, at)).toEqual({ post: { scheduled_at: at } });
  });
});
