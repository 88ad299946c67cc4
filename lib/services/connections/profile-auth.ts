import "server-only";
import { decryptSecret } from "@/lib/crypto";
import type { ProfileAuth, PublishInput } from "@/lib/networks/types";

type StoredProfile = {
  externalId: string | null;
  accessToken: string | null;
  refreshToken: string | null;
  tokenExpiresAt: Date | null;
  scopes: string[];
  credentials: string | null;
  metadata: unknown;
};

// What a connector needs to act for a stored profile, decrypted only here and only in memory.
export const profileAuthOf = (profile: StoredProfile): ProfileAuth => ({
  externalId: profile.externalId,
  tokens: profile.accessToken
    ? {
        accessToken: decryptSecret(profile.accessToken),
        refreshToken: profile.refreshToken ? decryptSecret(profile.refreshToken) : null,
        expiresAt: profile.tokenExpiresAt,
        scopes: profile.scopes,
      }
    : null,
  credentials: profile.credentials ? (JSON.parse(decryptSecret(profile.credentials)) as Record<string, string>) : null,
  metadata: (profile.metadata ?? {}) as Record<string, unknown>,
});

// A placement as a connector gets it: its own token (a facebook page token) decrypted, in memory only.
export const placementAuthOf = (row: {
  externalId: string | null;
  accessToken: string | null;
  metadata: unknown;
}): NonNullable<PublishInput["placement"]> => ({
  externalId: row.externalId,
  accessToken: row.accessToken ? decryptSecret(row.accessToken) : null,
  metadata: (row.metadata ?? {}) as Record<string, unknown>,
});
