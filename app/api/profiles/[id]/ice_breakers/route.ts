import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/messages";
import { deleteIceBreakers, listIceBreakers, setIceBreakers } from "@/lib/services/messages/ice-breakers";

// GET /api/profiles/:id/ice_breakers – the profile's ice breakers (instagram)
export const GET = apiRoute(contract.listIceBreakers, async ({ principal, params }) =>
  ok(await listIceBreakers({ principal, profileId: params.id })),
);
// POST – replace the set (1 to 4 questions)
export const POST = apiRoute(contract.setIceBreakers, async ({ principal, params, body }) => {
  await setIceBreakers({ principal, profileId: params.id, input: body });
  return ok({ success: true as const });
});
// DELETE – remove them
export const DELETE = apiRoute(contract.deleteIceBreakers, async ({ principal, params }) => {
  await deleteIceBreakers({ principal, profileId: params.id });
  return ok({ success: true as const });
});
