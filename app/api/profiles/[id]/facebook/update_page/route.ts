import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/pages";
import { updatePage } from "@/lib/services/listings/pages";

// PATCH /api/profiles/:id/facebook/update_page – update a page's fields
export const PATCH = apiRoute(contract.updateFacebookPage, async ({ principal, params, body }) =>
  ok(await updatePage({ principal, profileId: params.id, pageId: body.page_id }, body)),
);
