import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { deleteMedia } from "@/lib/services/listings/listings";

// DELETE /api/profiles/:id/google_business/delete_media – delete a media item
export const DELETE = apiRoute(contract.deleteMedia, async ({ principal, params, query }) =>
  ok(await deleteMedia({ principal, profileId: params.id, locationId: query.location_id }, query.name)),
);
