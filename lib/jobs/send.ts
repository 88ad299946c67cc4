import "server-only";
import { createHash } from "node:crypto";
import type { EventType, StandardSchemaV1 } from "inngest";
import type { Prisma } from "@/lib/db/client";
import { jobsMode } from "@/lib/env";
import { dispatchNow, localRunnersHere } from "./dispatchers";
import * as registry from "./events";
import { normalizeEvent, writeOutbox, type EventInput, type OutboxDb } from "./outbox";

// The one way the app emits background-job events (route handlers, services, scripts, tests).
//
// Every event goes through the transactional outbox (lib/jobs/outbox.ts): pass `tx` and the event is
// written in the caller's transaction, so a function never runs for a change that was rolled back, nor
// before the rows it reads are committed. Without `tx` it is handed over at once. A dispatcher hands
// committed events to the runner in use, and resolves the functions they start:
// - local mode (INNGEST_MODE=local): the durable local runner (inngest/local-runner/outbox.ts);
// - server mode: the Inngest server (inngest/outbox-relay.ts).
// This module imports neither: they subscribe to lib/jobs/dispatchers.ts. Delivery is at-least-once
// (functions are idempotent). The payload is validated against its eventType schema first, and an
// explicit `id` makes the send idempotent (the same id never starts a function twice).

// `any`: whatever schema each eventType was declared with.
type RegisteredEvent = Extract<(typeof registry)[keyof typeof registry], EventType<string, any>>;

type PayloadOf<E> =
  E extends EventType<infer TName, infer TSchema>
    ? {
        name: TName;
        data: TSchema extends StandardSchemaV1 ? StandardSchemaV1.InferInput<TSchema> : Record<string, unknown>;
        /** Idempotency key: a second send with the same id starts nothing. */
        id?: string;
        /** Event time in epoch milliseconds; default now. */
        ts?: number;
        v?: string;
      }
    : never;

/** Any event of the registry in lib/jobs/events.ts, typed by its schema. */
export type AppEvent = PayloadOf<RegisteredEvent>;

export type SendEventOptions = {
  /** Write the event in this transaction: it is dispatched only once the transaction commits. */
  tx?: Prisma.TransactionClient;
};

const schemas = new Map<string, StandardSchemaV1 | undefined>(
  (Object.values(registry) as unknown[])
    .filter((v): v is RegisteredEvent => v !== null && typeof v === "object" && "name" in v && "schema" in v)
    .map((v) => [v.name, v.schema]),
);

const validate = async (event: AppEvent) => {
  if (!schemas.has(event.name)) throw new Error(`Unknown event "${event.name}": add it to lib/jobs/events`);
  const schema = schemas.get(event.name);
  if (!schema) return;
  const result = await schema["~standard"].validate(event.data);
  if (result.issues) {
    const details = result.issues.map(
      (i) => `${i.path?.map((p) => (typeof p === "object" ? p.key : p)).join(".") || "data"}: ${i.message}`,
    );
    throw new Error(`Invalid "${event.name}" event: ${details.join(", ")}`);
  }
};

type EventName = AppEvent["name"];

/** The event named `TName`, its `data` typed by that event's schema. */
export type EventOf<TName extends EventName> = Extract<AppEvent, { name: TName }>;

/** Sends one event, its payload typed by its name, or several (each checked against its own name). */
export async function sendEvent<TName extends EventName>(
  payload: EventOf<TName> & { name: TName },
  options?: SendEventOptions,
): Promise<{ ids: string[] }>;
export async function sendEvent(payload: readonly AppEvent[], options?: SendEventOptions): Promise<{ ids: string[] }>;
export async function sendEvent(payload: AppEvent | readonly AppEvent[], options: SendEventOptions = {}) {
  const events = (Array.isArray(payload) ? payload : [payload]) as readonly AppEvent[];
  for (const event of events) await validate(event);
  const { ids } = await writeEvents(
    events.map(({ name, data, id, ts, v }) => ({ name, data, id, ts, v })),
    { tx: options.tx },
  );
  if (!options.tx) await dispatchNow(jobsMode() === "server" ? "server" : "local", ids);
  return { ids };
}

/**
 * Writes events to the outbox of the runner in use, without validating them (sendEvent validates; the
 * local runner's inngest.send() ends here too). Local mode: each event carries the functions it starts on
 * the runners of this process, if any run here (lib/jobs/dispatchers.ts), and an event none of them
 * handles is not written; `seed` derives the ids of events sent without one. Returns the events' ids.
 */
export const writeEvents = async (
  events: readonly EventInput[],
  { tx, seed }: { tx?: OutboxDb; seed?: string } = {},
): Promise<{ ids: string[] }> => {
  if (jobsMode() === "server") {
    const now = new Date();
    const payloads = events.map((event) => normalizeEvent(event, now));
    await writeOutbox(
      payloads.map((event) => ({ event, targets: [] })),
      { destination: "server", db: tx },
    );
    return { ids: payloads.map((p) => p.id) };
  }
  const { targetsFor, now: clock } = localRunnersHere();
  const now = clock();
  const normalized = events.map((event, i) =>
    normalizeEvent(
      !event.id && seed
        ? { ...event, id: createHash("sha256").update(`${seed}|${i}`).digest("hex").slice(0, 32) }
        : event,
      now,
    ),
  );
  const entries = targetsFor
    ? normalized
        .map((event) => ({ event, targets: targetsFor(event.name) }))
        .filter((entry) => entry.targets.length > 0)
    : normalized.map((event) => ({ event, targets: [] }));
  await writeOutbox(entries, { destination: "local", db: tx });
  return { ids: normalized.map((e) => e.id) };
};
