import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { listAvailableAttributes } from "@/lib/services/listings/listings";

// GET /api/profiles/:id/google_business/available_attributes – attributes the location can set
export const GET = apiRoute(contract.listAvailableAttributes, async ({ principal, params, query }) =>
  ok(await listAvailableAttributes({ principal, profileId: params.id, locationId: query.location_id }, query)),
);
