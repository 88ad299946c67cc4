import "server-only";
import { sha256Hex } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import type { SignInAttempt } from "./sign-in-throttle";

// Failed sign-ins of existing staff users, so a user learns at the next sign-in that someone has been
// guessing (the admin layout shows "N failed sign-in attempts from M addresses before this sign-in").
// Only attempts the throttle let through are recorded (lib/services/users/sign-in-throttle.ts).

export const SIGN_IN_FAILURE_RETENTION_MS = 30 * 24 * 60 * 60_000;

// One statement whether or not the email belongs to a user, so recording reveals nothing by its timing.
export const recordSignInFailure = async ({ email, ip, now = new Date() }: SignInAttempt) => {
  await db.$executeRaw`
    INSERT INTO sign_in_failures (user_id, address_hash, created_at)
    SELECT id, ${sha256Hex(`sign-in-address:${ip}`)}, ${now} FROM users WHERE email = ${email}`;
};

// A successful sign-in: the failures since the previous one become the user's notice, and are forgotten.
export const settleSignInFailures = async (userId: string) => {
  await db.$transaction(async (tx) => {
    const [counts] = await tx.$queryRaw<{ attempts: number; addresses: number }[]>`
      SELECT count(*)::int AS attempts, count(DISTINCT address_hash)::int AS addresses
      FROM sign_in_failures WHERE user_id = ${userId}`;
    await tx.signInFailure.deleteMany({ where: { userId } });
    await tx.user.update({
      where: { id: userId },
      data: { failedSignIns: counts?.attempts ?? 0, failedSignInAddresses: counts?.addresses ?? 0 },
    });
  });
};

// Housekeeping: failures older than 30 days.
export const purgeOldSignInFailures = async (now = new Date()) =>
  (
    await db.signInFailure.deleteMany({
      where: { createdAt: { lt: new Date(now.getTime() - SIGN_IN_FAILURE_RETENTION_MS) } },
    })
  ).count;
