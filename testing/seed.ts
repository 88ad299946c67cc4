import { db } from "@/lib/db/client";
import type { Principal } from "@/lib/principal";
import type { ApiKeyKind, Environment } from "@/lib/generated/prisma/enums";
import { newId, randomBase58 } from "@/lib/ids";
import { mintToken } from "@/lib/services/api-keys/tokens";

// Seed helpers for tests: every test builds its own tenant with unique names, so files run in
// parallel on one database without cleaning up after each other.

export const seedAccount = () => db.account.create({ data: { id: newId("account"), name: `Test ${randomBase58(6)}` } });

export const seedGroup = ({
  accountId,
  environment = "live",
  name,
}: {
  accountId: string;
  environment?: Environment;
  name?: string;
}) =>
  db.profileGroup.create({
    data: { id: newId("profileGroup"), accountId, environment, name: name ?? `Group ${randomBase58(6)}` },
  });

export const seedProfile = ({
  group,
  platform = "bluesky",
}: {
  group: { id: string; accountId: string; environment: Environment };
  platform?: "bluesky" | "twitter" | "facebook";
}) =>
  db.profile.create({
    data: {
      id: newId("profile"),
      accountId: group.accountId,
      environment: group.environment,
      profileGroupId: group.id,
      platform,
      name: `Profile ${randomBase58(4)}`,
    },
  });

export const seedKey = async ({
  accountId,
  environment = "live",
  kind = "account",
  profileGroupId = null,
}: {
  accountId: string;
  environment?: Environment;
  kind?: ApiKeyKind;
  profileGroupId?: string | null;
}) => {
  const { token, tokenHash, tokenHint } = mintToken({ kind, environment });
  const key = await db.apiKey.create({
    data: {
      id: newId("apiKey"),
      accountId,
      environment,
      kind,
      profileGroupId,
      name: `${kind} key`,
      tokenHash,
      tokenHint,
    },
  });
  return { key, token };
};

export const principalFor = ({
  accountId,
  environment = "live",
  kind = "account_key",
  profileGroupId = null,
}: Partial<Principal> & { accountId: string }): Principal => ({
  kind,
  accountId,
  environment,
  profileGroupId,
  apiKeyId: null,
  userId: null,
});
