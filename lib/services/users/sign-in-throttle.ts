import "server-only";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db/client";

// Throttling of password guesses (staff sign-in, setup tokens), in PostgreSQL so every app process counts
// the same attempts. The client address comes from lib/auth/client-address.ts (forwarding headers count
// only from TRUSTED_PROXIES).
//
// Sign-in counts each attempt in three buckets:
// - the email from this address: 5 attempts, then locked 30 s, doubling with each further failure up to 1 h;
// - this address, any email: 20 attempts, then the same doubling up to 1 h (bounds guessing, and hashing,
//   across many emails from one place);
// - the email from anywhere: 20 attempts, then the same doubling up to 15 min. This lock refuses only
//   addresses that have failed (the address bucket has failures): whoever rotates addresses to guess one
//   email cannot lock its owner out of an address that has not failed.
// An attempt is counted *before* the password is checked, under row locks, so a burst of parallel attempts
// cannot all slip past a limit; a correct password then clears the email's buckets and takes its own
// attempt back from the address bucket. A refused attempt answers exactly like a wrong password and no
// password is hashed for it. Counts start over after 15 minutes without an attempt.

type Bucket = { key: string; limit: number; maxLockMs: number; role?: "address" | "email" };

const BASE_LOCK_MS = 30_000;
const QUIET_RESET_MS = 15 * 60_000;
const HOUR_MS = 60 * 60_000;
export const STALE_THROTTLE_MS = 24 * HOUR_MS;

const ordered = (buckets: Bucket[]) => buckets.sort((a, b) => a.key.localeCompare(b.key)); // one lock order

const signInBuckets = (email: string, ip: string): Bucket[] =>
  ordered([
    { key: sha256Hex(`sign-in:${email}:${ip}`), limit: 5, maxLockMs: HOUR_MS },
    { key: sha256Hex(`sign-in:*:${ip}`), limit: 20, maxLockMs: HOUR_MS, role: "address" },
    { key: sha256Hex(`sign-in:${email}:*`), limit: 20, maxLockMs: 15 * 60_000, role: "email" },
  ]);

const setupBuckets = (ip: string): Bucket[] => [{ key: sha256Hex(`setup:${ip}`), limit: 10, maxLockMs: HOUR_MS }];

// How long the bucket stays locked after its `failures`-th failure (none below the limit).
export const lockMsAfter = (failures: number, { limit, maxLockMs }: Pick<Bucket, "limit" | "maxLockMs">): number =>
  failures < limit ? 0 : Math.min(BASE_LOCK_MS * 2 ** Math.min(failures - limit, 30), maxLockMs);

type Row = { failures: number; last_attempt_at: Date; locked_until: Date | null };
export type Reservation = { admitted: true } | { admitted: false; retryAfterMs: number };

const isQuiet = (row: Row, now: Date) => now.getTime() - row.last_attempt_at.getTime() > QUIET_RESET_MS;

// Counts one attempt in every bucket, or none when a bucket refuses it (hammering a locked address must
// not push the email-wide bucket into locking the owner out).
const reserve = async (buckets: Bucket[], now: Date): Promise<Reservation> =>
  db.$transaction(async (tx) => {
    await tx.signInThrottle.createMany({
      data: buckets.map((b) => ({ key: b.key, lastAttemptAt: now })),
      skipDuplicates: true,
    });
    const rows: { bucket: Bucket; row: Row }[] = [];
    for (const bucket of buckets) {
      const [row] = await tx.$queryRaw<Row[]>`
        SELECT failures, last_attempt_at, locked_until FROM sign_in_throttles WHERE key = ${bucket.key} FOR UPDATE`;
      rows.push({ bucket, row: row! });
    }
    const address = rows.find((r) => r.bucket.role === "address")?.row;
    const addressHasFailed = address !== undefined && address.failures > 0 && !isQuiet(address, now);
    const refusing = rows.filter(
      ({ bucket, row }) => row.locked_until && row.locked_until > now && (bucket.role !== "email" || addressHasFailed),
    );
    if (refusing.length > 0) {
      const until = Math.max(...refusing.map(({ row }) => row.locked_until!.getTime()));
      return { admitted: false, retryAfterMs: until - now.getTime() };
    }
    for (const { bucket, row } of rows) {
      const failures = (isQuiet(row, now) ? 0 : row.failures) + 1;
      const lockMs = lockMsAfter(failures, bucket);
      await tx.signInThrottle.update({
        where: { key: bucket.key },
        data: { failures, lastAttemptAt: now, lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs) : null },
      });
    }
    return { admitted: true };
  });

export type SignInAttempt = { email: string; ip: string; now?: Date };

// One sign-in attempt; false when it is refused (the password is then not checked at all).
export const reserveSignInAttempt = async ({ email, ip, now = new Date() }: SignInAttempt): Promise<boolean> =>
  (await reserve(signInBuckets(email, ip), now)).admitted;

// A correct password: the attempts of this email start over, and its successful attempt no longer counts
// against the address.
export const clearSignInAttempts = async ({ email, ip }: { email: string; ip: string }) => {
  const buckets = signInBuckets(email, ip);
  await db.$transaction([
    db.signInThrottle.deleteMany({
      where: { key: { in: buckets.filter((b) => b.role !== "address").map((b) => b.key) } },
    }),
    db.signInThrottle.updateMany({
      where: { key: buckets.find((b) => b.role === "address")!.key, failures: { gt: 0 } },
      data: { failures: { decrement: 1 } },
    }),
  ]);
};

// One setup-token guess from `ip` (POST /api/setup with a token): refused with the time to wait once the
// address has made 10 attempts without success.
export const reserveSetupAttempt = async ({ ip, now = new Date() }: { ip: string; now?: Date }) =>
  reserve(setupBuckets(ip), now);

export const clearSetupAttempts = async ({ ip }: { ip: string }) => {
  await db.signInThrottle.deleteMany({ where: { key: { in: setupBuckets(ip).map((b) => b.key) } } });
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
