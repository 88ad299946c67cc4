import { apiRoute, ok } from "@/lib/api/route";
import { serializeQueuedPost } from "@/lib/serializers/post-queue";
import * as contract from "@/lib/contracts/post-queues";
import { listQueuedPosts } from "@/lib/services/queues/queued-posts";

// GET /api/admin/post_queues/:id/posts – waiting posts of a queue for the calendar (staff session)
export const GET = apiRoute(contract.listQueuedPosts, async ({ principal, params, query }) => {
  const posts = await listQueuedPosts({
    principal,
    queueId: params.id,
    from: query.from ? new Date(query.from) : undefined,
    to: query.to ? new Date(query.to) : undefined,
  });
  return ok({ data: posts.map(serializeQueuedPost) });
});
