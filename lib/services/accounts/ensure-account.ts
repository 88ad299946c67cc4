import "server-only";
import { db, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/ids";

// A self-hosted install normally has one account (the agency). The CLI and the first-run page both use
// the oldest account, creating it when there is none yet.
export const ensureDefaultAccount = async ({
  name = "My agency",
  tx = db as unknown as Tx,
}: { name?: string; tx?: Tx } = {}) => {
  const existing = await tx.account.findFirst({ orderBy: { createdAt: "asc" } });
  return existing ?? tx.account.create({ data: { id: newId("account"), name } });
};

export const createAccount = ({ name }: { name: string }) =>
  db.account.create({ data: { id: newId("account"), name } });

export const findAccount = (accountId: string) => db.account.findUnique({ where: { id: accountId } });
