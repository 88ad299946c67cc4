import "server-only";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db/client";

// Staff sign-in throttling, in PostgreSQL so every app process counts the same attempts.
//
// Two buckets per attempt: the email from this client address (5 attempts, then locked 30 s, doubling
// with each further failure up to 1 h), and the email from anywhere (20 attempts, then the same doubling
// up to 15 min; it bounds an attacker who rotates addresses or forges X-Forwarded-For). An attempt is
// counted *before* the password is checked, under a row lock, so a burst of parallel attempts cannot all
// slip past the limit; a correct password then clears both buckets. A locked bucket answers exactly like a
// wrong password (the caller returns "invalid email or password") and the password is not checked at all.
// Counts start over after 15 minutes without an attempt.

type Bucket = { key: string; limit: number; maxLockMs: number };

const BASE_LOCK_MS = 30_000;
const QUIET_RESET_MS = 15 * 60_000;
export const STALE_THROTTLE_MS = 24 * 60 * 60_000;

const bucketsOf = (email: string, ip: string): Bucket[] =>
  [
    { key: sha256Hex(`sign-in:${email}:${ip}`), limit: 5, maxLockMs: 60 * 60_000 },
    { key: sha256Hex(`sign-in:${email}:*`), limit: 20, maxLockMs: 15 * 60_000 },
  ].sort((a, b) => a.key.localeCompare(b.key)); // one lock order for every process

// How long the bucket stays locked after its `failures`-th failure (none below the limit).
export const lockMsAfter = (failures: number, { limit, maxLockMs }: Pick<Bucket, "limit" | "maxLockMs">): number =>
  failures < limit ? 0 : Math.min(BASE_LOCK_MS * 2 ** Math.min(failures - limit, 30), maxLockMs);

// Counts one attempt; false when a bucket is locked (the attempt is refused without checking the password).
export const reserveSignInAttempt = async ({
  email,
  ip,
  now = new Date(),
}: {
  email: string;
  ip: string;
  now?: Date;
}): Promise<boolean> => {
  const buckets = bucketsOf(email, ip);
  return db.$transaction(async (tx) => {
    await tx.signInThrottle.createMany({
      data: buckets.map((b) => ({ key: b.key, lastAttemptAt: now })),
      skipDuplicates: true,
    });
    const rows = [];
    for (const bucket of buckets) {
      const [row] = await tx.$queryRaw<{ failures: number; last_attempt_at: Date; locked_until: Date | null }[]>`
        SELECT failures, last_attempt_at, locked_until FROM sign_in_throttles WHERE key = ${bucket.key} FOR UPDATE`;
      rows.push({ bucket, row: row! });
    }
    // A locked bucket refuses the attempt, which then counts nowhere (hammering one locked address must
    // not push the email-wide bucket into locking the user out everywhere).
    if (rows.some(({ row }) => row.locked_until && row.locked_until > now)) return false;
    for (const { bucket, row } of rows) {
      const quiet = now.getTime() - row.last_attempt_at.getTime() > QUIET_RESET_MS;
      const failures = (quiet ? 0 : row.failures) + 1;
      const lockMs = lockMsAfter(failures, bucket);
      await tx.signInThrottle.update({
        where: { key: bucket.key },
        data: { failures, lastAttemptAt: now, lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null },
      });
    }
    return true;
  });
};

// A correct password: the attempts of this email from this address, and from anywhere, start over.
export const clearSignInAttempts = async ({ email, ip }: { email: string; ip: string }) => {
  await db.signInThrottle.deleteMany({ where: { key: { in: bucketsOf(email, ip).map((b) => b.key) } } });
};

// Housekeeping: buckets without an attempt for a day.
export const purgeStaleSignInThrottles = async (now = new Date()) =>
  (
    await db.signInThrottle.deleteMany({
      where: {
        lastAttemptAt: { lt: new Date(now.getTime() - STALE_THROTTLE_MS) },
        OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }],
      },
    })
  ).count;
