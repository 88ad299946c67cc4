import "server-only";
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { log } from "@/lib/log";
import { connectorFor } from "@/lib/networks/registry";
import type { InboundItem } from "@/lib/networks/types";
import { storableValue } from "@/lib/schemas/safe-input";
import { contextFor } from "@/lib/services/connections/context";
import { disconnectProfile } from "@/lib/services/connections/refresh-connections";
import { applyMessageDelete, applyMessageEdit } from "@/lib/services/messages/apply-edits";
import { applyInboundMessage, applyMessageStatus, type AppliedMessage } from "@/lib/services/messages/apply-message";
import {
  applyReaction,
  applyReferral,
  applyWatermark,
  applyWindowClosed,
  type AppliedSignal,
} from "@/lib/services/messages/apply-signals";
import { applyAccountChanged } from "./apply-account";
import { applyComment, type Applied, type Scope } from "@/lib/services/comments/apply-comment";

// Processing of one stored delivery (inngest/functions/process-inbound.ts): the network's connector
// reads the payload into items, and each item is applied by the network's own ids, so running this
// twice (a redelivered event, a retried run) changes nothing the first run did not. A payload the
// connector cannot read fails the delivery for good (kept with its error). Items are applied one by one,
// each on its own: text the database cannot hold is made storable first (applyItem), and an item
// that still fails neither stops the others nor leaves the delivery `received`. The function retries
// while an item fails (the applied ones change nothing the second time); on its last try the delivery
// is settled with the failed items counted in `result.failed` and their errors in `error`.

type Outcome =
  Applied | AppliedMessage | AppliedSignal | "disconnected" | "account_resynced" | "ignored" | "stale" | "failed";

// The user removed the app or revoked its token on the network: the profiles connected with that
// account stop (profile.disconnected, origin automated), as when a token refresh is refused for good.
const applyDeauthorized = async (
  item: Extract<InboundItem, { kind: "deauthorized" }>,
  scope: Scope,
): Promise<Outcome> => {
  const where = {
    platform: scope.platform,
    environment: "live" as const,
    status: "active" as const,
    externalId: item.account,
    ...(scope.profileId && { id: scope.profileId }),
  };
  // Issued before the profile's last connection (a stale or replayed callback): it is about a grant the
  // user has since given again. `at` counts whole seconds, so a connection within that second is older.
  const current = item.at ? { connectedAt: { lt: new Date(item.at.getTime() + 1000) } } : {};
  const profiles = await db.profile.findMany({ where: { ...where, ...current }, select: { id: true } });
  for (const profile of profiles) await disconnectProfile({ profileId: profile.id, reason: item.reason });
  if (profiles.length) return "disconnected";
  return item.at && (await db.profile.count({ where })) ? "stale" : "ignored";
};

// One item, by the network's ids (also what pollers hand over: lib/services/inbound/poll-messages.ts),
// its text made storable first (an escaped \u0000 in a network's JSON is a NUL once parsed).
export const applyItem = (item: InboundItem, scope: Scope & { environment?: Environment }): Promise<Outcome> =>
  applyStorable(storableValue(item), scope);

const applyStorable = (item: InboundItem, scope: Scope & { environment?: Environment }): Promise<Outcome> => {
  switch (item.kind) {
    case "comment":
      return applyComment(item, scope);
    case "deauthorized":
      return applyDeauthorized(item, scope);
    case "account_changed":
      return applyAccountChanged(item, scope);
    case "message":
      return applyInboundMessage(item, scope);
    case "message_status":
      return applyMessageStatus(item, scope);
    case "message_watermark":
      return applyWatermark(item, scope);
    case "message_reaction":
      return applyReaction(item, scope);
    case "chat_referral":
      return applyReferral(item, scope);
    case "message_edit":
      return applyMessageEdit(item, scope);
    case "message_delete":
      return applyMessageDelete(item, scope);
    case "window_closed":
      return applyWindowClosed(item, scope);
    case "ignored":
      return Promise.resolve("ignored");
  }
};

// Thrown (so the function retries) while comments of the delivery wait for their parent comment.
export class ParentCommentPendingError extends Error {}
// Thrown (so the function retries) while items of the delivery fail; the others are applied already.
export class InboundItemsFailedError extends Error {}

// `finalAttempt`: the function's last try; comments still waiting for their parent then stay unmatched.
export const processDelivery = async ({
  deliveryId,
  finalAttempt = true,
}: {
  deliveryId: string;
  finalAttempt?: boolean;
}) => {
  const delivery = await db.inboundDelivery.findUnique({ where: { id: deliveryId } });
  if (!delivery || delivery.status !== "received") return { state: "skipped" as const };
  const connector = connectorFor({ platform: delivery.platform, environment: "live" });
  let items: InboundItem[];
  try {
    if (!connector.inbound) throw new Error(`${connector.displayName} has no inbound capability`);
    items = connector.inbound.parse(contextFor(connector), {
      body: delivery.payload,
      contentType: delivery.contentType,
    });
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log.warn("inbound delivery unreadable", { deliveryId, platform: delivery.platform, error });
    await db.inboundDelivery.update({
      where: { id: deliveryId },
      data: { status: "failed", error: error.slice(0, 1000), processedAt: new Date() },
    });
    return { state: "failed" as const };
  }
  const scope: Scope = { platform: delivery.platform, profileId: delivery.profileId };
  const counts: Partial<Record<Outcome, number>> = {};
  const failures: string[] = [];
  for (const [index, item] of items.entries()) {
    let outcome: Outcome;
    try {
      outcome = await applyItem(item, scope);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      log.warn("inbound item failed", { deliveryId, platform: delivery.platform, index, kind: item.kind, error });
      failures.push(`item ${index + 1} (${item.kind}): ${error}`);
      outcome = "failed";
    }
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  if (!finalAttempt && failures.length) throw new InboundItemsFailedError(failures.join("; "));
  if (counts.parent_unknown && !finalAttempt)
    throw new ParentCommentPendingError(`${counts.parent_unknown} comment(s) wait for their parent comment`);
  const failed = items.length > 0 && failures.length === items.length;
  await db.inboundDelivery.update({
    where: { id: deliveryId },
    data: {
      status: failed ? "failed" : "processed",
      result: counts,
      error: failures.length ? failures.join("; ").slice(0, 1000) : null,
      processedAt: new Date(),
    },
  });
  return { state: failed ? ("failed" as const) : ("processed" as const), counts };
};
