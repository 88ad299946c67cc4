import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { getServiceList } from "@/lib/services/listings/listings";

// GET /api/profiles/:id/google_business/service_list – the service list
export const GET = apiRoute(contract.getServiceList, async ({ principal, params, query }) =>
  ok(
    await getServiceList({
      principal,
      profileId: params.id,
      locationId: query.location_id,
    }),
  ),
);
