import { durationToMs } from "inngest";

// Business time for the local runner: when runs wake (sleeps, retry backoff) and when cron ticks are due.
// Leases are deliberately NOT on this clock: they measure whether a runner process is alive, so they use
// the database's own time (see store.ts). Tests swap in a ManualClock and advance it instead of waiting.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date | string = new Date()) {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  /** Moves time forward by a duration: milliseconds or "90s", "5m", "2h", "1d", "2h30m". */
  advance(by: number | string): Date {
    this.current += typeof by === "number" ? by : parseDuration(by);
    return this.now();
  }

  /** Jumps to an instant (never backwards: wake times already handed out would be skipped). */
  set(to: Date | string): Date {
    const target = new Date(to).getTime();
    if (target < this.current)
      throw new Error(`ManualClock cannot go back in time (${new Date(target).toISOString()})`);
    this.current = target;
    return this.now();
  }
}

/** "2h30m", "90s", "1d" (the SDK's own time strings); "" is zero. */
export const parseDuration = (value: string): number => (value.trim() === "" ? 0 : durationToMs(value));

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/**
 * The wake time of a `Sleep` op. The SDK names the op after the wait: a time string for `step.sleep`
 * ("2h", "1d2h30m", "" for zero) or an ISO instant for `step.sleepUntil`.
 */
export const sleepWakeAt = (opName: string, now: Date): Date => {
  if (ISO_INSTANT.test(opName)) {
    const at = new Date(opName);
    if (Number.isNaN(at.getTime())) throw new Error(`Invalid sleepUntil instant "${opName}"`);
    return at;
  }
  return new Date(now.getTime() + parseDuration(opName));
};
