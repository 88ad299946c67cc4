import "server-only";
import { db } from "@/lib/db/client";
import { ApiError, unprocessable } from "@/lib/api/errors";
import { idempotencyScope, type Principal } from "@/lib/auth/principal";
import { decryptSecret, encryptSecret, sha256Hex } from "@/lib/crypto";
import { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
// A request still "in progress" after this long died with its process; its key may be reused.
const STALE_IN_PROGRESS_MS = 5 * 60 * 1000;
const MAX_KEY_LENGTH = 255;

export type StoredResponse = { status: number; body: unknown };

type Options = {
  principal: Principal;
  key: string;
  fingerprint: string; // method, path and canonical body of the request
  run: () => Promise<StoredResponse>;
  now?: () => Date;
};

// Idempotency-Key semantics (client-compat 3): the first request runs; a retry after success replays
// the stored status and body; a retry while the first runs is 409; the same key with another request
// is 422; error responses are not stored, so a failed request leaves the key free. Stored bodies are
// encrypted because some carry secrets (a new API key's token).
export const withIdempotency = async ({ principal, key, fingerprint, run, now = () => new Date() }: Options) => {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw unprocessable([`Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`]);
  }
  const where = { accountId: principal.accountId, scope: idempotencyScope(principal), key };
  const requestHash = sha256Hex(fingerprint);
  const replay = await claim({ where, requestHash, now: now() });
  if (replay) return { ...replay, replayed: true };

  let response: StoredResponse;
  try {
    response = await run();
  } catch (err) {
    await release(where);
    throw err;
  }
  if (response.status >= 200 && response.status < 300) {
    await db.idempotencyRecord.update({
      where: { accountId_scope_key: where },
      data: {
        state: "completed",
        responseStatus: response.status,
        responseBody: encryptSecret(JSON.stringify(response.body)),
      },
    });
  } else {
    await release(where);
  }
  return { ...response, replayed: false };
};

type Where = { accountId: string; scope: string; key: string };

// Inserts an in-progress record, or returns the stored response to replay. The existing record is read
// first, so a replay (the common retry) costs one lookup instead of a failed insert.
const claim = async ({ where, requestHash, now }: { where: Where; requestHash: string; now: Date }) => {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await db.idempotencyRecord.findUnique({ where: { accountId_scope_key: where } });
    if (existing) {
      const isExpired = existing.expiresAt <= now;
      const isStale = existing.state === "in_progress" && now.getTime() - existing.createdAt.getTime() > STALE_IN_PROGRESS_MS;
      if (isExpired || isStale) {
        await db.idempotencyRecord.deleteMany({ where: { id: existing.id } });
        continue;
      }
      if (existing.requestHash !== requestHash) {
        throw unprocessable(["Idempotency-Key has already been used with a different request"]);
      }
      if (existing.state === "in_progress") {
        throw new ApiError("conflict", "A request with this Idempotency-Key is already in progress");
      }
      return { status: existing.responseStatus ?? 200, body: JSON.parse(decryptSecret(existing.responseBody ?? "")) as unknown };
    }
    try {
      await db.idempotencyRecord.create({
        data: {
          id: newId("idempotency"),
          ...where,
          requestHash,
          state: "in_progress",
          createdAt: now,
          expiresAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
        },
      });
      return null;
    } catch (err) {
      // another request with this key got in between: read it on the next round
      if (!(err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002")) throw err;
    }
  }
  throw new ApiError("conflict", "A request with this Idempotency-Key is already in progress");
};

const release = (where: Where) => db.idempotencyRecord.deleteMany({ where: { ...where, state: "in_progress" } });

export const purgeExpiredIdempotencyRecords = (now = new Date()) =>
  db.idempotencyRecord.deleteMany({ where: { expiresAt: { lte: now } } });
