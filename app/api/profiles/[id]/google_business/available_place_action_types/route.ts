import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { listPlaceActionTypes } from "@/lib/services/listings/listings";

// GET /api/profiles/:id/google_business/available_place_action_types – place action types the location accepts
export const GET = apiRoute(contract.listPlaceActionTypes, async ({ principal, params, query }) =>
  ok(await listPlaceActionTypes({ principal, profileId: params.id, locationId: query.location_id }, query)),
);
