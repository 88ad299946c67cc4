import "server-only";
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { log } from "@/lib/log";
import { connectorFor } from "@/lib/networks/registry";
import type { InboundItem } from "@/lib/networks/types";
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
import { applyComment, type Applied, type Scope } from "./apply-comment";

// Processing of one stored delivery (inngest/functions/process-inbound.ts): the network's connector
// reads the payload into items, and each item is applied by the network's own ids, so running this
// twice (a redelivered event, a retried run) changes nothing the first run did not. A payload the
// connector cannot read fails the delivery for good (kept with its error); a database failure throws
// and the function retries.

type Outcome = Applied | AppliedMessage | AppliedSignal | "disconnected" | "account_resynced" | "ignored";

// The user removed the app or revoked its token on the network: the profiles connected with that
// account stop (profile.disconnected, origin automated), as when a token refresh is refused for good.
const applyDeauthorized = async (
  item: Extract<InboundItem, { kind: "deauthorized" }>,
  scope: Scope,
): Promise<Outcome> => {
  const profiles = await db.profile.findMany({
    where: {
      platform: scope.platform,
      environment: "live",
      status: "active",
      externalId: item.account,
      ...(scope.profileId && { id: scope.profileId }),
    },
    select: { id: true },
  });
  for (const profile of profiles) await disconnectProfile({ profileId: profile.id, reason: item.reason });
  return profiles.length ? "disconnected" : "ignored";
};

// One item, by the network's ids (also what pollers hand over: lib/services/messages/poll-messages.ts).
export const applyItem = (item: InboundItem, scope: Scope & { environment?: Environment }): Promise<Outcome> => {
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
  for (const item of items) {
    const outcome = await applyItem(item, scope);
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  if (counts.parent_unknown && !finalAttempt)
    throw new ParentCommentPendingError(`${counts.parent_unknown} comment(s) wait for their parent comment`);
  await db.inboundDelivery.update({
    where: { id: deliveryId },
    data: { status: "processed", result: counts, processedAt: new Date() },
  });
  return { state: "processed" as const, counts };
};
