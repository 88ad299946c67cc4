import "server-only";
import { messageEventData } from "@/lib/serializers/message";
import type { Prisma } from "@/lib/db/client";
import type { InboundMessageDelete, InboundMessageEdit } from "@/lib/networks/types";
import type { TEventType } from "@/lib/schemas/webhooks";
import { emitEvent } from "@/lib/services/events/emit-event";
import type { Scope } from "./apply-message";
import { changeMessagesByExternalId, type AppliedSignal } from "./apply-signals";

// Edits and deletions of stored messages that the network reports (lib/services/inbound/process.ts).
// The message is found by the network's id in the profiles the push is about; the change is kept in
// `platform_data` (`edited_at`, `deleted_at`) so an older or repeated push changes nothing and the event
// (message.edited, message.deleted where the connector says the spec emits it) goes out once.

type Change = { messageExternalId: string; account: string; at: Date; announce: boolean };

const applyChange = async (
  item: Change,
  scope: Scope,
  type: TEventType,
  stamp: "edited_at" | "deleted_at",
  data: (row: { body: string | null }) => Prisma.MessageUpdateInput,
): Promise<AppliedSignal> =>
  changeMessagesByExternalId(scope, item, async (tx, row) => {
    const id = row.id;
    const platformData = (row.platformData ?? {}) as Record<string, unknown>;
    const last = typeof platformData[stamp] === "string" ? new Date(platformData[stamp]) : null;
    if ((last && last >= item.at) || platformData.deleted_at) return false;
    const updated = await tx.message.update({
      where: { id },
      data: {
        ...data(row),
        platformData: { ...platformData, [stamp]: item.at.toISOString() } as Prisma.InputJsonObject,
      },
    });
    if (item.announce)
      await emitEvent({
        tx,
        accountId: row.accountId,
        environment: row.environment,
        profileGroupId: row.profileGroupId,
        type,
        data: messageEventData(updated),
      });
    return true;
  });

export const applyMessageEdit = (item: InboundMessageEdit, scope: Scope) =>
  applyChange(item, scope, "message.edited", "edited_at", () => ({ body: item.body }));

// A deleted message keeps its row (and id) without its content.
export const applyMessageDelete = (item: InboundMessageDelete, scope: Scope) =>
  applyChange(item, scope, "message.deleted", "deleted_at", () => ({ body: null, attachments: [] }));
