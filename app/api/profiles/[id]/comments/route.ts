import { paginated } from "@/lib/pagination";
import { apiRoute, created, ok } from "@/lib/api/route";
import { renderProfileComment } from "@/lib/serializers/profile-comment";
import * as contract from "@/lib/contracts/profile-comments";
import { listProfileComments } from "@/lib/services/comments/read-profile-comments";
import { replyToProfileComment } from "@/lib/services/comments/reply-profile-comment";

// GET /api/profiles/:id/comments – reviews (google_business) and recommendations (facebook) with their replies
export const GET = apiRoute(contract.listProfileComments, async ({ principal, params, query }) => {
  const { total, threads } = await listProfileComments({ principal, profileId: params.id, query });
  return ok(paginated(query, total, threads.map(renderProfileComment)));
});

// POST /api/profiles/:id/comments – a reply to a review or recommendation, stored pending and published in the background
export const POST = apiRoute(contract.replyToProfileComment, async ({ principal, params, body }) => {
  const comment = await replyToProfileComment({ principal, profileId: params.id, input: body });
  return created(renderProfileComment({ comment, replies: [] }));
});
