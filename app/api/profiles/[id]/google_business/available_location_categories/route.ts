import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { listCategories } from "@/lib/services/listings/listings";

// GET /api/profiles/:id/google_business/available_location_categories – valid categories
export const GET = apiRoute(contract.listCategories, async ({ principal, params, query }) =>
  ok(await listCategories({ principal, profileId: params.id, locationId: query.location_id }, query)),
);
