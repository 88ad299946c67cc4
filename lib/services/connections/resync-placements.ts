import "server-only";
import { db } from "@/lib/db/client";
import { unprocessable } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import { connectorFor } from "@/lib/networks/registry";
import { emitEvent } from "@/lib/services/events/emit-event";
import { getProfileOrThrow } from "@/lib/services/profiles/profiles";
import { contextFor } from "./context";
import { profileAuthOf } from "./profile-auth";
import { replacePlacements } from "./save-connection";

// Pulls a connected profile's placements from the network again and replaces the stored list (telegram:
// channels appear once the bot is made an administrator). The stored ids go to the connector as
// `knownPlacementIds`, for networks that can only re-check what they found before. A network failure
// (NetworkError: rate limit, revoked access, outage) propagates and leaves the stored list as it was.
export const resyncPlacements = async ({ principal, profileId }: { principal: Principal; profileId: string }) => {
  const profile = await getProfileOrThrow({ principal, id: profileId });
  if (profile.status !== "active") throw unprocessable(["Profile is disconnected; reconnect it first"]);
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  if (connector.placements) {
    const stored = await db.placement.findMany({ where: { profileId: profile.id }, select: { externalId: true }, orderBy: { position: "asc" } });
    const placements = await connector.placements(contextFor(connector), {
      ...profileAuthOf(profile),
      knownPlacementIds: stored.flatMap((p) => (p.externalId ? [p.externalId] : [])),
    });
    await db.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM profiles WHERE id = ${profile.id} FOR UPDATE`; // one replacement at a time
      await replacePlacements(tx, profile.id, placements);
      if (connector.capabilities.announcesPlacementSync) {
        await emitEvent({
          tx,
          accountId: profile.accountId,
          environment: profile.environment,
          profileGroupId: profile.profileGroupId,
          type: "profile.placements_synced",
          data: { id: profile.id, platform: profile.platform, placements_count: placements.length },
        });
      }
    });
  }
  return db.placement.findMany({ where: { profileId: profile.id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
};
