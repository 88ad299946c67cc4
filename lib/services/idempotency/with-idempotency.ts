import "server-only";
import { db } from "@/lib/db/client";
import { ApiError, unprocessable } from "@/lib/errors";
import { idempotencyScope, type Principal } from "@/lib/principal";
import { decryptSecret, encryptSecret, sha256Hex } from "@/lib/crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { readOutcome, runWithClaim, type CommittedOutcome } from "./commit";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
// A request still running after this long died with its process: a claim that committed nothing is
// freed, one that committed answers with its outcome.
const STALE_IN_PROGRESS_MS = 5 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

export type StoredResponse = { status: number; body: unknown };

export type IdempotencyOptions = {
  principal: Principal;
  key: string;
  fingerprint: string; // method, path and canonical body of the request
  run: () => Promise<StoredResponse>;
  // The answer for an outcome whose request failed after its commit (the route renders the resource).
  replay: (outcome: CommittedOutcome) => Promise<StoredResponse>;
  now?: () => Date;
};

// Idempotency-Key semantics (the `idempotent` endpoints of lib/contracts, documented at /docs): the first request runs; a retry after success replays
// the stored status and body; a retry while the first runs is 409; the same key with another request
// is 422. The stored outcome follows the committed writes: the operation records what it wrote in its
// own transaction (`recordCommit`), so once that committed the key never runs the operation again, even
// when the request then failed (the retry renders the committed resource). Only a failure that
// committed nothing leaves the key free. Stored bodies are encrypted (a new API key's token).
export const withIdempotency = async ({
  principal,
  key,
  fingerprint,
  run,
  replay,
  now = () => new Date(),
}: IdempotencyOptions) => {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw unprocessable([`Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`]);
  }
  const where = { accountId: principal.accountId, scope: idempotencyScope(principal), key };
  const claimed = await claim({ where, requestHash: sha256Hex(fingerprint), now: now() });
  if (claimed.kind === "stored") return { ...claimed.response, replayed: true };
  if (claimed.kind === "committed") return { ...(await replay(claimed.outcome)), replayed: true };

  let response: StoredResponse;
  try {
    response = await runWithClaim(claimed.recordId, run);
  } catch (err) {
    await settleFailure(claimed.recordId);
    throw err;
  }
  if (response.status < 200 || response.status >= 300) {
    await settleFailure(claimed.recordId);
    return { ...response, replayed: false };
  }
  try {
    await db.idempotencyRecord.update({
      where: { id: claimed.recordId },
      data: {
        state: "completed",
        responseStatus: response.status,
        responseBody: encryptSecret(JSON.stringify(response.body)),
      },
    });
  } catch (err) {
    // The write is done and answered; a retry renders its recorded outcome instead of the stored body.
    log.error("idempotency: storing the response failed", { error: err instanceof Error ? err.message : String(err) });
  }
  return { ...response, replayed: false };
};

type Where = { accountId: string; scope: string; key: string };
type Claimed =
  | { kind: "claimed"; recordId: string }
  | { kind: "stored"; response: StoredResponse }
  | { kind: "committed"; outcome: CommittedOutcome };

const inProgress = () => new ApiError("conflict", "A request with this Idempotency-Key is already in progress");

// Inserts an in-progress record, or returns what to answer instead. The existing record is read first,
// so a replay (the common retry) costs one lookup instead of a failed insert.
const claim = async ({
  where,
  requestHash,
  now,
}: {
  where: Where;
  requestHash: string;
  now: Date;
}): Promise<Claimed> => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await db.idempotencyRecord.findUnique({ where: { accountId_scope_key: where } });
    if (existing) {
      const isExpired = existing.expiresAt <= now;
      const isRunning = existing.state !== "completed";
      const isStale = isRunning && now.getTime() - existing.createdAt.getTime() > STALE_IN_PROGRESS_MS;
      if (isExpired || (isStale && existing.state === "in_progress")) {
        await db.idempotencyRecord.deleteMany({ where: { id: existing.id, state: existing.state } });
        continue;
      }
      if (existing.requestHash !== requestHash) {
        throw unprocessable(["Idempotency-Key has already been used with a different request"]);
      }
      if (isRunning && !isStale) throw inProgress();
      if (existing.responseBody !== null) {
        return {
          kind: "stored",
          response: {
            status: existing.responseStatus ?? 200,
            body: JSON.parse(decryptSecret(existing.responseBody)) as unknown,
          },
        };
      }
      if (existing.outcome !== null) return { kind: "committed", outcome: readOutcome(existing.outcome) };
      throw inProgress();
    }
    try {
      const record = await db.idempotencyRecord.create({
        data: {
          id: newId("idempotency"),
          ...where,
          requestHash,
          state: "in_progress",
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        },
        select: { id: true },
      });
      return { kind: "claimed", recordId: record.id };
    } catch (err) {
      // another request with this key got in between: read it on the next round
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
    }
  }
  throw inProgress();
};

// A failed request: if its write committed, the record keeps the outcome and stops counting as running
// (retries replay it); if nothing committed, the key is free again.
const settleFailure = async (recordId: string) => {
  await db.idempotencyRecord.updateMany({ where: { id: recordId, state: "committed" }, data: { state: "completed" } });
  await db.idempotencyRecord.deleteMany({ where: { id: recordId, state: "in_progress" } });
};

export const purgeExpiredIdempotencyRecords = (now = new Date()) =>
  db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } });
