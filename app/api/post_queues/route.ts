import { apiRoute, created, ok } from "@/lib/api/route";
import { serializePostQueue } from "@/lib/serializers/post-queue";
import * as contract from "@/lib/contracts/post-queues";
import { createPostQueue, listPostQueues } from "@/lib/services/queues/post-queues";

// GET /api/post_queues – queues of the caller, optionally of one profile group
export const GET = apiRoute(contract.listPostQueues, async ({ principal, query }) =>
  ok({ data: (await listPostQueues({ principal, profileGroupId: query.profile_group_id })).map(serializePostQueue) }),
);

// POST /api/post_queues – create a queue with its timeslots
export const POST = apiRoute(contract.createPostQueue, async ({ principal, body }) =>
  created(serializePostQueue(await createPostQueue({ principal, input: body }))),
);
