import "server-only";
import type { EventType, StandardSchemaV1 } from "inngest";
import * as registry from "@/inngest/events";
import { normalizeEvent, type EventInput } from "@/inngest/local-runner/enqueue";
import { enqueueLocally } from "@/inngest/local-runner/local-send";
import { relayOutbox } from "@/inngest/outbox-relay";
import { writeOutbox } from "@/lib/jobs/outbox";
import type { Prisma } from "@/lib/db/client";
import { jobsMode } from "@/lib/env";

// The one way the app emits background-job events (route handlers, services, scripts, tests).
//
// Every event goes through the transactional outbox (lib/jobs/outbox.ts): pass `tx` and the event is
// written in the caller's transaction, so a function never runs for a change that was rolled back, nor
// before the rows it reads are committed. Without `tx` it is handed over at once. A dispatcher hands
// committed events to the runner in use:
// - local mode (INNGEST_MODE=local): the durable local runner (inngest/local-runner/outbox.ts);
// - server mode: the Inngest server (inngest/outbox-relay.ts).
// Delivery is at-least-once (functions are idempotent). The payload is validated against its eventType
// schema first, and an explicit `id` makes the send idempotent (the same id never starts a function twice).

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

/** Any event of the registry in inngest/events.ts, typed by its schema. */
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
  if (!schemas.has(event.name)) throw new Error(`Unknown event "${event.name}": add it to inngest/events`);
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

export const sendEvent = async (
  payload: AppEvent | readonly AppEvent[],
  options: SendEventOptions = {},
): Promise<{ ids: string[] }> => {
  const events = (Array.isArray(payload) ? payload : [payload]) as readonly AppEvent[];
  for (const event of events) await validate(event);
  const plain = events.map(({ name, data, id, ts, v }) => ({ name, data, id, ts, v }));
  if (jobsMode() === "server") return sendThroughServerOutbox(plain, options.tx);
  return enqueueLocally(plain, { tx: options.tx });
};

const sendThroughServerOutbox = async (events: readonly EventInput[], tx?: Prisma.TransactionClient) => {
  const now = new Date();
  const payloads = events.map((event) => normalizeEvent(event, now));
  await writeOutbox(
    payloads.map((event) => ({ event, targets: [] })),
    { destination: "server", db: tx },
  );
  if (!tx) await relayOutbox({ ids: payloads.map((p) => p.id) });
  return { ids: payloads.map((p) => p.id) };
};
