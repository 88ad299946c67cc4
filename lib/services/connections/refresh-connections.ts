import "server-only";
import { db } from "@/lib/db/client";
import { encryptSecret } from "@/lib/crypto";
import { log } from "@/lib/log";
import { NetworkError, isClientCredentialsError } from "@/lib/networks/errors";
import { connectorFor } from "@/lib/networks/registry";
import { contextFor } from "./context";
import { profileAuthOf } from "./profile-auth";
import { refreshAtFor } from "./refresh-schedule";
import { emitProfileDisconnected } from "./profile-event";

// Active profiles whose refresh time (expiry minus the connector's lead) has come.
export const findProfilesDueForRefresh = ({ now = new Date(), limit = 100 } = {}) =>
  db.profile.findMany({
    where: { status: "active", refreshAt: { lte: now } },
    select: { id: true },
    orderBy: { refreshAt: "asc" },
    take: limit,
  });

// Refreshes one profile's token before it expires. A refresh grant the network refuses (auth_expired,
// or rejected: revoked, expired or rotated grant) disconnects the profile (profile.disconnected) - except
// when the refusal is about our own app's client credentials: a server misconfiguration must not
// disconnect every profile. Rate limits and unknown outcomes leave it for the next round.
export const isPermanentRefreshFailure = (err: unknown): err is NetworkError =>
  err instanceof NetworkError &&
  (err.kind === "auth_expired" || (err.kind === "rejected" && !isClientCredentialsError(err)));

export const refreshProfileConnection = async ({ profileId }: { profileId: string }) => {
  const profile = await db.profile.findUnique({ where: { id: profileId } });
  if (!profile || profile.status !== "active") return { state: "skipped" as const };
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  if (!connector.refresh) return { state: "skipped" as const };
  try {
    const tokens = await connector.refresh(contextFor(connector), profileAuthOf(profile));
    await db.profile.update({
      where: { id: profile.id },
      data: {
        accessToken: encryptSecret(tokens.accessToken),
        ...(tokens.refreshToken && { refreshToken: encryptSecret(tokens.refreshToken) }),
        tokenExpiresAt: tokens.expiresAt ?? null,
        refreshAt: refreshAtFor(connector, tokens.expiresAt),
        ...(tokens.scopes && { scopes: tokens.scopes }),
      },
    });
    return { state: "refreshed" as const };
  } catch (err) {
    const isPermanent = isPermanentRefreshFailure(err);
    log.warn("token refresh failed", {
      profileId,
      platform: profile.platform,
      permanent: isPermanent,
      error: err instanceof Error ? err.message : String(err),
    });
    if (!isPermanent) return { state: "retry_later" as const };
    await disconnectProfile({ profileId: profile.id, reason: err.message });
    return { state: "disconnected" as const };
  }
};

export const disconnectProfile = ({ profileId, reason }: { profileId: string; reason: string }) =>
  db.$transaction(async (tx) => {
    const { count } = await tx.profile.updateMany({
      where: { id: profileId, status: "active" },
      data: {
        status: "disconnected",
        disconnectedAt: new Date(),
        disconnectReason: reason.slice(0, 500),
        accessToken: null,
        refreshToken: null,
      },
    });
    if (count === 0) return;
    await emitProfileDisconnected(tx, await tx.profile.findUniqueOrThrow({ where: { id: profileId } }), "automated");
  });
