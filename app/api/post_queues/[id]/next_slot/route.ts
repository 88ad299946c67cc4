import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/post-queues";
import { getNextSlot } from "@/lib/services/queues/post-queues";

// GET /api/post_queues/:id/next_slot – the first future slot no queued post occupies
export const GET = apiRoute(contract.getPostQueueNextSlot, async ({ principal, params }) =>
  ok({ next_slot: (await getNextSlot({ principal, id: params.id })).toISOString() }),
);
