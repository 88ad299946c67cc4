import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { updatePlaceActionLink } from "@/lib/services/listings/listings";

// PATCH /api/profiles/:id/google_business/update_place_action_link – update a place action link
export const PATCH = apiRoute(contract.updatePlaceActionLink, async ({ principal, params, body }) =>
  ok(await updatePlaceActionLink({ principal, profileId: params.id, locationId: body.location_id }, body)),
);
