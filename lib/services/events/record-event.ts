import "server-only";
import { db, type Prisma, type Tx } from "@/lib/db/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import type { TEventType } from "@/lib/schemas/webhooks";

export type RecordEventInput = {
  accountId: string;
  environment: Environment;
  profileGroupId?: string | null;
  type: TEventType;
  data: Prisma.InputJsonObject;
};

// Records a spec event in the event log. Call it inside the transaction of the change it reports, so
// the event exists exactly when the change does; then hand the returned id to `dispatchEvent`.
export const recordEvent = async ({ tx = db, ...input }: RecordEventInput & { tx?: Tx }) =>
  tx.event.create({
    data: {
      id: newId("event"),
      accountId: input.accountId,
      environment: input.environment,
      profileGroupId: input.profileGroupId ?? null,
      type: input.type,
      data: input.data,
    },
    select: { id: true, type: true, createdAt: true },
  });

// The envelope delivered to webhooks: {id, type, created_at, data}.
export const eventEnvelope = (e: { id: string; type: string; createdAt: Date; data: unknown }) => ({
  id: e.id,
  type: e.type,
  created_at: e.createdAt.toISOString(),
  data: e.data,
});
