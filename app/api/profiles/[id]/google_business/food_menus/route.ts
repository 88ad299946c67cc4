import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/listings";
import { getFoodMenus } from "@/lib/services/listings/listings";

// GET /api/profiles/:id/google_business/food_menus – food menus
export const GET = apiRoute(contract.getFoodMenus, async ({ principal, params, query }) =>
  ok(
    await getFoodMenus({
      principal,
      profileId: params.id,
      locationId: query.location_id,
    }),
  ),
);
