import { apiRoute, created, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/profile-comments";
import { listProfileComments } from "@/lib/services/comments/read-profile-comments";
import { replyToProfileComment } from "@/lib/services/comments/reply-profile-comment";

// GET /api/profiles/:id/comments – reviews (google_business) and recommendations (facebook) with their replies
export const GET = apiRoute(contract.listProfileComments, async ({ principal, params, query }) =>
  ok(await listProfileComments({ principal, profileId: params.id, query })),
);

// POST /api/profiles/:id/comments – a reply to a review or recommendation, stored pending and published in the background
export const POST = apiRoute(contract.replyToProfileComment, async ({ principal, params, body }) =>
  created(await replyToProfileComment({ principal, profileId: params.id, input: body })),
);
