import "server-only";
import { db } from "@/lib/db/client";
import { connectorFor } from "@/lib/networks/registry";
import type { InboundItem } from "@/lib/networks/types";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { resyncPlacementsOf } from "@/lib/services/connections/resync-placements";
import { disconnectWhenTokenRefused, profileContext } from "@/lib/services/connections/setup-profile";
import type { Scope } from "@/lib/services/comments/apply-comment";

// The network says something about a connected account changed (a number's quality rating, display
// name or messaging limit; a template's review): each live profile of that account re-reads it from the
// network - its placements (replaced, profile.placements_synced where the network announces it) or the
// state its connector keeps. Re-reading is idempotent, so a redelivery only reads again. A token the
// network no longer accepts disconnects the profile where tokens cannot be refreshed.
export const applyAccountChanged = async (
  item: Extract<InboundItem, { kind: "account_changed" }>,
  scope: Scope,
): Promise<"account_resynced" | "disconnected" | "ignored"> => {
  const profiles = await db.profile.findMany({
    where: {
      platform: scope.platform,
      environment: "live",
      status: "active",
      externalId: item.account,
      ...(scope.profileId && { id: scope.profileId }),
    },
  });
  let outcome: "account_resynced" | "disconnected" | "ignored" = "ignored";
  for (const profile of profiles) {
    const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
    try {
      if (item.resync === "placements") await resyncPlacementsOf(profile);
      else await connector.syncState?.(profileContext(profile.id, connector), profileAuthOf(profile));
      outcome = "account_resynced";
    } catch (err) {
      if (await disconnectWhenTokenRefused(connector, profile.id, err)) outcome = "disconnected";
    }
  }
  return outcome;
};
