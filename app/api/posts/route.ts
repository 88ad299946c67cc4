import { paginated } from "@/lib/pagination";
import { apiRoute, ok } from "@/lib/api/route";
import { renderPost } from "@/lib/serializers/post";
import * as contract from "@/lib/contracts/posts";
import { createPost } from "@/lib/services/posts/create-post";
import { listPosts } from "@/lib/services/posts/read-posts";

// GET /api/posts – a page of posts, newest first
export const GET = apiRoute(contract.listPosts, async ({ principal, query }) => {
  const { total, rows } = await listPosts({ principal, query });
  return ok(paginated(query, total, rows.map(renderPost)));
});

// POST /api/posts – create (publish now, schedule, queue or draft); JSON or multipart
export const POST = apiRoute(contract.createPost, async ({ principal, body }) =>
  ok(renderPost(await createPost({ principal, input: body }))),
);
