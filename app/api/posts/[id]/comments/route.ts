import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/comments";
import { listPostComments } from "@/lib/services/comments/read-comments";

// GET /api/posts/:id/comments – top-level comments of the post on one profile, with their replies
export const GET = apiRoute(contract.listPostComments, async ({ principal, params, query }) => ok(await listPostComments({ principal, postId: params.id, query })));
