import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { getAttributes } from "@/lib/services/listings/listings";

// GET /api/profiles/:id/google_business/attributes – the location's attributes
export const GET = apiRoute(contract.getAttributes, async ({ principal, params, query }) =>
  ok(
    await getAttributes({
      principal,
      profileId: params.id,
      locationId: query.location_id,
    }),
  ),
);
