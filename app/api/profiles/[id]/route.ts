import { apiRoute, ok } from "@/lib/api/route";
import { serializeProfile } from "@/lib/api/serializers/profile";
import * as contract from "@/lib/contracts/profiles";
import { deleteProfile, getProfileOrThrow } from "@/lib/services/profiles/profiles";

// GET /api/profiles/:id – one profile
export const GET = apiRoute(contract.getProfile, async ({ principal, params }) =>
  ok(serializeProfile(await getProfileOrThrow({ principal, id: params.id }))),
);

// DELETE /api/profiles/:id – disconnect and remove a profile
export const DELETE = apiRoute(contract.deleteProfile, async ({ principal, params }) => ok(await deleteProfile({ principal, id: params.id })));
