import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { deletePlaceActionLink } from "@/lib/services/listings/listings";

// DELETE /api/profiles/:id/google_business/delete_place_action_link – delete a place action link
export const DELETE = apiRoute(contract.deletePlaceActionLink, async ({ principal, params, query }) =>
  ok(await deletePlaceActionLink({ principal, profileId: params.id, locationId: query.location_id }, query.name)),
);
