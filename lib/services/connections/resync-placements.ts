import "server-only";
import { db, type Profile } from "@/lib/db/client";
import { unprocessable } from "@/lib/errors";
import { networkMeta } from "@/lib/networks/meta";
import { livePlatforms, connectorFor } from "@/lib/networks/registry";
import { log } from "@/lib/log";
import { profileAuthOf } from "./profile-auth";
import { emitPlacementsSynced } from "./profile-event";
import { replacePlacements } from "./save-connection";
import { profileContext } from "./setup-profile";

// Pulls a connected profile's placements from the network again and replaces the stored list (telegram:
// channels appear once the bot is made an administrator). The stored ids go to the connector as
// `knownPlacementIds`, for networks that can only re-check what they found before. A network failure
// (NetworkError: rate limit, revoked access, outage) propagates and leaves the stored list as it was.
export const resyncPlacementsOf = async (profile: Profile) => {
  if (profile.status !== "active") throw unprocessable(["Profile is disconnected; reconnect it first"]);
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  if (connector.placements) {
    const stored = await db.placement.findMany({
      where: { profileId: profile.id },
      select: { externalId: true },
      orderBy: { position: "asc" },
    });
    const placements = await connector.placements(profileContext(profile.id, connector), {
      ...profileAuthOf(profile),
      knownPlacementIds: stored.flatMap((p) => (p.externalId ? [p.externalId] : [])),
    });
    await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM profiles WHERE id = ${profile.id} FOR UPDATE`; // one replacement at a time
      await replacePlacements(tx, profile.id, placements);
      if (networkMeta(profile.platform).capabilities.announcesPlacementSync)
        await emitPlacementsSynced(tx, profile, placements.length);
    });
  }
  return db.placement.findMany({ where: { profileId: profile.id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
};

// Live profiles of networks whose placements can only be discovered by asking again (connector
// `placementsPollMs`), for the poll-placements cron.
export const findProfilesToPollPlacements = () => {
  const platforms = livePlatforms().filter(
    (platform) => connectorFor({ platform, environment: "live" }).placementsPollMs,
  );
  return db.profile.findMany({
    where: { status: "active", environment: "live", platform: { in: platforms } },
    select: { id: true },
    take: 1000,
  });
};

export const pollPlacementsOf = async ({ profileId }: { profileId: string }) => {
  const profile = await db.profile.findUnique({ where: { id: profileId } });
  if (!profile || profile.status !== "active") return { state: "skipped" as const };
  try {
    return { state: "synced" as const, count: (await resyncPlacementsOf(profile)).length };
  } catch (err) {
    log.warn("placement poll failed", {
      profileId,
      platform: profile.platform,
      error: err instanceof Error ? err.message : String(err),
    });
    return { state: "failed" as const };
  }
};
