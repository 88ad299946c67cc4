import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { updateLocation } from "@/lib/services/listings/listings";

// PATCH /api/profiles/:id/google_business/update_location – update location fields
export const PATCH = apiRoute(contract.updateLocation, async ({ principal, params, body }) =>
  ok(await updateLocation({ principal, profileId: params.id, locationId: body.location_id }, body)),
);
