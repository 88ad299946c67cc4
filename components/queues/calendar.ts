import { localToInstant, wallClock, zoneOffset } from "@/lib/queues/slots";
import type { TQueuedPost, TQueueTimeslot } from "@/lib/schemas/post-queues";

// The week view's arithmetic, in the queue's timezone (the same slot code the server arranges with).

const DAY = 86_400_000;

export type CalendarWeek = {
  from: Date; // Sunday 00:00 in the queue's timezone
  to: Date; // the next Sunday 00:00
  days: { day: number; label: string; isToday: boolean }[]; // Sunday..Saturday
};

const DAY_LABEL = new Intl.DateTimeFormat("en", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });

/** The week (Sunday to Saturday) containing `now` in `timezone`, moved by `offset` weeks. */
export const weekOf = (timezone: string, now: Date, offset = 0): CalendarWeek => {
  const localNow = now.getTime() + zoneOffset(timezone, now.getTime());
  const today = Math.floor(localNow / DAY) * DAY; // local midnight, as UTC fields
  const start = today - new Date(today).getUTCDay() * DAY + offset * 7 * DAY;
  return {
    from: new Date(localToInstant(timezone, start)),
    to: new Date(localToInstant(timezone, start + 7 * DAY)),
    days: Array.from({ length: 7 }, (_, day) => ({
      day,
      label: DAY_LABEL.format(start + day * DAY),
      isToday: start + day * DAY === today,
    })),
  };
};

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

export type CalendarCell = { slot: TQueueTimeslot | null; posts: TQueuedPost[] };
export type CalendarRow = { time: string; cells: CalendarCell[] }; // cells[day], Sunday first

/**
 * Rows by time: every timeslot time, plus the time of any post that sits in no slot. A post goes into
 * the slot of its weekday nearest its time within the queue's jitter (so a jittered 09:07 shows in the
 * 09:00 slot); otherwise (e.g. a slot shifted by a DST gap, or removed since) it gets its own row.
 */
export const calendarRows = ({
  timeslots,
  posts,
  timezone,
  jitter,
}: {
  timeslots: TQueueTimeslot[];
  posts: TQueuedPost[];
  timezone: string;
  jitter: number;
}): CalendarRow[] => {
  const placed = new Map<string, TQueuedPost[]>();
  const times = new Set(timeslots.map((s) => s.time));
  for (const post of posts) {
    if (!post.scheduled_at) continue;
    const wall = wallClock(new Date(post.scheduled_at), timezone);
    const nearest = timeslots
      .filter((s) => s.day === wall.day && Math.abs(minutesOf(s.time) - minutesOf(wall.time)) <= jitter)
      .sort(
        (a, b) =>
          Math.abs(minutesOf(a.time) - minutesOf(wall.time)) - Math.abs(minutesOf(b.time) - minutesOf(wall.time)),
      )[0];
    const time = nearest?.time ?? wall.time;
    times.add(time);
    const key = `${wall.day} ${time}`;
    placed.set(key, [...(placed.get(key) ?? []), post]);
  }
  return [...times].sort().map((time) => ({
    time,
    cells: Array.from({ length: 7 }, (_, day) => ({
      slot: timeslots.find((s) => s.day === day && s.time === time) ?? null,
      posts: placed.get(`${day} ${time}`) ?? [],
    })),
  }));
};

/** "09:07" (or "09:07:31" when jitter left seconds) in the queue's timezone. */
export const timeIn = (iso: string, timezone: string): string => {
  const at = new Date(iso);
  const { time } = wallClock(at, timezone);
  const seconds = new Date(at.getTime() + zoneOffset(timezone, at.getTime())).getUTCSeconds();
  return seconds ? `${time}:${String(seconds).padStart(2, "0")}` : time;
};

const WHEN = (timezone: string) =>
  new Intl.DateTimeFormat("en", {
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: timezone,
  });

/** "Thu, 26 Nov, 09:00" in the queue's timezone. */
export const formatSlot = (iso: string, timezone: string): string => WHEN(timezone).format(new Date(iso));

export const excerpt = (body: string, max = 80): string => {
  const text = body.replace(/\s+/g, " ").trim();
  if (!text) return "(no text)";
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

/** IANA names the browser knows, for the timezone pickers (the server validates the same way). */
export const timeZoneNames = (current?: string): string[] => {
  const names = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  const all = new Set(["UTC", ...names]);
  if (current) all.add(current);
  return [...all].sort((a, b) => (a === "UTC" ? -1 : b === "UTC" ? 1 : a.localeCompare(b)));
};

export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};
