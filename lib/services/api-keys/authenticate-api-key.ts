import "server-only";
import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/principal";
import { hashToken } from "./tokens";

const KIND_TO_PRINCIPAL = { account: "account_key", scoped: "scoped_key", oauth: "oauth_token" } as const;

// A bearer token -> principal, or null for unknown or revoked tokens (checked on every request,
// so revocation takes effect on the very next call).
export const authenticateApiKey = async (token: string): Promise<Principal | null> => {
  if (token.length < 16 || token.length > 200) return null;
  const key = await db.apiKey.findUnique({
    where: { tokenHash: hashToken(token) },
    select: { id: true, accountId: true, environment: true, kind: true, profileGroupId: true, revokedAt: true },
  });
  if (!key || key.revokedAt) return null;
  if (key.kind === "scoped" && !key.profileGroupId) return null;
  return {
    kind: KIND_TO_PRINCIPAL[key.kind],
    accountId: key.accountId,
    environment: key.environment,
    profileGroupId: key.kind === "scoped" ? key.profileGroupId : null,
    apiKeyId: key.id,
    userId: null,
  };
};
