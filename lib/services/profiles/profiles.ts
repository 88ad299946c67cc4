import "server-only";
import { db } from "@/lib/db/client";
import { notFound } from "@/lib/errors";
import { groupScope, type Principal } from "@/lib/principal";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { emitProfileDisconnected } from "@/lib/services/connections/profile-event";
import { resyncPlacementsOf } from "@/lib/services/connections/resync-placements";

// Profiles the caller can post to: its account and environment, and its group for scoped keys.
// `profile_group_id` narrows the list (an unknown or foreign group simply lists nothing).
export const listProfiles = ({ principal, profileGroupId }: { principal: Principal; profileGroupId?: string }) =>
  db.profile.findMany({
    where: { AND: [groupScope(principal), profileGroupId ? { profileGroupId } : {}] },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });

// post_count: posts (thread roots) that target each profile.
export const postCountsOf = async (profileIds: string[]): Promise<Map<string, number>> => {
  if (profileIds.length === 0) return new Map();
  const rows = await db.platformPost.groupBy({
    by: ["profileId"],
    where: { profileId: { in: profileIds }, post: { parentId: null } },
    _count: { _all: true },
  });
  return new Map(rows.map((r) => [r.profileId, r._count._all]));
};

export const getProfileOrThrow = async ({ principal, id }: { principal: Principal; id: string }) => {
  const profile = await db.profile.findFirst({ where: { AND: [groupScope(principal), { id }] } });
  if (!profile) throw notFound();
  return profile;
};

export const listPlacements = async ({ principal, id }: { principal: Principal; id: string }) => {
  const profile = await getProfileOrThrow({ principal, id });
  return db.placement.findMany({ where: { profileId: profile.id }, orderBy: [{ position: "asc" }, { id: "asc" }] });
};

// Pulls the profile's placements from the network again (lib/services/connections/resync-placements.ts).
export const resyncPlacements = async ({ principal, profileId }: { principal: Principal; profileId: string }) =>
  resyncPlacementsOf(await getProfileOrThrow({ principal, id: profileId }));

// Removes the connection (profile, tokens, placements) and records profile.disconnected.
export const deleteProfile = async ({ principal, id }: { principal: Principal; id: string }) => {
  const profile = await getProfileOrThrow({ principal, id });
  await db.$transaction(async (tx) => {
    await tx.profile.delete({ where: { id: profile.id } });
    await emitProfileDisconnected(tx, profile, "user");
    await recordCommit(tx, { body: { success: true } });
  });
  return { success: true };
};
