import { paginated } from "@/lib/pagination";
import { apiRoute, created, ok } from "@/lib/api/route";
import { renderComment } from "@/lib/serializers/comment";
import * as contract from "@/lib/contracts/comments";
import { listPostComments } from "@/lib/services/comments/read-comments";
import { createPostComment, profileIdOf } from "@/lib/services/comments/write-comments";

// GET /api/posts/:id/comments – top-level comments of the post on one profile, with their replies
export const GET = apiRoute(contract.listPostComments, async ({ principal, params, query }) => {
  const { total, threads } = await listPostComments({ principal, postId: params.id, query });
  return ok(paginated(query, total, threads.map(renderComment)));
});

// POST /api/posts/:id/comments – a comment or reply, stored pending and published in the background
export const POST = apiRoute(contract.createPostComment, async ({ principal, params, query, body }) => {
  const comment = await createPostComment({
    principal,
    postId: params.id,
    profileId: profileIdOf(query.profile_id, body.profile_id),
    input: body,
  });
  return created(renderComment({ comment, replies: [] }));
});
