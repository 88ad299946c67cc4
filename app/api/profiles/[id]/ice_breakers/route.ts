import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/messages";
import { deleteIceBreakers, listIceBreakers, setIceBreakers } from "@/lib/services/messages/ice-breakers";

// GET /api/profiles/:id/ice_breakers – the profile's ice breakers (instagram)
export const GET = apiRoute(contract.listIceBreakers, async ({ principal, params }) =>
  ok(await listIceBreakers({ principal, profileId: params.id })),
);
// POST – replace the set (1 to 4 questions)
export const POST = apiRoute(contract.setIceBreakers, async ({ principal, params, body }) =>
  ok(await setIceBreakers({ principal, profileId: params.id, input: body })),
);
// DELETE – remove them
export const DELETE = apiRoute(contract.deleteIceBreakers, async ({ principal, params }) =>
  ok(await deleteIceBreakers({ principal, profileId: params.id })),
);
