import "server-only";
import { unprocessable } from "@/lib/errors";
import { groupScope, type Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { networkMeta } from "@/lib/networks/meta";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { PLATFORMS, type TPlatform } from "@/lib/schemas/common";

// Which profiles a post goes to: `profiles` holds profile ids or platform names (lib/contracts/posts.ts: a
// name picks the group's profile of that network). All targets belong to one profile group in the
// caller's scope: the scoped key's group, `profile_group_id`, the group of the profiles named by id, or
// the account's only group. Unknown ids, like ids of another group or environment, are "not found".

export type Target = Awaited<ReturnType<typeof loadProfiles>>[number];

const loadProfiles = (where: {
  accountId: string;
  environment: Principal["environment"];
  profileGroupId?: string;
  id?: { in: string[] };
}) =>
  db.profile.findMany({
    where,
    include: { placements: { select: { externalId: true } } },
    orderBy: { createdAt: "asc" },
  });

const isPlatform = (ref: string): ref is TPlatform => (PLATFORMS as readonly string[]).includes(ref);

export const resolveTargets = async ({
  principal,
  refs,
  groupId,
}: {
  principal: Principal;
  refs: string[];
  groupId?: string;
}) => {
  const scope = groupScope(principal);
  const ids = [...new Set(refs.filter((r) => !isPlatform(r)))];
  const names = [...new Set(refs.filter(isPlatform))];
  const byId = ids.length
    ? await loadProfiles({ ...scope, ...(groupId && { profileGroupId: groupId }), id: { in: ids } })
    : [];
  const missing = ids.filter((id) => !byId.some((p) => p.id === id));
  if (missing.length) throw unprocessable(missing.map((id) => `profiles: profile ${id} not found`));

  const groups = new Set(byId.map((p) => p.profileGroupId));
  let group = principal.profileGroupId ?? groupId ?? [...groups][0];
  if (!group && names.length) {
    const all = await db.profileGroup.findMany({ where: groupScope(principal, "id"), select: { id: true }, take: 2 });
    if (all.length === 1) group = all[0]!.id;
    else
      throw unprocessable([
        "profile_group_id is required to name profiles by network when the account has several profile groups",
      ]);
  }
  if (groups.size > 1 || (group && byId.some((p) => p.profileGroupId !== group))) {
    throw unprocessable(["profiles must all belong to one profile group"]);
  }
  const byName = names.length ? await loadProfiles({ ...scope, profileGroupId: group }) : [];
  const targets = [...byId];
  for (const name of names) {
    const profile = byName.find((p) => p.platform === name);
    if (!profile) throw unprocessable([`profiles: the profile group has no ${DISPLAY_NAMES[name]} profile`]);
    if (!targets.some((t) => t.id === profile.id)) targets.push(profile);
  }
  const problems: string[] = [];
  for (const t of targets) {
    if (!networkMeta(t.platform).postRules)
      problems.push(
        `profiles: ${t.name} is a ${DISPLAY_NAMES[t.platform]} profile, which cannot be posted to (use direct messages)`,
      );
    else if (t.status !== "active")
      problems.push(`profiles: ${t.name} (${DISPLAY_NAMES[t.platform]}) is disconnected; reconnect it first`);
  }
  if (problems.length) throw unprocessable(problems);
  return { groupId: group!, targets };
};
