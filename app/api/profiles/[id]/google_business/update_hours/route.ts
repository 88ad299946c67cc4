import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { updateHours } from "@/lib/services/listings/listings";

// PATCH /api/profiles/:id/google_business/update_hours – regular, special or more hours
export const PATCH = apiRoute(contract.updateHours, async ({ principal, params, body }) =>
  ok(await updateHours({ principal, profileId: params.id, locationId: body.location_id }, body)),
);
