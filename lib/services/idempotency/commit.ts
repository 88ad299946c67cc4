import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { ApiError } from "@/lib/errors";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import type { Prisma } from "@/lib/db/client";

// What an idempotent request's committed write produced, stored with the write in the same transaction:
// a resource the API can render again (its current view), or the exact body (deletions, and responses
// that cannot be rebuilt, such as a new API key's token).
export type ReplayableResource =
  "post" | "post_queue" | "webhook" | "profile_group" | "chat" | "message" | "comment" | "profile_comment";
export type CommittedOutcome = { resource: ReplayableResource; id: string } | { body: unknown };

type Claim = { recordId: string; isOpen: boolean };
const claims = new AsyncLocalStorage<Claim>();

// Runs an idempotent request's operation with its claimed record in scope, so `recordCommit` in the
// operation's transaction can reach it. The scope closes when the operation ends: work the request
// started in the background never writes to the record afterwards.
export const runWithClaim = async <T>(recordId: string, operation: () => Promise<T>): Promise<T> => {
  const claim: Claim = { recordId, isOpen: true };
  try {
    return await claims.run(claim, operation);
  } finally {
    claim.isOpen = false;
  }
};

/**
 * Call inside the transaction of a write that an Idempotency-Key may cover, with what it produced. The
 * key's record becomes `committed` in that same transaction: if the write commits, the key answers with
 * this outcome from then on (409 while the request runs), whatever fails later; if it rolls back, so does
 * this. Outside an idempotent request it does nothing. A claim that was given up meanwhile (its request
 * counted as dead and the key taken over) makes the write fail rather than commit unrecorded.
 */
export const recordCommit = async (tx: Prisma.TransactionClient, outcome: CommittedOutcome): Promise<void> => {
  const claim = claims.getStore();
  if (!claim?.isOpen) return;
  const { count } = await tx.idempotencyRecord.updateMany({
    where: { id: claim.recordId, state: { in: ["in_progress", "committed"] } },
    data: { state: "committed", outcome: encryptSecret(JSON.stringify(outcome)) },
  });
  if (count === 0)
    throw new ApiError("conflict", "This request's Idempotency-Key was taken over by another request; retry");
};

export const readOutcome = (stored: string): CommittedOutcome => JSON.parse(decryptSecret(stored)) as CommittedOutcome;
