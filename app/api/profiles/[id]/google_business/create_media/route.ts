import { apiRoute, created } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { createMedia } from "@/lib/services/listings/listings";

// POST /api/profiles/:id/google_business/create_media – add a photo or video
export const POST = apiRoute(contract.createMedia, async ({ principal, params, body }) =>
  created(await createMedia({ principal, profileId: params.id, locationId: body.location_id }, body)),
);
