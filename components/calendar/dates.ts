import type { THourCycle } from "@/lib/query/hour-cycle-cookie";
import { localToInstant, nextSlots, zoneOffset, type Timeslot } from "@/lib/queues/slots";

// The content calendar's date arithmetic, in one IANA time zone, with Intl and the queue slot code
// (lib/queues/slots.ts: the same DST rules as the server). A calendar day is "YYYY-MM-DD" (a wall-clock
// date in the zone); wall clocks are encoded as UTC milliseconds. Weeks start on Sunday, like the queue
// week grid (components/queues/calendar.ts). Pure: no React.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export type TCalendarView = "month" | "week" | "day";
export type { THourCycle };

const pad = (n: number) => String(n).padStart(2, "0");
const isoDay = (wallMs: number) => new Date(wallMs).toISOString().slice(0, 10);
const wallOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

export const isCalendarDay = (value: string | undefined): value is string =>
  !!value && /^\d{4}-\d{2}-\d{2}$/.test(value) && isoDay(wallOf(value)) === value;

/** The wall clock of `instant` in `timezone`, as UTC milliseconds. */
export const wallMs = (instant: Date | number, timezone: string): number => {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  return ms + zoneOffset(timezone, ms);
};

/** The calendar day of `instant` in `timezone`. */
export const dayIn = (instant: Date | number, timezone: string): string => isoDay(wallMs(instant, timezone));

/** The wall-clock hour (0-23) of `instant` in `timezone`. */
export const hourIn = (instant: Date | number, timezone: string): number =>
  new Date(wallMs(instant, timezone)).getUTCHours();

/** The instant of `day` at `hour`:`minute` in `timezone` (a time skipped by DST moves forward by the gap). */
export const instantAt = (day: string, timezone: string, hour = 0, minute = 0): Date =>
  new Date(localToInstant(timezone, wallOf(day) + hour * HOUR + minute * 60_000));

export const addDays = (day: string, days: number): string => isoDay(wallOf(day) + days * DAY);

const addMonths = (day: string, months: number): string => {
  const d = new Date(wallOf(day));
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 0)).getUTCDate();
  return isoDay(first + (Math.min(d.getUTCDate(), last) - 1) * DAY);
};

/** The same place one period earlier (-1) or later (+1). */
export const shiftDay = (view: TCalendarView, day: string, step: number): string =>
  view === "month" ? addMonths(day, step) : addDays(day, step * (view === "week" ? 7 : 1));

const sundayOf = (day: string) => addDays(day, -new Date(wallOf(day)).getUTCDay());

export type TCalendarRange = {
  days: string[]; // every day shown, in order
  from: Date; // the first day's 00:00 in the zone
  to: Date; // the day after the last one, 00:00 in the zone
  month?: string; // "YYYY-MM" of the month view (days outside it are shown dimmed)
};

/**
 * The days a view shows around `day`: the day; its week (Sunday to Saturday); or its month's weeks, from
 * the Sunday on or before the 1st to the Saturday on or after the last day (4 to 6 weeks).
 */
export const calendarRange = (view: TCalendarView, day: string, timezone: string): TCalendarRange => {
  let first = day;
  let count = 1;
  let month: string | undefined;
  if (view === "week") {
    first = sundayOf(day);
    count = 7;
  } else if (view === "month") {
    month = day.slice(0, 7);
    first = sundayOf(`${month}-01`);
    const lastOfMonth = addDays(addMonths(`${month}-01`, 1), -1);
    const end = addDays(sundayOf(lastOfMonth), 7);
    count = Math.round((wallOf(end) - wallOf(first)) / DAY);
  }
  const days = Array.from({ length: count }, (_, i) => addDays(first, i));
  return { days, from: instantAt(first, timezone), to: instantAt(addDays(first, count), timezone), month };
};

/** "Europe/Paris (UTC+01:00)": the zone and its offset at `at`. */
export const zoneLabel = (timezone: string, at: Date | number = Date.now()): string => {
  const offset = Math.round(zoneOffset(timezone, typeof at === "number" ? at : at.getTime()) / 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${timezone} (UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)})`;
};

/** "09:30" or "9:30 AM" (the user's 12/24-hour choice) of `instant` in `timezone`. */
export const formatTime = (instant: Date | number, timezone: string, cycle: THourCycle): string => {
  const wall = new Date(wallMs(instant, timezone));
  return clockLabel(wall.getUTCHours(), wall.getUTCMinutes(), cycle);
};

/** A wall-clock hour and minute as the user reads time: "14:00" or "2:00 PM". */
export const clockLabel = (hour: number, minute: number, cycle: THourCycle): string =>
  cycle === "h23"
    ? `${pad(hour)}:${pad(minute)}`
    : `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? "AM" : "PM"}`;

const DAY_LABEL = new Intl.DateTimeFormat("en", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
const MONTH_LABEL = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" });

/** "Sun, Mar 8". */
export const dayLabel = (day: string): string => DAY_LABEL.format(wallOf(day));

/** "March 2026", "Mar 8 – Mar 14, 2026" or "Sun, Mar 8, 2026": the heading of a view. */
export const rangeLabel = (view: TCalendarView, range: TCalendarRange): string => {
  const first = range.days[0]!;
  const last = range.days[range.days.length - 1]!;
  if (view === "month") return MONTH_LABEL.format(wallOf(range.month ? `${range.month}-01` : first));
  const year = last.slice(0, 4);
  if (view === "day") return `${dayLabel(first)}, ${year}`;
  return `${dayLabel(first).slice(5)} – ${dayLabel(last).slice(5)}, ${year}`;
};

export type TQueueForSlots = { id: string; timezone: string; jitter: number; timeslots: readonly Timeslot[] };

/**
 * A queue's open slots in [from, to), not before `now`: its weekly timeslots expanded in the queue's own
 * zone (as the server arranges posts), less those a waiting post of the queue holds. A post holds the
 * nearest free slot within the queue's jitter of its time (jitter moves a post off its slot by up to that
 * many minutes).
 */
export const openSlots = ({
  queue,
  from,
  to,
  now,
  taken,
}: {
  queue: TQueueForSlots;
  from: Date;
  to: Date;
  now: Date;
  taken: readonly (string | null)[]; // scheduled_at of the queue's waiting posts
}): Date[] => {
  if (queue.timeslots.length === 0) return [];
  const start = Math.max(from.getTime(), now.getTime()) - 1; // nextSlots is strictly after
  const days = Math.ceil((to.getTime() - start) / DAY) + 2;
  const slots = nextSlots({
    timeslots: queue.timeslots,
    timezone: queue.timezone,
    after: new Date(start),
    count: queue.timeslots.length * (Math.ceil(days / 7) + 1),
  }).filter((s) => s.getTime() < to.getTime());
  const free = new Set(slots.map((s) => s.getTime()));
  const window = queue.jitter * 60_000;
  for (const at of taken) {
    if (!at) continue;
    const ms = Date.parse(at);
    const nearest = [...free]
      .filter((s) => Math.abs(s - ms) <= window)
      .sort((a, b) => Math.abs(a - ms) - Math.abs(b - ms))[0];
    if (nearest !== undefined) free.delete(nearest);
  }
  return slots.filter((s) => free.has(s.getTime()));
};
