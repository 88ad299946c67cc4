import "server-only";
import { ApiError } from "@/lib/api/errors";
import { newId } from "@/lib/ids";
import type { TSetupOwnerBody } from "@/lib/schemas/setup";
import { ensureDefaultAccount } from "@/lib/services/accounts/ensure-account";
import { consumeSetupToken } from "@/lib/services/setup/setup-tokens";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { hashPassword } from "./verify-staff-credentials";

// First-run: creates the owner while no staff user exists, for a caller holding a valid setup token
// (lib/services/setup/setup-tokens.ts). The check, the token's use and the insert share one serializable
// transaction, so two racing setup submissions cannot both create an owner (the loser is retried and
// finds the owner) and a failed setup leaves its token unused.
export const createOwner = async ({ input, now = new Date() }: { input: TSetupOwnerBody; now?: Date }) => {
  const passwordHash = await hashPassword(input.password);
  return retryingTransaction(
    async (tx) => {
      if ((await tx.user.count()) > 0) throw new ApiError("conflict", "Setup is already complete; sign in instead");
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
};
