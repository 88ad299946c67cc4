import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/comments";
import { profileIdOf, requestCommentAction } from "@/lib/services/comments/write-comments";

// POST /api/posts/:id/comments/:comment_id/like – accepted at once, carried out on the network
const like = (endpoint: typeof contract.likePostComment | typeof contract.likePostCommentPut) =>
  apiRoute(endpoint, async ({ principal, params, query, body }) =>
    ok(
      await requestCommentAction({
        principal,
        postId: params.id,
        profileId: profileIdOf(query.profile_id, body.profile_id),
        commentId: params.comment_id,
        action: "like",
      }),
    ),
  );

export const POST = like(contract.likePostComment);
// PUT: n8n likes with PUT (the n8n node).
export const PUT = like(contract.likePostCommentPut);
