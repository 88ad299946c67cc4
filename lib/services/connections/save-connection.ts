import "server-only";
import { db, type Prisma } from "@/lib/db/client";
import { encryptSecret } from "@/lib/crypto";
import type { Environment, Platform } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import type { Identity, PlacementInfo, TokenSet } from "@/lib/networks/types";
import { sendEvent } from "@/lib/jobs/send";
import { emitEvent } from "@/lib/services/events/emit-event";
import { emitPlacementsSynced, profileEventData } from "./profile-event";

type Target = { accountId: string; environment: Environment; profileGroupId: string; platform: Platform };

// Stores a completed connection: one profile per platform and group (per account and group where one
// grant brings several accounts), so a reconnect updates the same row (the profile keeps its id). Tokens and credentials are encrypted; placements are replaced by the
// network's current list; profile.connected is recorded in the same transaction.
export const saveConnection = async ({
  target,
  identity,
  tokens,
  credentials,
  placements,
  announcesPlacementSync,
  setsUp = false,
  accountKey = "",
  refreshAt,
}: {
  accountKey?: string; // one profile per platform and group, or per account where the network has several
  announcesPlacementSync: boolean;
  setsUp?: boolean; // the connector has work after connecting (app/profile.setup.requested)
  refreshAt: Date | null;
  target: Target;
  identity: Identity;
  tokens: TokenSet | null;
  credentials: Record<string, string> | null;
  placements: PlacementInfo[];
}) =>
  db.$transaction(async (tx) => {
    const secrets = {
      accessToken: tokens ? encryptSecret(tokens.accessToken) : null,
      refreshToken: tokens?.refreshToken ? encryptSecret(tokens.refreshToken) : null,
      tokenExpiresAt: tokens?.expiresAt ?? null,
      refreshAt,
      scopes: tokens?.scopes ?? [],
      credentials: credentials ? encryptSecret(JSON.stringify(credentials)) : null,
    };
    const fields = {
      name: identity.name,
      externalId: identity.externalId,
      username: identity.username ?? null,
      avatarUrl: identity.avatarUrl ?? null,
      expiresAt: identity.connectionExpiresAt ?? null,
      metadata: (identity.metadata ?? {}) as Prisma.InputJsonObject,
      status: "active" as const,
      connectedAt: new Date(),
      disconnectedAt: null,
      disconnectReason: null,
      ...secrets,
    };
    const key = { profileGroupId: target.profileGroupId, platform: target.platform, accountKey };
    const profile = await tx.profile.upsert({
      where: { profileGroupId_platform_accountKey: key },
      create: { id: newId("profile"), ...target, accountKey, ...fields },
      update: fields,
    });
    await replacePlacements(tx, profile.id, placements);
    await emitEvent({
      tx,
      accountId: target.accountId,
      environment: target.environment,
      profileGroupId: target.profileGroupId,
      type: "profile.connected",
      data: profileEventData(profile),
    });
    if (announcesPlacementSync) await emitPlacementsSynced(tx, profile, placements.length);
    if (setsUp) await sendEvent({ name: "app/profile.setup.requested", data: { profileId: profile.id } }, { tx });
    return profile;
  });

export const replacePlacements = async (
  tx: Prisma.TransactionClient,
  profileId: string,
  placements: PlacementInfo[],
) => {
  await tx.placement.deleteMany({ where: { profileId } });
  if (placements.length === 0) return;
  await tx.placement.createMany({
    data: placements.map((p, position) => ({
      id: newId("placement"),
      profileId,
      externalId: p.externalId,
      name: p.name,
      avatarUrl: p.avatarUrl ?? null,
      metadata: p.metadata as Prisma.InputJsonObject,
      accessToken: p.accessToken ? encryptSecret(p.accessToken) : null,
      position,
    })),
  });
};
