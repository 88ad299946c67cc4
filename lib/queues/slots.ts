// Weekly queue timeslots -> concrete instants, in the queue's IANA timezone, without any date library.
//
// DST rules (decided here, tested in slots.test.ts):
// - Gap (spring forward): a wall-clock slot that does not exist that day is shifted forward by the
//   length of the gap, i.e. it is read with the offset in force before the change (02:30 -> 03:30 in
//   America/New_York). If two slots of a day land on the same instant this way, they count as one slot.
// - Overlap (fall back): an ambiguous wall-clock time takes its first (earlier) occurrence.

export type Timeslot = { id?: number; day: number; time: string };

export type SlotQuery = { timeslots: readonly Timeslot[]; timezone: string; after: Date };

const MINUTE = 60_000;
const DAY = 86_400_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timezone: string): Intl.DateTimeFormat {
  let f = formatters.get(timezone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone: timezone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timezone, f);
  }
  return f;
}

/** True when `timezone` is an IANA name the runtime knows. */
export function isValidTimeZone(timezone: string): boolean {
  try {
    formatterFor(timezone);
    return true;
  } catch {
    return false;
  }
}

/** Offset of `timezone` from UTC at instant `ms`, in milliseconds (wall clock = ms + offset). */
export function zoneOffset(timezone: string, ms: number): number {
  if (timezone === "UTC") return 0;
  const p: Record<string, number> = {};
  for (const part of formatterFor(timezone).formatToParts(ms)) {
    if (part.type !== "literal") p[part.type] = Number(part.value);
  }
  const wall = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/**
 * Instant of local wall-clock time `localMs` (a wall clock encoded as if it were UTC), applying the
 * gap/overlap rules above. Offsets are sampled at UTC midnights bracketing the instant (2 days before,
 * 3 days after; real zones change offset at most once in such a window), so `offsetAt` can be memoised.
 */
export function localToInstant(
  timezone: string,
  localMs: number,
  offsetAt = (ms: number) => zoneOffset(timezone, ms),
): number {
  const day = Math.floor(localMs / DAY) * DAY;
  const before = offsetAt(day - 2 * DAY);
  const after = offsetAt(day + 3 * DAY);
  if (before === after) return localMs - before; // no transition near this day
  const valid = [localMs - before, localMs - after].filter((t) => zoneOffset(timezone, t) + t === localMs);
  if (valid.length > 0) return Math.min(...valid); // overlap: first occurrence
  return localMs - before; // gap: shift forward by the gap length
}

/** Wall-clock weekday (0 = Sunday) and "HH:MM" of `instant` in `timezone`. */
export function wallClock(instant: Date, timezone: string): { day: number; time: string } {
  const local = new Date(instant.getTime() + zoneOffset(timezone, instant.getTime()));
  const pad = (n: number) => String(n).padStart(2, "0");
  return { day: local.getUTCDay(), time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` };
}

function parseSlots(timeslots: readonly Timeslot[]): { day: number; minutes: number }[][] {
  const byDay: { day: number; minutes: number }[][] = [[], [], [], [], [], [], []];
  for (const slot of timeslots) {
    const m = TIME.exec(slot.time);
    if (!Number.isInteger(slot.day) || slot.day < 0 || slot.day > 6 || !m) {
      throw new RangeError(`Invalid timeslot ${JSON.stringify(slot)}`);
    }
    byDay[slot.day]?.push({ day: slot.day, minutes: Number(m[1]) * 60 + Number(m[2]) });
  }
  return byDay;
}

/** The next `count` distinct slot instants strictly after `after`, in chronological order. */
export function nextSlots({ timeslots, timezone, after, count }: SlotQuery & { count: number }): Date[] {
  const byDay = parseSlots(timeslots);
  formatterFor(timezone); // throws RangeError for an unknown timezone
  const out: Date[] = [];
  if (timeslots.length === 0 || count <= 0) return out;
  const afterMs = after.getTime();
  const cache = new Map<number, number>();
  const offsetAt = (ms: number) => {
    let o = cache.get(ms);
    if (o === undefined) cache.set(ms, (o = zoneOffset(timezone, ms)));
    return o;
  };
  const localAfter = afterMs + zoneOffset(timezone, afterMs);
  let dayStart = Math.floor(localAfter / DAY) * DAY - DAY; // local midnight, one day early for safety
  let last = afterMs;
  while (out.length < count) {
    const weekday = new Date(dayStart).getUTCDay();
    const instants = (byDay[weekday] ?? [])
      .map((s) => localToInstant(timezone, dayStart + s.minutes * MINUTE, offsetAt))
      .sort((a, b) => a - b);
    for (const t of instants) {
      if (t > last && out.length < count) {
        out.push(new Date(t));
        last = t;
      }
    }
    dayStart += DAY;
  }
  return out;
}

/** GET /next_slot: the first slot strictly after `after`, or null when the queue has no timeslots. */
export function nextSlot(query: SlotQuery): Date | null {
  return nextSlots({ ...query, count: 1 })[0] ?? null;
}
