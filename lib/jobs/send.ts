import "server-only";
import type { EventType, StandardSchemaV1 } from "inngest";
import { inngest } from "@/inngest/client";
import * as registry from "@/inngest/events";
import { enqueueLocally } from "@/inngest/local-runner/local-send";
import type { Prisma } from "@/lib/db/client";
import { jobsMode } from "@/lib/env";

// The one way the app emits background-job events (route handlers, services, scripts, tests).
//
// Local mode (INNGEST_MODE=local): the runs of every function triggered by the event are written to
// job_runs, then the local runner of this process is woken (a runner in another process polls). Pass
// `tx` to write them in the caller's transaction: the job exists exactly when the domain change commits.
//
// Server mode: `inngest.send()` to the Inngest server. A server cannot join a database transaction, so
// `tx` is ignored there and the event is sent at once: call sendEvent after your transaction commits,
// and keep functions safe to run for a change that was rolled back (they re-read the domain rows, and a
// reconcile job re-dispatches work whose event was lost).
//
// Either way the payload is validated against its eventType schema first, and an explicit `id` makes the
// send idempotent (the same id never starts a function twice).

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
  /** Local mode: enqueue inside this transaction. Server mode: ignored (see above). */
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
    const details = result.issues.map((i) => `${i.path?.map((p) => (typeof p === "object" ? p.key : p)).join(".") || "data"}: ${i.message}`);
    throw new Error(`Invalid "${event.name}" event: ${details.join(", ")}`);
  }
};

export const sendEvent = async (payload: AppEvent | readonly AppEvent[], options: SendEventOptions = {}): Promise<{ ids: string[] }> => {
  const events = (Array.isArray(payload) ? payload : [payload]) as readonly AppEvent[];
  for (const event of events) await validate(event);
  const plain = events.map(({ name, data, id, ts, v }) => ({ name, data, id, ts, v }));
  if (jobsMode() === "server") {
    const { ids } = await inngest.send(plain);
    return { ids };
  }
  return enqueueLocally(plain, { tx: options.tx });
};
