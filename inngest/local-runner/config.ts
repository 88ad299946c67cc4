import { Cron } from "croner";
import type { Inngest, InngestFunction } from "inngest";

// Compiles Inngest functions into what the local runner needs, and refuses (loudly, at startup) every
// function option the runner does not implement. Nothing is silently ignored.

export type EventMatcher = { name: string; isPrefix: boolean };
export type CronSpec = { schedule: string; pattern: string; timezone: string };
export type ConcurrencySpec = { limit: number; keyPath: string[] | null };

export type FunctionSpec = {
  fn: InngestFunction.Any;
  /** The id the SDK serves the function under: `<app id>-<function id>` (the `fnId` query parameter). */
  id: string;
  events: EventMatcher[];
  cron: CronSpec | null;
  maxAttempts: number;
  concurrency: ConcurrencySpec | null;
};

export class LocalRunnerConfigError extends Error {
  override name = "LocalRunnerConfigError";
}

// Options the runner implements (or that do not change what a run does).
const SUPPORTED_OPTIONS = new Set([
  "id",
  "name",
  "description",
  "triggers",
  "retries",
  "concurrency",
  "middleware", // function-level SDK middleware runs inside the serve handler, as with a server
  "optimizeParallelism", // execution version 1 or 2: the runner speaks both
  "checkpointing", // the runner never sends ctx.fn_id, so the SDK never checkpoints; same results
  "experimentalCheckpointing",
]);

const UNSUPPORTED_HINTS: Record<string, string> = {
  throttle: "throttling",
  debounce: "debouncing",
  rateLimit: "rate limiting",
  batchEvents: "event batches",
  cancelOn: "cancellation by event",
  priority: "run priority expressions",
  idempotency: "idempotency expressions",
  singleton: "singleton runs",
  timeouts: "start/finish timeouts",
  onFailure: "failure handlers (inngest/function.failed)",
};

const CONCURRENCY_KEY = /^event\.data(\.[A-Za-z_$][\w$]*)+$/;
const CRON_TZ = /^(?:TZ|CRON_TZ)=(\S+)\s+(.+)$/;

export const parseCron = (schedule: string): CronSpec => {
  const match = CRON_TZ.exec(schedule.trim());
  const spec = { schedule, timezone: match?.[1] ?? "UTC", pattern: (match?.[2] ?? schedule).trim() };
  nextCronRun(spec, new Date()); // throws on an invalid pattern or time zone
  return spec;
};

/** The first tick strictly after `after`. */
export const nextCronRun = (spec: CronSpec, after: Date): Date => {
  const next = new Cron(spec.pattern, { timezone: spec.timezone, paused: true }).nextRun(after);
  if (!next) throw new Error(`cron "${spec.schedule}" has no future run`);
  return next;
};

type RawTrigger = { event?: unknown; if?: unknown; cron?: unknown; jitter?: unknown };

