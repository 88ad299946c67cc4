import "server-only";
import { db } from "@/lib/db/client";
import { ApiError, notFound, unprocessable } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import { newId } from "@/lib/ids";
import type { TCreateApiKeyBody } from "@/lib/schemas/api-keys";
import { mintToken } from "./tokens";

// Scoped keys of the caller's environment only: live keys act on live keys, sandbox on sandbox.
// Callers reach these services only as account-wide principals (the route contracts enforce it).
const scopedKeysOf = (principal: Principal) => ({
  accountId: principal.accountId,
  environment: principal.environment,
  kind: "scoped" as const,
  revokedAt: null,
});

export const listScopedKeys = ({ principal }: { principal: Principal }) =>
  db.apiKey.findMany({ where: scopedKeysOf(principal), orderBy: [{ createdAt: "desc" }, { id: "desc" }] });

export const createScopedKey = async ({ principal, input }: { principal: Principal; input: TCreateApiKeyBody }) => {
  if (!input.profile_group_id) throw unprocessable(["Profile group not found"]);
  const group = await db.profileGroup.findFirst({
    where: { id: input.profile_group_id, accountId: principal.accountId, environment: principal.environment },
    select: { id: true, name: true },
  });
  // The spec answers an unresolvable group with 401, like an invalid key.
  if (!group) throw new ApiError("unauthorized", "Invalid API key or profile group: profile group not found in this environment");
  const { token, tokenHash, tokenHint } = mintToken({ kind: "scoped", environment: principal.environment });
  const key = await db.apiKey.create({
    data: {
      id: newId("apiKey"),
      accountId: principal.accountId,
      environment: principal.environment,
      kind: "scoped",
      profileGroupId: group.id,
      name: input.name || `${group.name} key`,
      tokenHash,
      tokenHint,
    },
  });
  return { key, token };
};

// Revocation is a timestamp: the authenticator refuses revoked keys on the very next request.
export const revokeScopedKey = async ({ principal, id }: { principal: Principal; id: string }) => {
  const { count } = await db.apiKey.updateMany({ where: { ...scopedKeysOf(principal), id }, data: { revokedAt: new Date() } });
  if (count === 0) throw notFound();
  return { deleted: true };
};
