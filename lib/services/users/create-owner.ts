import "server-only";
import { db } from "@/lib/db/client";
import { ApiError } from "@/lib/api/errors";
import { newId } from "@/lib/ids";
import type { TSetupOwnerBody } from "@/lib/schemas/setup";
import { ensureDefaultAccount } from "@/lib/services/accounts/ensure-account";
import { hashPassword } from "./verify-staff-credentials";

// First-run: creates the owner while no staff user exists. The check and the insert share one
// serializable transaction, so two racing setup submissions cannot both create an owner.
export const createOwner = async ({ input }: { input: TSetupOwnerBody }) => {
  const passwordHash = await hashPassword(input.password);
  return db.$transaction(
    async (tx) => {
      if ((await tx.user.count()) > 0) throw new ApiError("conflict", "Setup is already complete; sign in instead");
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
