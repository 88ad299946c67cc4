// Shared fast-check arbitraries and oracles for the queue tests (not a test file itself).
import fc from "fast-check";
import { wallClock, zoneOffset, type Timeslot } from "@/lib/queues/slots";

const at = (s: string) => new Date(s);

export const ZONES = [
  "UTC",
  "America/New_York",
  "Europe/Berlin",
  "Asia/Kolkata",
  "Australia/Lord_Howe", // 30-min DST
  "America/Santiago",
  "Pacific/Chatham",
  "Asia/Kathmandu",
  "America/Havana", // midnight DST changes
] as const;

export const timeslotArb = fc.record({
  day: fc.integer({ min: 0, max: 6 }),
  time: fc
    .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
});
export const instantArb = fc.date({ min: at("2000-01-01T00:00Z"), max: at("2090-01-01T00:00Z"), noInvalidDate: true });

/** A slot instant is legitimate when its wall clock matches a timeslot, or does so after undoing a DST gap shift. */
export function isScheduleSlot(slot: Date, timeslots: readonly Timeslot[], timezone: string): boolean {
  const matches = (w: { day: number; time: string }) => timeslots.some((s) => s.day === w.day && s.time === w.time);
  if (matches(wallClock(slot, timezone))) return true;
  const ms = slot.getTime();
  const gap = zoneOffset(timezone, ms) - zoneOffset(timezone, ms - 6 * 3_600_000);
  if (gap <= 0) return false;
  const unshifted = new Date(ms + zoneOffset(timezone, ms) - gap); // wall clock minus the gap, as UTC fields
  const pad = (n: number) => String(n).padStart(2, "0");
  return matches({
    day: unshifted.getUTCDay(),
    time: `${pad(unshifted.getUTCHours())}:${pad(unshifted.getUTCMinutes())}`,
  });
}

/** Deterministic [0, 1) source (mulberry32) for reproducible jitter in tests and benchmarks. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
