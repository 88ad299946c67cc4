import { apiRoute, ok } from "@/lib/api/route";
import { serializeProfileGroup } from "@/lib/serializers/profile-group";
import * as contract from "@/lib/contracts/profile-groups";
import { deleteProfileGroup, getProfileGroupOrThrow } from "@/lib/services/profile-groups/profile-groups";

// GET /api/profile_groups/:id – one group
export const GET = apiRoute(contract.getProfileGroup, async ({ principal, params }) =>
  ok(serializeProfileGroup(await getProfileGroupOrThrow({ principal, id: params.id }))),
);

// DELETE /api/profile_groups/:id – delete a group with its profiles and scoped keys
export const DELETE = apiRoute(contract.deleteProfileGroup, async ({ principal, params }) =>
  ok(await deleteProfileGroup({ principal, id: params.id })),
);
