import "server-only";
import { db } from "@/lib/db/client";
import { ApiError, notFound, unprocessable } from "@/lib/errors";
import type { Principal } from "@/lib/principal";
import { newId } from "@/lib/ids";
import type { TCreateApiKeyBody } from "@/lib/schemas/api-keys";
import { serializeApiKey } from "@/lib/serializers/api-key";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
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
  if (!group)
    throw new ApiError("unauthorized", "Invalid API key or profile group: profile group not found in this environment");
  const { token, tokenHash, tokenHint } = mintToken({ kind: "scoped", environment: principal.environment });
  // The token exists only in this response: the Idempotency-Key record keeps the whole body (encrypted)
  // with the key, so a retry after a late failure answers with this token, never a second key.
  const key = await retryingTransaction(async (tx) => {
    const created = await tx.apiKey.create({
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
    await recordCommit(tx, { body: serializeApiKey(created, token) });
    return created;
  });
  return { key, token };
};

// Revocation is a timestamp: the authenticator refuses revoked keys on the very next request.
export const revokeScopedKey = ({ principal, id }: { principal: Principal; id: string }) =>
  retryingTransaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { ...scopedKeysOf(principal), id },
      data: { revokedAt: new Date() },
    });
    if (count === 0) throw notFound();
    const result = { deleted: true };
    await recordCommit(tx, { body: result });
    return result;
  });
