import { apiRoute, created, ok } from "@/lib/api/route";
import { serializeProfileGroup } from "@/lib/serializers/profile-group";
import * as contract from "@/lib/contracts/profile-groups";
import { createProfileGroup, listProfileGroups } from "@/lib/services/profile-groups/profile-groups";

// GET /api/profile_groups – list the groups visible to the caller
export const GET = apiRoute(contract.listProfileGroups, async ({ principal }) =>
  ok({ data: (await listProfileGroups({ principal })).map(serializeProfileGroup) }),
);

// POST /api/profile_groups – create a group (account-wide keys only)
export const POST = apiRoute(contract.createProfileGroup, async ({ principal, body }) =>
  created(serializeProfileGroup(await createProfileGroup({ principal, input: body }))),
);
