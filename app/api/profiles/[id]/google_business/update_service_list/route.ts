import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { updateServiceList } from "@/lib/services/listings/listings";

// PATCH /api/profiles/:id/google_business/update_service_list – replace the service list
export const PATCH = apiRoute(contract.updateServiceList, async ({ principal, params, body }) =>
  ok(await updateServiceList({ principal, profileId: params.id, locationId: body.location_id }, body)),
);
