import "server-only";
import { db, type Prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { ApiError } from "@/lib/errors";
import { NetworkError } from "@/lib/networks/errors";
import { networkMeta } from "@/lib/networks/meta";
import { connectorFor, livePlatforms } from "@/lib/networks/registry";
import type { StatsReading } from "@/lib/networks/types";
import type { TPlatform } from "@/lib/schemas/common";
import { contextFor } from "@/lib/services/connections/context";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { emitEvent } from "@/lib/services/events/emit-event";
import { emitPlatformPostEvent } from "@/lib/services/posts/post-events";
import { placementOfPlatformPost } from "@/lib/services/posts/publish-input";

// Stat snapshots about every 23 hours (the Limits of the API reference at /docs): per profile, or per placement on
// networks whose stats are per page / organization / channel (`stats.perPlacement` in the network's meta), and per
// published platform post, through each connector's insights calls. profile.stats and
// platform_post.insights are emitted with each snapshot.

export const STATS_INTERVAL_MS = 23 * 60 * 60 * 1000;
const POST_STATS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000; // posts are followed for 30 days
export const statsPerPlacement = (platform: TPlatform): boolean => networkMeta(platform).stats?.perPlacement === true;
const RETRY_MS = 60 * 60 * 1000;
// Networks with stats: their connector reads them (the sandbox simulates them on the same networks).
const STATS_PLATFORMS = livePlatforms().filter(
  (platform) => connectorFor({ platform, environment: "live" }).profileStats,
);

// A collection that got nothing because the network was briefly unavailable (rate limits, 5xx, timeouts)
// is taken again at the next hourly run instead of a day later: its stamp is set back accordingly.
// Rejections, expired connections and unconfigured networks wait for the next regular round.
const isTransient = (err: unknown) =>
  err instanceof NetworkError ? err.kind === "rate_limited" : !(err instanceof ApiError);
const stampAfter = (now: Date, failures: unknown[], succeeded: boolean) =>
  !succeeded && failures.length > 0 && failures.every(isTransient)
    ? new Date(now.getTime() - STATS_INTERVAL_MS + RETRY_MS)
    : now;
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export const findProfilesDueForStats = ({ now = new Date(), limit = 100 } = {}) =>
  db.profile.findMany({
    where: {
      status: "active",
      platform: { in: STATS_PLATFORMS },
      OR: [{ statsAt: null }, { statsAt: { lte: new Date(now.getTime() - STATS_INTERVAL_MS) } }],
    },
    select: { id: true },
    orderBy: { statsAt: { sort: "asc", nulls: "first" } },
    take: limit,
  });

const snapshotData = (reading: StatsReading) => ({
  stats: reading.stats as Prisma.InputJsonObject,
  rawStats: reading.raw as Prisma.InputJsonObject,
});

export const collectProfileStats = async ({ profileId, now = new Date() }: { profileId: string; now?: Date }) => {
  const profile = await db.profile.findUnique({
    where: { id: profileId },
    include: { placements: { orderBy: { position: "asc" } } },
  });
  if (!profile || profile.status !== "active") return { state: "skipped" as const, snapshots: 0 };
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  if (!connector.profileStats) {
    await db.profile.update({ where: { id: profileId }, data: { statsAt: now } });
    return { state: "unsupported" as const, snapshots: 0 };
  }
  // LinkedIn: organizations only (the member profile has no follower statistics API).
  const targets = statsPerPlacement(profile.platform)
    ? profile.placements.filter((p) => p.externalId !== null).map(placementAuthOf)
    : [null];
  let snapshots = 0;
  const failures: unknown[] = [];
  for (const placement of targets) {
    try {
      const reading = await connector.profileStats(contextFor(connector), {
        auth: profileAuthOf(profile),
        placement,
        connectedAt: profile.connectedAt,
      });
      await db.$transaction(async (tx) => {
        const snap = await tx.statSnapshot.create({
          data: {
            id: newId("statSnapshot"),
            accountId: profile.accountId,
            environment: profile.environment,
            profileId,
            placementId: placement?.externalId ?? null,
            ...snapshotData(reading),
            recordedAt: now,
          },
        });
        await emitEvent({
          tx,
          accountId: profile.accountId,
          environment: profile.environment,
          profileGroupId: profile.profileGroupId,
          type: "profile.stats",
          data: {
            profile_id: profileId,
            platform: profile.platform,
            placement_id: snap.placementId,
            stats: reading.stats as Prisma.InputJsonObject,
            recorded_at: now.toISOString(),
          },
        });
      });
      snapshots++;
    } catch (err) {
      failures.push(err);
      log.warn("profile stats failed", {
        profileId,
        platform: profile.platform,
        placementId: placement?.externalId ?? null,
        error: errorText(err),
      });
    }
  }
  await db.profile.update({ where: { id: profileId }, data: { statsAt: stampAfter(now, failures, snapshots > 0) } });
  return { state: snapshots > 0 || failures.length === 0 ? ("collected" as const) : ("failed" as const), snapshots };
};

export const findPostsDueForStats = ({ now = new Date(), limit = 200 } = {}) =>
  db.platformPost.findMany({
    where: {
      status: "published",
      externalId: { not: null },
      publishedAt: { gte: new Date(now.getTime() - POST_STATS_WINDOW_MS) },
      profile: { status: "active" },
      OR: [{ insightsAt: null }, { insightsAt: { lte: new Date(now.getTime() - STATS_INTERVAL_MS) } }],
    },
    select: { id: true },
    orderBy: { insightsAt: { sort: "asc", nulls: "first" } },
    take: limit,
  });

export const collectPostStats = async ({
  platformPostId,
  now = new Date(),
}: {
  platformPostId: string;
  now?: Date;
}) => {
  const pp = await db.platformPost.findUnique({ where: { id: platformPostId }, include: { profile: true } });
  if (!pp || pp.status !== "published" || !pp.externalId) return { state: "skipped" as const };
  const connector = connectorFor({ platform: pp.platform, environment: pp.profile.environment });
  const placement = await placementOfPlatformPost(pp);
  let reading: StatsReading | null = null;
  try {
    reading = connector.postStats
      ? await connector.postStats(contextFor(connector), {
          auth: profileAuthOf(pp.profile),
          placement,
          postExternalId: pp.externalId,
          params: (pp.params ?? {}) as Record<string, unknown>,
          connectedAt: pp.profile.connectedAt,
        })
      : null;
  } catch (err) {
    log.warn("post stats failed", { platformPostId, platform: pp.platform, error: errorText(err) });
    await db.platformPost.update({ where: { id: pp.id }, data: { insightsAt: stampAfter(now, [err], false) } });
    return { state: "failed" as const };
  }
  if (!reading) {
    await db.platformPost.update({ where: { id: pp.id }, data: { insightsAt: now } });
    return { state: "none" as const };
  }
  await db.$transaction(async (tx) => {
    await tx.statSnapshot.create({
      data: {
        id: newId("statSnapshot"),
        accountId: pp.profile.accountId,
        environment: pp.profile.environment,
        profileId: pp.profileId,
        platformPostId: pp.id,
        ...snapshotData(reading),
        recordedAt: now,
      },
    });
    await tx.platformPost.update({
      where: { id: pp.id },
      data: { insights: reading.stats as Prisma.InputJsonObject, insightsAt: now },
    });
    await emitPlatformPostEvent(tx, pp.id, "platform_post.insights", {
      insights: reading.stats as Prisma.InputJsonObject,
    });
  });
  return { state: "collected" as const };
};
