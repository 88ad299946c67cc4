import "server-only";
import { ApiError, unprocessable } from "@/lib/errors";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { TSetupOwnerBody } from "@/lib/schemas/setup";
import { ensureDefaultAccount } from "@/lib/services/accounts/ensure-account";
import { consumeSetupToken, isSetupTokenValid, SETUP_TOKEN_INVALID } from "@/lib/services/setup/setup-tokens";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { HasherBusyError, passwordHasher, type PasswordHasher } from "./password-hasher";
import { clearSetupAttempts, reserveSetupAttempt } from "./sign-in-throttle";

const setupComplete = () => new ApiError("conflict", "Setup is already complete; sign in instead");
const tooMany = (retryAfterMs: number) =>
  new ApiError("too_many_requests", "Too many setup attempts; try again later", {
    headers: { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) },
  });

// First-run: creates the owner while no staff user exists, for a caller holding a valid setup token
// (lib/services/setup/setup-tokens.ts). The password is hashed last, once everything cheap has passed:
// setup still open (else 409), the address not throttled for guessing tokens (else 429), the token valid
// (else 422). The check, the token's use and the insert then share one serializable transaction, so two
// racing setup submissions cannot both create an owner (the loser is retried and finds the owner) and a
// failed setup leaves its token unused.
export const createOwner = async ({
  input,
  ip,
  now = new Date(),
  hasher = passwordHasher,
}: {
  input: TSetupOwnerBody;
  ip: string;
  now?: Date;
  hasher?: PasswordHasher;
}) => {
  if ((await db.user.count()) > 0) throw setupComplete();
  const reservation = await reserveSetupAttempt({ ip, now });
  if (!reservation.admitted) throw tooMany(reservation.retryAfterMs);
  if (!(await isSetupTokenValid(input.setup_token, now))) throw unprocessable([SETUP_TOKEN_INVALID]);
  const passwordHash = await hasher.hash(input.password).catch((err: unknown) => {
    throw err instanceof HasherBusyError ? tooMany(5_000) : err;
  });
  const user = await retryingTransaction(
    async (tx) => {
      if ((await tx.user.count()) > 0) throw setupComplete();
      await consumeSetupToken(tx, input.setup_token, now);
      const account = await ensureDefaultAccount({ name: input.account_name, tx });
      if (input.account_name && account.name !== input.account_name) {
        await tx.account.update({ where: { id: account.id }, data: { name: input.account_name } });
      }
      return tx.user.create({
        data: {
          id: newId("user"),
          accountId: account.id,
          email: input.email.trim().toLowerCase(),
          name: input.name ?? null,
          passwordHash,
          role: "owner",
        },
        select: { id: true, email: true, accountId: true },
      });
    },
    { isolationLevel: "Serializable" },
  );
  await clearSetupAttempts({ ip });
  return user;
};
