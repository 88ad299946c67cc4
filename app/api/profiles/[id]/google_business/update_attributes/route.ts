import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { updateAttributes } from "@/lib/services/listings/listings";

// PATCH /api/profiles/:id/google_business/update_attributes – update attributes
export const PATCH = apiRoute(contract.updateAttributes, async ({ principal, params, body }) =>
  ok(await updateAttributes({ principal, profileId: params.id, locationId: body.location_id }, body)),
);
