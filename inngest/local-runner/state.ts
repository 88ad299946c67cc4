import type { MemoEntry } from "./protocol";

// The per-run state kept in job_runs.steps, keyed by the SDK's hashed step id:
//   {seq, data} / {seq, error}  a finished step (memoised; sent back to the SDK on every request)
//   {sleepUntil}                 a step.sleep / sleepUntil that has not ended yet
//   {retryAt, attempt}           a step that failed and runs again (attempt n) at retryAt
// `seq` records completion order: jsonb does not keep key order, and the SDK replays memoised steps in the
// order they completed (ctx.stack), which matters for parallel steps.

export type StepEntry =
  | { seq: number; data: unknown }
  | { seq: number; error: unknown }
  | { sleepUntil: string }
  | { retryAt: string; attempt: number };

type Finished = Extract<StepEntry, { seq: number }>;

const isFinished = (entry: StepEntry): entry is Finished => "seq" in entry;

export class RunState {
  private readonly entries: Record<string, StepEntry>;

  constructor(raw: unknown) {
    this.entries =
      raw && typeof raw === "object" && !Array.isArray(raw) ? { ...(raw as Record<string, StepEntry>) } : {};
  }

  toJson(): Record<string, StepEntry> {
    return { ...this.entries };
  }

  private finished(): [string, Finished][] {
    return Object.entries(this.entries)
      .filter((pair): pair is [string, Finished] => isFinished(pair[1]))
      .sort(([, a], [, b]) => a.seq - b.seq);
  }

  /** What the SDK receives as `steps`. */
  memo(): Record<string, MemoEntry> {
    return Object.fromEntries(
      this.finished().map(([id, e]) => [id, "data" in e ? { data: e.data } : { error: e.error }]),
    );
  }

  /** ctx.stack.stack: finished step ids in completion order. */
  stack(): string[] {
    return this.finished().map(([id]) => id);
  }

  isFinished(id: string): boolean {
    const entry = this.entries[id];
    return entry !== undefined && isFinished(entry);
  }

  finish(id: string, result: MemoEntry) {
    const seq = Math.max(0, ...this.finished().map(([, e]) => e.seq)) + 1;
    this.entries[id] = "data" in result ? { seq, data: result.data ?? null } : { seq, error: result.error };
  }

  /** Records a sleep the first time the SDK reports it; later discoveries keep the original wake time. */
  sleep(id: string, until: Date) {
    if (!this.entries[id]) this.entries[id] = { sleepUntil: until.toISOString() };
  }

  retry(id: string, attempt: number, at: Date) {
    this.entries[id] = { retryAt: at.toISOString(), attempt };
  }

  pendingRetry(id: string): { attempt: number; at: Date } | undefined {
    const entry = this.entries[id];
    return entry && "retryAt" in entry ? { attempt: entry.attempt, at: new Date(entry.retryAt) } : undefined;
  }

  hasPendingRetries(): boolean {
    return Object.values(this.entries).some((e) => "retryAt" in e);
  }

  /** Ends the sleeps that are due (memoised as `{data: null}`, as the Inngest executor does). */
  endDueSleeps(now: Date): string[] {
    const due = Object.entries(this.entries)
      .flatMap(([id, e]) => ("sleepUntil" in e && new Date(e.sleepUntil) <= now ? [{ id, at: e.sleepUntil }] : []))
      .sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id));
    for (const { id } of due) this.finish(id, { data: null });
    return due.map((d) => d.id);
  }

  dueRetries(now: Date): { id: string; attempt: number }[] {
    return Object.entries(this.entries).flatMap(([id, e]) =>
      "retryAt" in e && new Date(e.retryAt) <= now ? [{ id, attempt: e.attempt }] : [],
    );
  }

  /** The earliest pending sleep end or retry; null when nothing is pending. */
  nextWake(): Date | null {
    const times = Object.values(this.entries).flatMap((e) =>
      "sleepUntil" in e ? [e.sleepUntil] : "retryAt" in e ? [e.retryAt] : [],
    );
    return times.length === 0
      ? null
      : new Date(times.map((t) => new Date(t).getTime()).reduce((a, b) => Math.min(a, b)));
  }
}
