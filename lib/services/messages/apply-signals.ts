import "server-only";
import { messageEventData, serializeChat } from "@/lib/serializers/message";
import { db, type Prisma, type Tx } from "@/lib/db/client";
import type { Message } from "@/lib/generated/prisma/client";
import type {
  InboundMessageWatermark,
  InboundReaction,
  InboundReferral,
  InboundWindowClosed,
} from "@/lib/networks/types";
import { emitEvent } from "@/lib/services/events/emit-event";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { lockedChat, profilesFor, type Scope } from "./apply-message";
import { windowHoursOf } from "./support";

// What networks tell about a chat besides its messages (lib/services/inbound/process.ts hands them over):
// read and delivery watermarks, reactions, referrals. Each is applied by the network's ids and times, so
// a redelivery changes nothing and emits nothing again.

export type AppliedSignal = "signal_applied" | "signal_stale" | "unmatched";

// Each stored copy of the message a push names (one per profile the push reaches), changed under its row
// lock: `change` answers whether it changed anything (false: stale or repeated).
export const changeMessagesByExternalId = async (
  scope: Scope,
  item: { account: string; messageExternalId: string },
  change: (tx: Tx, row: Message) => Promise<boolean>,
): Promise<AppliedSignal> => {
  const profiles = await profilesFor(scope, item.account);
  const messages = await db.message.findMany({
    where: { profileId: { in: profiles.map((p) => p.id) }, externalId: item.messageExternalId },
    select: { id: true },
  });
  if (messages.length === 0) return "unmatched";
  let outcome: AppliedSignal = "signal_stale";
  for (const { id } of messages) {
    const changed = await retryingTransaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM messages WHERE id = ${id} FOR UPDATE`;
      return change(tx, await tx.message.findUniqueOrThrow({ where: { id } }));
    });
    if (changed) outcome = "signal_applied";
  }
  return outcome;
};

type Reaction = { sender_external_id: string; emoji: string | null; reaction: string | null; at: string | null };

// Every one of our messages in the chat sent up to the watermark gets its delivered/read time, once.
export const applyWatermark = async (item: InboundMessageWatermark, scope: Scope): Promise<AppliedSignal> => {
  const profiles = await profilesFor(scope, item.account, item.placement);
  const chats = await db.chat.findMany({
    where: {
      profileId: { in: profiles.map((p) => p.id) },
      placementKey: item.placement ?? "",
      participantExternalId: item.participantExternalId,
    },
    select: { id: true },
  });
  if (chats.length === 0) return "unmatched";
  const field = item.status === "read" ? "externalReadAt" : "externalDeliveredAt";
  let applied = 0;
  for (const chat of chats) {
    const where: Prisma.MessageWhereInput = {
      chatId: chat.id,
      direction: "outbound",
      status: "published",
      externalPostedAt: { lte: item.upTo },
      [field]: null,
    };
    for (const { id } of await db.message.findMany({ where, select: { id: true }, orderBy: { createdAt: "asc" } })) {
      // Stamped only where still unstamped: of two deliveries applied at once, one stamps and announces.
      applied += await db.$transaction(async (tx) => {
        const { count } = await tx.message.updateMany({ where: { id, [field]: null }, data: { [field]: item.upTo } });
        if (count && item.announce) {
          const row = await tx.message.findUniqueOrThrow({ where: { id } });
          const type = item.status === "read" ? "message.read" : "message.delivered";
          await emitEvent({
            tx,
            accountId: row.accountId,
            environment: row.environment,
            profileGroupId: row.profileGroupId,
            type,
            data: messageEventData(row),
          });
        }
        return count;
      });
    }
  }
  return applied ? "signal_applied" : "signal_stale";
};

// A reaction replaces the participant's earlier one on that message (never a later one); `unreact`
// removes it. Both emit reaction.received (with the action), once, where the network announces it
// (bluesky's are only stored): the same reaction again changes nothing.
export const applyReaction = (item: InboundReaction, scope: Scope): Promise<AppliedSignal> =>
  changeMessagesByExternalId(scope, item, async (tx, row) => {
    const id = row.id;
    const current = (row.reactions as Reaction[] | null) ?? [];
    const mine = current.find((r) => r.sender_external_id === item.participantExternalId);
    const others = current.filter((r) => r !== mine);
    // Pushes can arrive or be processed out of order: one older than the participant's stored reaction
    // is stale (an unreact leaves nothing to compare with: a react older than it still applies).
    if (mine?.at && item.at.getTime() < Date.parse(mine.at)) return false;
    if (item.action === "unreact" ? !mine : mine?.emoji === item.emoji && mine?.reaction === item.reaction)
      return false;
    const next: Reaction[] =
      item.action === "unreact"
        ? others
        : [
            ...others,
            {
              sender_external_id: item.participantExternalId,
              emoji: item.emoji,
              reaction: item.reaction,
              at: item.at.toISOString(),
            },
          ];
    const updated = await tx.message.update({ where: { id }, data: { reactions: next } });
    const reaction = {
      sender_external_id: item.participantExternalId,
      action: item.action,
      emoji: item.emoji ?? mine?.emoji ?? null,
      reaction: item.reaction ?? mine?.reaction ?? null,
      at: item.at.toISOString(),
    };
    const data = { ...messageEventData(updated), reaction };
    if (item.announce === false) return true; // stored; the spec emits no reaction.received here
    await emitEvent({
      tx,
      accountId: row.accountId,
      environment: row.environment,
      profileGroupId: row.profileGroupId,
      type: "reaction.received",
      data,
    });
    return true;
  });

// A referral finds or creates the chat, opens the messaging window (last_inbound_at) and is kept as
// metadata.referral with metadata.last_referral_at; referral.received once per referral time.
export const applyReferral = async (item: InboundReferral, scope: Scope): Promise<AppliedSignal> => {
  const profiles = await profilesFor(scope, item.account, item.placement);
  if (profiles.length === 0) return "unmatched";
  let outcome: AppliedSignal = "signal_stale";
  for (const profile of profiles) {
    const changed = await retryingTransaction(async (tx) => {
      const chat = await lockedChat(tx, profile, {
        placement: item.placement,
        participant: item.participant,
        group: false,
        conversationId: null,
      });
      const metadata = (chat.metadata ?? {}) as Record<string, unknown>;
      const last = typeof metadata.last_referral_at === "string" ? new Date(metadata.last_referral_at) : null;
      if (last && last >= item.at) return false;
      const at = item.at;
      await tx.$executeRaw`UPDATE chats SET last_inbound_at = GREATEST(COALESCE(last_inbound_at, ${at}), ${at}), updated_at = now() WHERE id = ${chat.id}`;
      const updated = await tx.chat.update({
        where: { id: chat.id },
        data: {
          metadata: {
            ...metadata,
            referral: item.referral,
            last_referral_at: at.toISOString(),
          } as Prisma.InputJsonObject,
        },
      });
      const data = {
        chat: serializeChat(updated, windowHoursOf(profile)),
        referral: item.referral,
      };
      await emitEvent({
        tx,
        accountId: chat.accountId,
        environment: chat.environment,
        profileGroupId: chat.profileGroupId,
        type: "referral.received",
        data,
      });
      return true;
    });
    if (changed) outcome = "signal_applied";
  }
  return outcome;
};

// The participant's window closed: the chat's last inbound time goes back past the window (only ever
// backwards), so within_messaging_window turns false and free-form sends answer 422.
export const applyWindowClosed = async (item: InboundWindowClosed, scope: Scope): Promise<AppliedSignal> => {
  const profiles = await profilesFor(scope, item.account, item.placement);
  let outcome: AppliedSignal = "unmatched";
  for (const profile of profiles) {
    const hours = windowHoursOf(profile);
    if (hours === null) continue;
    const closed = new Date(item.at.getTime() - hours * 3600_000 - 60_000);
    const { count } = await db.chat.updateMany({
      where: {
        profileId: profile.id,
        placementKey: item.placement ?? "",
        participantExternalId: item.participantExternalId,
        lastInboundAt: { gt: closed },
      },
      data: { lastInboundAt: closed },
    });
    outcome = count ? "signal_applied" : outcome === "unmatched" ? "signal_stale" : outcome;
  }
  return outcome;
};
