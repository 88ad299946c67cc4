import "server-only";
import { db, type Prisma } from "@/lib/db/client";
import { sendEvent } from "@/lib/jobs/send";
import { checkEventPayload, type TEventPayload } from "@/lib/schemas/events";
import type { TEventType } from "@/lib/schemas/webhooks";
import { recordEvent, type RecordEventInput } from "./record-event";

/** An event to emit: `data` is typed by the schema of its `type`. */
export type EmitEventInput<T extends TEventType> = Omit<RecordEventInput, "type" | "data"> & {
  type: T;
  data: TEventPayload<T>;
  tx?: Prisma.TransactionClient;
};

// Records a spec event and schedules its webhook fan-out. The payload must match the event's schema
// (lib/schemas/events.ts, the one the OpenAPI document shows): a mismatch is a bug and throws, so the
// change it reports does not commit with a payload other than documented. Pass the transaction of the change the event
// reports: the event (and, on the local runner, its fan-out job) then commits exactly with that change.
export const emitEvent = async <T extends TEventType>({ tx, ...input }: EmitEventInput<T>) => {
  checkEventPayload(input.type, input.data);
  const emit = async (client: Prisma.TransactionClient) => {
    const event = await recordEvent({ ...input, data: input.data as Prisma.InputJsonObject, tx: client });
    await sendEvent({ name: "app/event.recorded", id: event.id, data: { eventId: event.id } }, { tx: client });
    return event;
  };
  return tx ? emit(tx) : db.$transaction(emit);
};
