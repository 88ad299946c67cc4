import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { listPlaceActionLinks } from "@/lib/services/listings/listings";

// GET /api/profiles/:id/google_business/place_action_links – place action links
export const GET = apiRoute(contract.listPlaceActionLinks, async ({ principal, params, query }) =>
  ok(await listPlaceActionLinks({ principal, profileId: params.id, locationId: query.location_id }, query)),
);
