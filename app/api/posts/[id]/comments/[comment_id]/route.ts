import { apiRoute, ok } from "@/lib/api/route";
import { renderComment } from "@/lib/serializers/comment";
import * as contract from "@/lib/contracts/comments";
import { getPostComment } from "@/lib/services/comments/read-comments";
import { profileIdOf, requestCommentAction } from "@/lib/services/comments/write-comments";

// GET /api/posts/:id/comments/:comment_id – one comment (own id or external id) with its direct replies
export const GET = apiRoute(contract.getPostComment, async ({ principal, params, query }) =>
  ok(
    renderComment(
      await getPostComment({ principal, postId: params.id, commentId: params.comment_id, profileId: query.profile_id }),
    ),
  ),
);

// DELETE /api/posts/:id/comments/:comment_id – delete it on the network (accepted at once)
export const DELETE = apiRoute(contract.deletePostComment, async ({ principal, params, query, body }) =>
  ok(
    await requestCommentAction({
      principal,
      postId: params.id,
      profileId: profileIdOf(query.profile_id, body.profile_id),
      commentId: params.comment_id,
      action: "delete",
    }),
  ),
);
