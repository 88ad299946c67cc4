import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/comments";
import { profileIdOf, requestCommentAction } from "@/lib/services/comments/write-comments";

// POST /api/posts/:id/comments/:comment_id/unpin – accepted at once, carried out on the network
export const POST = apiRoute(contract.unpinPostComment, async ({ principal, params, query, body }) =>
  ok(
    await requestCommentAction({
      principal,
      postId: params.id,
      profileId: profileIdOf(query.profile_id, body.profile_id),
      commentId: params.comment_id,
      action: "unpin",
    }),
  ),
);
