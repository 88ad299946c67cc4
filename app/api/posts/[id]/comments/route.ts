import { apiRoute, created, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/comments";
import { listPostComments } from "@/lib/services/comments/read-comments";
import { createPostComment, profileIdOf } from "@/lib/services/comments/write-comments";

// GET /api/posts/:id/comments – top-level comments of the post on one profile, with their replies
export const GET = apiRoute(contract.listPostComments, async ({ principal, params, query }) =>
  ok(await listPostComments({ principal, postId: params.id, query })),
);

// POST /api/posts/:id/comments – a comment or reply, stored pending and published in the background
export const POST = apiRoute(contract.createPostComment, async ({ principal, params, query, body }) =>
  created(
    await createPostComment({
      principal,
      postId: params.id,
      profileId: profileIdOf(query.profile_id, body.profile_id),
      input: body,
    }),
  ),
);
