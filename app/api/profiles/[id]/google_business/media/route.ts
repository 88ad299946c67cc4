import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { listMedia } from "@/lib/services/listings/listings";

// GET /api/profiles/:id/google_business/media – the location's photos and videos
export const GET = apiRoute(contract.listMedia, async ({ principal, params, query }) =>
  ok(await listMedia({ principal, profileId: params.id, locationId: query.location_id }, query)),
);
