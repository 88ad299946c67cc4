import "server-only";
import { db, Prisma } from "@/lib/db/client";
import type { ConnectorStore } from "@/lib/networks/types";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";

// ctx.store for a connector acting for one profile: JSON values in connector_states under the profile
// and the connector's key. `update` holds a transaction-scoped advisory lock on (profile, key), so two
// requests editing the same simulated location, in one process or in several sharing the database, run
// one after the other and neither loses the other's edit.

const toJson = (value: unknown) =>
  value === null || value === undefined ? Prisma.JsonNull : (value as Prisma.InputJsonValue);

export const connectorStore = (profileId: string): ConnectorStore => ({
  get: async (key) =>
    (await db.connectorState.findUnique({ where: { profileId_key: { profileId, key } } }))?.value ?? null,

  set: async (key, value) => {
    await db.connectorState.upsert({
      where: { profileId_key: { profileId, key } },
      create: { profileId, key, value: toJson(value) },
      update: { value: toJson(value) },
    });
  },

  update: (key, change) =>
    retryingTransaction(async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`connector_states:${profileId}:${key}`}, 0))`;
      const row = await tx.connectorState.findUnique({ where: { profileId_key: { profileId, key } } });
      const { value, result } = change(row?.value ?? null);
      if (value !== undefined) {
        await tx.connectorState.upsert({
          where: { profileId_key: { profileId, key } },
          create: { profileId, key, value: toJson(value) },
          update: { value: toJson(value) },
        });
      }
      return result;
    }),
});
