import "server-only";
import type { Prisma } from "@/lib/db/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { emitEvent } from "@/lib/services/events/emit-event";

type EventProfile = {
  id: string;
  accountId: string;
  environment: Environment;
  profileGroupId: string;
  name: string;
  platform: string;
  status: string;
  externalId: string | null;
  username: string | null;
};

// profile.connected / profile.disconnected payload (lib/schemas/webhooks.ts).
export const profileEventData = (p: Omit<EventProfile, "accountId" | "environment" | "profileGroupId">) => ({
  id: p.id,
  name: p.name,
  platform: p.platform,
  status: p.status,
  uid: p.externalId,
  username: p.username,
});

// `origin`: "user" when removed through the API or admin, "automated" when the network ended it.
export const emitProfileDisconnected = (
  tx: Prisma.TransactionClient,
  profile: EventProfile,
  origin: "user" | "automated",
) =>
  emitEvent({
    tx,
    accountId: profile.accountId,
    environment: profile.environment,
    profileGroupId: profile.profileGroupId,
    type: "profile.disconnected",
    data: { ...profileEventData({ ...profile, status: "disconnected" }), origin },
  });

export const emitPlacementsSynced = (
  tx: Prisma.TransactionClient,
  profile: Omit<EventProfile, "name" | "status" | "externalId" | "username">,
  count: number,
) =>
  emitEvent({
    tx,
    accountId: profile.accountId,
    environment: profile.environment,
    profileGroupId: profile.profileGroupId,
    type: "profile.placements_synced",
    data: { id: profile.id, platform: profile.platform, placements_count: count },
  });
