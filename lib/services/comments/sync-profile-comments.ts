import "server-only";
import { COMMENT_INCLUDE } from "@/lib/serializers/comment";
import { profileCommentEventData } from "@/lib/serializers/profile-comment";
import { db, type Prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { sendEvent } from "@/lib/jobs/send";
import { log } from "@/lib/log";
import { NetworkError } from "@/lib/networks/errors";
import { CAPABILITIES } from "@/lib/networks/platforms";
import { connectorFor, livePlatforms } from "@/lib/networks/registry";
import type { InboundComment } from "@/lib/networks/types";
import { contextFor } from "@/lib/services/connections/context";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { emitEvent } from "@/lib/services/events/emit-event";
import { fieldsOf } from "./apply-comment";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { backoffOf, isBackingOff } from "./comment-sync-state";
import { markReplied } from "./replied";

// Profile-level comments (google_business reviews per location, facebook recommendations per page),
// read from the network twice a day (inngest/functions/poll-comments.ts) and on demand (a read of
// GET /api/profiles/:id/comments whose last sync is older than ON_DEMAND_AFTER_MS). Each is one Comment
// row without a post, keyed on (profile, placement, the network's id): profile_comment.created is
// emitted once, in the transaction that inserted it. The owner's answers found on the network are
// stored as its replies (no event: they are ours).

export const PROFILE_SYNC_INTERVAL_MS = 12 * 3600_000;
export const ON_DEMAND_AFTER_MS = 15 * 60_000;

type ProfileRow = {
  id: string;
  accountId: string;
  environment: "live" | "sandbox";
  profileGroupId: string;
  platform: Prisma.CommentCreateManyInput["platform"];
};
type Applied = "created" | "updated" | "stale";

const applyProfileComment = (
  profile: ProfileRow,
  placementId: string,
  comment: InboundComment,
  parent: string | null,
  now: Date,
  emit: boolean,
): Promise<Applied> =>
  retryingTransaction(async (tx) => {
    const id = newId("comment");
    const { count } = await tx.comment.createMany({
      data: {
        id,
        accountId: profile.accountId,
        environment: profile.environment,
        profileGroupId: profile.profileGroupId,
        profileId: profile.id,
        platform: profile.platform,
        placementId,
        externalId: comment.externalId,
        parentExternalId: parent,
        rootExternalId: parent,
        status: "synced",
        networkChangedAt: now,
        ...fieldsOf(comment),
      },
      skipDuplicates: true,
    });
    // Every reply listed with a review or recommendation is the owner's answer.
    if (parent) await markReplied(tx, { profileId: profile.id, placementId, parentExternalId: parent });
    if (count === 0) {
      const key = { profileId: profile.id, placementId, externalId: comment.externalId };
      const { count: updated } = await tx.comment.updateMany({
        where: { ...key, OR: [{ networkChangedAt: null }, { networkChangedAt: { lt: now } }] },
        data: { ...fieldsOf(comment), networkChangedAt: now },
      });
      return updated ? "updated" : "stale";
    }
    if (emit) {
      const row = await tx.comment.findUniqueOrThrow({ where: { id }, include: COMMENT_INCLUDE });
      await emitEvent({
        tx,
        accountId: row.accountId,
        environment: row.environment,
        profileGroupId: row.profileGroupId,
        type: "profile_comment.created",
        data: profileCommentEventData(row),
      });
    }
    return "created";
  });

const profilePlatforms = (environment: "live" | "sandbox") =>
  livePlatforms().filter(
    (p) =>
      CAPABILITIES[p].profileComments && connectorFor({ platform: p, environment }).commentSync?.listProfileComments,
  );

// Profiles due for a sync (sandbox ones too: their simulated network answers the same sync).
export const findProfilesDueForProfileComments = async ({ now = new Date(), limit = 100 } = {}) => {
  const rows = await db.profile.findMany({
    where: {
      AND: [
        {
          OR: (["live", "sandbox"] as const).map((environment) => ({
            environment,
            platform: { in: profilePlatforms(environment) },
          })),
        },
      ],
      status: "active",
      OR: [
        { commentSync: null },
        {
          commentSync: {
            AND: [
              { OR: [{ backoffUntil: null }, { backoffUntil: { lte: now } }] },
              {
                OR: [
                  { profileCommentsSyncedAt: null },
                  { profileCommentsSyncedAt: { lte: new Date(now.getTime() - PROFILE_SYNC_INTERVAL_MS) } },
                ],
              },
            ],
          },
        },
      ],
    },
    select: { id: true },
    take: limit,
  });
  return rows.map((r) => r.id);
};

// Reviews or recommendations of every placement of the profile, with their replies.
export const syncProfileComments = async ({ profileId, now = new Date() }: { profileId: string; now?: Date }) => {
  const profile = await db.profile.findUnique({
    where: { id: profileId },
    include: { placements: { orderBy: { position: "asc" } }, commentSync: true },
  });
  if (!profile || profile.status !== "active") return { state: "skipped" as const };
  if (isBackingOff(profile.commentSync, now)) return { state: "backing_off" as const };
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  const list = connector.commentSync?.listProfileComments;
  if (!CAPABILITIES[profile.platform].profileComments || !list) return { state: "unsupported" as const };
  const counts: Partial<Record<Applied, number>> = {};
  const count = (a: Applied) => (counts[a] = (counts[a] ?? 0) + 1);
  const failures: string[] = [];
  for (const placement of profile.placements.filter((p) => p.externalId !== null)) {
    try {
      const comments = await list(contextFor(connector), {
        auth: profileAuthOf(profile),
        placement: placementAuthOf(placement),
      });
      for (const { replies, ...comment } of comments) {
        count(await applyProfileComment(profile, placement.externalId!, comment, null, now, true));
        for (const reply of replies)
          count(await applyProfileComment(profile, placement.externalId!, reply, comment.externalId, now, false));
      }
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log.warn("profile comment poll failed", { profileId, placementId: placement.externalId, error: message });
      if (err instanceof NetworkError && err.kind === "rate_limited") {
        await backoffOf(profileId, now, err.retryAfterMs);
        return { state: "rate_limited" as const, counts };
      }
      failures.push(message);
    }
  }
  await db.commentSync.upsert({
    where: { profileId },
    create: { profileId, profileCommentsSyncedAt: now },
    update: { profileCommentsSyncedAt: now },
  });
  return { state: failures.length ? ("failed" as const) : ("synced" as const), counts, failures };
};

// On demand: a sync is requested when the last one (or the last request) is older than
// ON_DEMAND_AFTER_MS; the request and its event commit together, so concurrent readers ask once.
export const requestProfileCommentSync = async ({ profileId, now = new Date() }: { profileId: string; now?: Date }) => {
  const before = new Date(now.getTime() - ON_DEMAND_AFTER_MS);
  return db.$transaction(async (tx) => {
    await tx.commentSync.createMany({ data: { profileId }, skipDuplicates: true });
    const { count } = await tx.commentSync.updateMany({
      where: {
        profileId,
        OR: [{ profileCommentsSyncedAt: null }, { profileCommentsSyncedAt: { lte: before } }],
        AND: [{ OR: [{ profileSyncRequestedAt: null }, { profileSyncRequestedAt: { lte: before } }] }],
      },
      data: { profileSyncRequestedAt: now },
    });
    if (count) await sendEvent({ name: "app/profile-comments.sync-requested", data: { profileId } }, { tx });
    return count > 0;
  });
};
