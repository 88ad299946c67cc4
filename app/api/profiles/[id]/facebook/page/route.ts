import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/pages";
import { getPage } from "@/lib/services/listings/pages";

// GET /api/profiles/:id/facebook/page – a page's fields
export const GET = apiRoute(contract.getFacebookPage, async ({ principal, params, query }) =>
  ok(await getPage({ principal, profileId: params.id, pageId: query.page_id }, query.fields)),
);
