import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/posts";
import { createPost } from "@/lib/services/posts/create-post";
import { listPosts } from "@/lib/services/posts/read-posts";

// GET /api/posts – a page of posts, newest first
export const GET = apiRoute(contract.listPosts, async ({ principal, query }) =>
  ok(await listPosts({ principal, query })),
);

// POST /api/posts – create (publish now, schedule, queue or draft); JSON or multipart
export const POST = apiRoute(contract.createPost, async ({ principal, body }) =>
  ok(await createPost({ principal, input: body })),
);
