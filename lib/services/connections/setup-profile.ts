import "server-only";
import { db, type Prisma } from "@/lib/db/client";
import { NetworkError } from "@/lib/networks/errors";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, ConnectorContext } from "@/lib/networks/types";
import { disconnectProfile } from "./refresh-connections";
import { connectorStore } from "./connector-store";
import { contextFor } from "./context";
import { profileAuthOf } from "./profile-auth";

// The connector acting for one stored profile, with the profile's connector store.
export const profileContext = (profileId: string, connector: Parameters<typeof contextFor>[0]) =>
  ({ ...contextFor(connector), store: connectorStore(profileId) }) as ConnectorContext<Record<string, unknown>>;

// A call for the profile the network refused because its token stopped working, on a network whose
// tokens cannot be refreshed: the profile is disconnected (profile.disconnected, automated) and true is
// answered; anything else is rethrown.
export const disconnectWhenTokenRefused = async (connector: AnyConnector, profileId: string, err: unknown) => {
  if (!(err instanceof NetworkError) || err.kind !== "auth_expired") throw err;
  if (!connector.disconnectsWhenTokenRefused || connector.refresh) throw err;
  await disconnectProfile({ profileId, reason: err.message });
  return true;
};

// The connector's work after a connection (connector `setup`, run by inngest/functions/setup-profile.ts).
// The placements it answers update the metadata of the stored ones (same network ids); the list itself
// stays as the connection pulled it. A disconnected or missing profile is skipped.
export const setupProfile = async ({ profileId }: { profileId: string }) => {
  const profile = await db.profile.findUnique({ where: { id: profileId } });
  if (!profile || profile.status !== "active") return { state: "skipped" as const };
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  if (!connector.setup) return { state: "skipped" as const };
  let placements;
  try {
    ({ placements } = await connector.setup(profileContext(profile.id, connector), profileAuthOf(profile)));
  } catch (err) {
    await disconnectWhenTokenRefused(connector, profile.id, err);
    return { state: "disconnected" as const };
  }
  for (const p of placements) {
    if (!p.externalId) continue;
    await db.placement.updateMany({
      where: { profileId: profile.id, externalId: p.externalId },
      data: { metadata: p.metadata as Prisma.InputJsonObject },
    });
  }
  return { state: "done" as const, placements: placements.length };
};