export const compileFunctions = (
  fns: readonly InngestFunction.Any[],
  { client }: { client: Inngest.Any },
): FunctionSpec[] => {
  const problems: string[] = [];
  const specs: FunctionSpec[] = [];
  const seen = new Set<string>();
  if (client.mode !== "dev") {
    problems.push(
      `the Inngest client "${client.id}" is in ${client.mode} mode; the local runner calls the serve handler in-process without request signatures, which needs INNGEST_MODE=local`,
    );
  }
  for (const fn of fns) {
    const fail = (what: string) => problems.push(`function "${fn.opts.id}": ${what}`);
    if (fn["client"] !== client) fail(`belongs to another Inngest client than "${client.id}"`);
    const id = fn.id(client.id);
    if (seen.has(id)) fail("is registered twice");
    seen.add(id);

    for (const [option, value] of Object.entries(fn.opts)) {
      if (value === undefined || SUPPORTED_OPTIONS.has(option)) continue;
      const hint = UNSUPPORTED_HINTS[option];
      fail(`option "${option}" is not supported by the local runner${hint ? ` (${hint})` : ""}`);
    }

    const events: EventMatcher[] = [];
    const crons: CronSpec[] = [];
    for (const raw of (fn.opts.triggers ?? []) as RawTrigger[]) {
      if (typeof raw.cron === "string") {
        if (raw.jitter !== undefined) fail(`trigger option "jitter" is not supported by the local runner`);
        try {
          crons.push(parseCron(raw.cron));
        } catch (err) {
          fail(`invalid cron "${raw.cron}": ${err instanceof Error ? err.message : String(err)}`);
        }
        continue;
      }
      const name = typeof raw.event === "string" ? raw.event : (raw.event as { name?: unknown } | undefined)?.name;
      if (typeof name !== "string" || name === "") {
        fail("has a trigger that is neither an event nor a cron");
        continue;
      }
      if (raw.if !== undefined) fail(`trigger "${name}": "if" expressions are not supported by the local runner`);
      if (name.startsWith("inngest/"))
        fail(`trigger "${name}": internal inngest/* events are never emitted by the local runner`);
      if (name.indexOf("*") !== -1 && name.indexOf("*") !== name.length - 1) {
        fail(`trigger "${name}": only a trailing "*" wildcard is supported`);
      }
      events.push({ name: name.endsWith("*") ? name.slice(0, -1) : name, isPrefix: name.endsWith("*") });
    }
    if (crons.length > 1) fail("has more than one cron trigger (the local runner keeps one schedule per function)");
    if (events.length === 0 && crons.length === 0)
      fail("has no event or cron trigger (invoke-only functions are not supported)");

    const retries = fn.opts.retries ?? 3;
    if (!Number.isInteger(retries) || retries < 0 || retries > 20)
      fail(`retries must be 0 to 20 (got ${String(retries)})`);

    specs.push({
      fn,
      id,
      events,
      cron: crons[0] ?? null,
      maxAttempts: retries + 1,
      concurrency: compileConcurrency(fn.opts.concurrency, fail),
    });
  }
  if (problems.length > 0) {
    throw new LocalRunnerConfigError(
      `The local job runner cannot run these functions:\n${problems.map((p) => `  - ${p}`).join("\n")}\n` +
        "Remove the option, or run an Inngest server (INNGEST_MODE=server) which implements it.",
    );
  }
  return specs;
};

const compileConcurrency = (raw: unknown, fail: (what: string) => void): ConcurrencySpec | null => {
  if (raw === undefined) return null;
  let option: unknown = raw;
  if (Array.isArray(raw)) {
    if (raw.length !== 1) {
      fail("several concurrency limits are not supported by the local runner (use one)");
      return null;
    }
    option = raw[0];
  }
  const { limit, key, scope } = (typeof option === "number" ? { limit: option } : option) as {
    limit?: unknown;
    key?: unknown;
    scope?: unknown;
  };
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1) {
    fail(`concurrency limit must be a whole number of at least 1 (got ${String(limit)})`);
    return null;
  }
  if (scope !== undefined && scope !== "fn") fail(`concurrency scope "${String(scope)}" is not supported (only "fn")`);
  if (key === undefined) return { limit, keyPath: null };
  if (typeof key !== "string" || !CONCURRENCY_KEY.test(key)) {
    fail(
      `concurrency key ${JSON.stringify(key)} is not supported: the local runner evaluates event.data.<path> keys only`,
    );
    return null;
  }
  return { limit, keyPath: key.split(".").slice(2) };
};

export const matchesEvent = (spec: FunctionSpec, name: string): boolean =>
  spec.events.some((m) => (m.isPrefix ? name.startsWith(m.name) : name === m.name));

/** The concurrency group of a run: the key's value as a string ("" when absent), or null without a limit. */
export const concurrencyKeyFor = (spec: FunctionSpec, data: Record<string, unknown>): string | null => {
  if (!spec.concurrency) return null;
  if (!spec.concurrency.keyPath) return "";
  let value: unknown = data;
  for (const part of spec.concurrency.keyPath) {
    value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  }
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
};
