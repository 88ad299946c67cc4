import "server-only";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import type { Principal } from "@/lib/principal";
import type { Environment } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { mintToken } from "./tokens";

// Account-wide keys are minted by staff in the admin app or by the CLI, never through the public API.
const accountKeysOf = (accountId: string) => ({ accountId, kind: "account" as const, revokedAt: null });

export const listAccountKeys = ({ principal }: { principal: Principal }) =>
  db.apiKey.findMany({ where: accountKeysOf(principal.accountId), orderBy: [{ createdAt: "desc" }, { id: "desc" }] });

export const createAccountKey = async ({
  accountId,
  environment,
  name,
}: {
  accountId: string;
  environment: Environment;
  name: string;
}) => {
  const { token, tokenHash, tokenHint } = mintToken({ kind: "account", environment });
  const key = await db.apiKey.create({
    data: { id: newId("apiKey"), accountId, environment, kind: "account", name, tokenHash, tokenHint },
  });
  return { key, token };
};

export const revokeAccountKey = async ({ principal, id }: { principal: Principal; id: string }) => {
  const { count } = await db.apiKey.updateMany({
    where: { ...accountKeysOf(principal.accountId), id },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound();
  return { deleted: true };
};
