import type { Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { networkMeta } from "@/lib/networks/meta";
import type { TPlatform } from "@/lib/schemas/common";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";
import { connectViaOAuth, sandboxConsent } from "./connections";
import { encryptSecret } from "@/lib/crypto";
import { newId } from "@/lib/ids";
import { seedGroup, seedKey } from "./seed";
import { seedTenant } from "./network-tests";

// Posts tests: a sandbox tenant (profiles on the simulated network) with an API key, and profiles
// connected through the product's own connection flows.

export const connectSandboxProfile = async (principal: Principal, groupId: string, platform: TPlatform) => {
  const credentials = networkMeta(platform).sampleCredentials;
  if (credentials) {
    const result = await initializeConnection({ principal, groupId, input: { platform, ...credentials } });
    return db.profile.findUniqueOrThrow({
      where: { id: (result as { profile: { id: string } }).profile.id },
      include: { placements: true },
    });
  }
  const { profile } = await connectViaOAuth({
    principal,
    groupId,
    platform,
    consent: sandboxConsent(`Sandbox ${platform}`),
  });
  if (!profile) throw new Error(`sandbox ${platform} did not connect`);
  return profile;
};

export const seedSandboxTenant = async (platforms: TPlatform[]) => {
  const tenant = await seedTenant({ environment: "sandbox" });
  const { token } = await seedKey({ accountId: tenant.account.id, environment: "sandbox" });
  const profiles: Partial<Record<TPlatform, Awaited<ReturnType<typeof connectSandboxProfile>>>> = {};
  for (const platform of platforms)
    profiles[platform] = await connectSandboxProfile(tenant.principal, tenant.group.id, platform);
  return { ...tenant, token, profiles };
};

// Live X profiles of a tenant on the X fake (testing/fakes/x.ts), one per profile group (the first in the
// tenant's own group), with consecutive user ids from `firstUserId`; their ids in order.
export const seedXProfiles = async ({
  tenant,
  x,
  count,
  firstUserId,
}: {
  tenant: Awaited<ReturnType<typeof seedTenant>>;
  x: { issueToken: (scopes: undefined, options: { userId: string }) => string };
  count: number;
  firstUserId: bigint;
}): Promise<string[]> => {
  const profiles: string[] = [];
  for (let i = 0; i < count; i++) {
    const group = i === 0 ? tenant.group : await seedGroup({ accountId: tenant.account.id, environment: "live" });
    const userId = String(firstUserId + BigInt(i));
    const profile = await db.profile.create({
      data: {
        id: newId("profile"),
        accountId: tenant.account.id,
        environment: "live",
        profileGroupId: group.id,
        platform: "twitter",
        name: `X account ${i}`,
        externalId: userId,
        accessToken: encryptSecret(x.issueToken(undefined, { userId })),
        metadata: { subscription_type: "None" },
      },
    });
    profiles.push(profile.id);
  }
  return profiles;
};
