import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { updateFoodMenus } from "@/lib/services/listings/listings";

// PATCH /api/profiles/:id/google_business/update_food_menus – replace food menus
export const PATCH = apiRoute(contract.updateFoodMenus, async ({ principal, params, body }) =>
  ok(await updateFoodMenus({ principal, profileId: params.id, locationId: body.location_id }, body)),
);
