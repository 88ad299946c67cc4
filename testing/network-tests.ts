import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { principalFor, seedAccount, seedGroup } from "./seed";

// What the connector tests (lib/networks/*) and the connection service tests share: a tenant to connect
// profiles in, the events it recorded, and NETWORK_* settings pointed at a fake.

// A fresh account with one profile group and an account-key principal, all in `environment`.
export const seedTenant = async ({ environment = "live" }: { environment?: Environment } = {}) => {
  const account = await seedAccount();
  const group = await seedGroup({ accountId: account.id, environment });
  return { account, group, principal: principalFor({ accountId: account.id, environment }) };
};
export type Tenant = Awaited<ReturnType<typeof seedTenant>>;

// The account's events of one type, oldest first.
export const eventsOf = (accountId: string, type: string) =>
  db.event.findMany({ where: { accountId, type }, orderBy: { createdAt: "asc" } });

// Sets environment variables (undefined removes one) and returns the function that puts the previous
// values back; return it from beforeAll to have vitest call it after the file's tests.
export const setEnv = (vars: Record<string, string | undefined>) => {
  const previous = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  apply(vars);
  return () => apply(previous);
};
