import { apiRoute, ok } from "@/lib/api/route";
import { renderPost } from "@/lib/serializers/post";
import * as contract from "@/lib/contracts/posts";
import { findPost } from "@/lib/services/posts/read-posts";
import { deletePost, updatePost } from "@/lib/services/posts/update-post";

// GET /api/posts/:id – the post with media, per-network results and thread
export const GET = apiRoute(contract.getPost, async ({ principal, params }) =>
  ok(renderPost(await findPost({ principal, id: params.id }))),
);

// PATCH /api/posts/:id – edit a draft or a post scheduled more than 5 minutes ahead
export const PATCH = apiRoute(contract.updatePost, async ({ principal, params, body }) =>
  ok(renderPost(await updatePost({ principal, id: params.id, input: body }))),
);

// DELETE /api/posts/:id – delete the record
export const DELETE = apiRoute(contract.deletePost, async ({ principal, params, query }) =>
  ok(await deletePost({ principal, id: params.id, deleteOnPlatform: query.delete_on_platform === "true" })),
);
