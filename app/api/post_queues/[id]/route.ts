import { apiRoute, ok } from "@/lib/api/route";
import { serializePostQueue } from "@/lib/serializers/post-queue";
import * as contract from "@/lib/contracts/post-queues";
import { deletePostQueue, getPostQueueOrThrow, updatePostQueue } from "@/lib/services/queues/post-queues";

// GET /api/post_queues/:id – one queue with its timeslots
export const GET = apiRoute(contract.getPostQueue, async ({ principal, params }) =>
  ok(serializePostQueue(await getPostQueueOrThrow({ principal, id: params.id }))),
);

// PATCH /api/post_queues/:id – update a queue; timing changes and resuming rearrange its posts
export const PATCH = apiRoute(contract.updatePostQueue, async ({ principal, params, body }) =>
  ok(serializePostQueue(await updatePostQueue({ principal, id: params.id, input: body }))),
);

// DELETE /api/post_queues/:id – delete a queue; its posts stay, without a queue
export const DELETE = apiRoute(contract.deletePostQueue, async ({ principal, params }) =>
  ok(await deletePostQueue({ principal, id: params.id })),
);
