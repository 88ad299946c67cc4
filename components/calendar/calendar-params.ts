import { PLATFORMS, type TPlatform } from "@/lib/schemas/common";
import { LIST_STATUSES } from "@/lib/schemas/posts";
import { dayIn, hourIn, instantAt, isCalendarDay, wallMs, type TCalendarView } from "./dates";

// The calendar's state in the URL (/calendar?view=week&date=2026-03-11&brand=…&network=…&status=…&queue=…
// &zone=…), read leniently: an unknown value is no filter. `zone` is a brand id whose time zone the grid
// uses, or "browser"; without it, the filtered brand's zone, else the browser's. Pure: no React.

export type TCalendarParams = {
  view: TCalendarView;
  date: string | null; // null: today
  brand: string | null;
  network: TPlatform | null;
  status: (typeof LIST_STATUSES)[number] | null;
  queue: string | null;
  zone: string | null;
};

const VIEWS: readonly TCalendarView[] = ["month", "week", "day"];
const pick = <T extends string>(list: readonly T[], value: string | null): T | null =>
  list.find((v) => v === value) ?? null;

export const readCalendarParams = (params: URLSearchParams): TCalendarParams => {
  const date = params.get("date") ?? undefined;
  return {
    view: pick(VIEWS, params.get("view")) ?? "week",
    date: isCalendarDay(date) ? date : null,
    brand: params.get("brand") || null,
    network: pick(PLATFORMS, params.get("network")),
    status: pick(LIST_STATUSES, params.get("status")),
    queue: params.get("queue") || null,
    zone: params.get("zone") || null,
  };
};

/** The query string with `changes` applied (null removes a parameter). */
export const calendarSearch = (
  params: URLSearchParams,
  changes: Partial<Record<keyof TCalendarParams, string | null>>,
) => {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  const text = next.toString();
  return text ? `?${text}` : "";
};

export type TZoneQueue = { profile_group_id: string; timezone: string; created_at: string };

/** A brand's time zone: brands have none of their own, so its oldest queue's, else UTC. */
export const brandZone = (brand: string, queues: readonly TZoneQueue[]): string =>
  [...queues].filter((q) => q.profile_group_id === brand).sort((a, b) => a.created_at.localeCompare(b.created_at))[0]
    ?.timezone ?? "UTC";

/** The zone the grid uses: the chosen brand's, the filtered brand's, else the browser's. */
export const gridZone = (params: TCalendarParams, queues: readonly TZoneQueue[], browser: string): string => {
  const brand = params.zone && params.zone !== "browser" ? params.zone : params.zone ? null : params.brand;
  return brand ? brandZone(brand, queues) : browser;
};

/** Posts (or anything with a time) by "day hour" and by day, in `zone`, sorted by time. */
export const placeByTime = <T>(items: readonly T[], at: (item: T) => string | null, zone: string) => {
  const byHour = new Map<string, T[]>();
  const byDay = new Map<string, T[]>();
  const timed = items.filter((item) => at(item)).sort((a, b) => Date.parse(at(a)!) - Date.parse(at(b)!));
  for (const item of timed) {
    const when = Date.parse(at(item)!);
    const day = dayIn(when, zone);
    const key = `${day} ${hourIn(when, zone)}`;
    byHour.set(key, [...(byHour.get(key) ?? []), item]);
    byDay.set(day, [...(byDay.get(day) ?? []), item]);
  }
  return { byHour, byDay };
};

/** Where a post dropped on `day` at `hour` goes: that hour in `zone`, keeping the post's minutes. */
export const dropTime = (scheduledAt: string, day: string, hour: number, zone: string): string =>
  instantAt(day, zone, hour, new Date(wallMs(new Date(scheduledAt), zone)).getUTCMinutes()).toISOString();

/**
 * The PATCH /api/posts/:id body that moves a post to `at`. A queued post cannot keep its queue with a time
 * of its own (lib/services/posts/update-post.ts): it leaves the queue (`queue_id: null`), as Reschedule on
 * the post's page does.
 */
export const moveBody = (post: { queue_id: string | null }, at: string) => ({
  post: { scheduled_at: at },
  ...(post.queue_id && { queue_id: null }),
});
