import "server-only";
import { unprocessable } from "@/lib/errors";
import { sha256Hex } from "@/lib/crypto";
import { db, type Prisma } from "@/lib/db/client";
import { newId, randomBase58 } from "@/lib/ids";

// First-run setup (POST /api/setup, the /setup page) creates the owner of the whole install, so whoever
// calls it must prove they operate the server: a one-time token printed by `npm start` (while no staff
// user exists) and by `npm run cli -- setup token`. Required on every install, pristine ones included:
// whoever claims an empty install owns everything created in it afterwards. Stored as SHA-256 only,
// valid for an hour, consumed by the setup that uses it.

export const SETUP_TOKEN_TTL_MS = 60 * 60 * 1000;
const PREFIX = "setup_";

export type IssuedSetupToken = { token: string; expiresAt: Date };

export const createSetupToken = async ({
  now = new Date(),
  ttlMs = SETUP_TOKEN_TTL_MS,
}: { now?: Date; ttlMs?: number } = {}): Promise<IssuedSetupToken> => {
  const token = `${PREFIX}${randomBase58(32)}`;
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.setupToken.create({
    data: { id: newId("setupToken"), tokenHash: sha256Hex(token), createdAt: now, expiresAt },
  });
  return { token, expiresAt };
};

// For the `npm start` banner: a fresh token while setup is still open (no staff user), otherwise null.
export const issueSetupTokenIfOpen = async ({
  now = new Date(),
}: { now?: Date } = {}): Promise<IssuedSetupToken | null> =>
  (await db.user.count()) > 0 ? null : createSetupToken({ now });

export const SETUP_TOKEN_INVALID =
  "setup_token: The setup token is wrong, expired or already used. Get a new one with `npm run cli -- setup token`";

const usable = (token: string, now: Date) => ({
  tokenHash: sha256Hex(token.trim()),
  usedAt: null,
  expiresAt: { gt: now },
});

// Read-only check before the costly part of setup (hashing the password); consumeSetupToken decides.
export const isSetupTokenValid = async (token: string, now = new Date()) =>
  (await db.setupToken.count({ where: usable(token, now) })) > 0;

// Marks the token used inside the setup's transaction (a setup that fails afterwards rolls it back).
export const consumeSetupToken = async (tx: Prisma.TransactionClient, token: string, now = new Date()) => {
  const { count } = await tx.setupToken.updateMany({
    where: usable(token, now),
    data: { usedAt: now },
  });
  if (count === 0) throw unprocessable([SETUP_TOKEN_INVALID]);
};
