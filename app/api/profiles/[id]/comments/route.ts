import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/profile-comments";
import { listProfileComments } from "@/lib/services/comments/read-profile-comments";

// GET /api/profiles/:id/comments – reviews (google_business) and recommendations (facebook) with their replies
export const GET = apiRoute(contract.listProfileComments, async ({ principal, params, query }) => ok(await listProfileComments({ principal, profileId: params.id, query })));
