import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { getLocation } from "@/lib/services/listings/listings";

// GET /api/profiles/:id/google_business/location – the location resource
export const GET = apiRoute(contract.getLocation, async ({ principal, params, query }) =>
  ok(await getLocation({ principal, profileId: params.id, locationId: query.location_id }, query.read_mask)),
);
