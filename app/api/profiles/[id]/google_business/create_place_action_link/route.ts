import { apiRoute, created } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { createPlaceActionLink } from "@/lib/services/listings/listings";

// POST /api/profiles/:id/google_business/create_place_action_link – create a place action link
export const POST = apiRoute(contract.createPlaceActionLink, async ({ principal, params, body }) =>
  created(await createPlaceActionLink({ principal, profileId: params.id, locationId: body.location_id }, body)),
);
