import { apiRoute, ok } from "@/lib/api/route";
import { serializeQueuedPost } from "@/lib/serializers/post-queue";
import * as contract from "@/lib/contracts/post-queues";
import { setQueuedPostPriority } from "@/lib/services/queues/queued-posts";

// PATCH /api/admin/queued_posts/:id – change a queued post's priority and rearrange its queue (staff session)
export const PATCH = apiRoute(contract.setQueuedPostPriority, async ({ principal, params, body }) =>
  ok(serializeQueuedPost(await setQueuedPostPriority({ principal, postId: params.id, priority: body.queue_priority }))),
);
