import { paginated } from "@/lib/pagination";
import { apiRoute, ok } from "@/lib/api/route";
import { renderBulkComment } from "@/lib/serializers/comment";
import * as contract from "@/lib/contracts/comments";
import { listComments } from "@/lib/services/comments/read-comments";

// GET /api/comments – every comment the caller can see, flat, newest first
export const GET = apiRoute(contract.listComments, async ({ principal, query }) => {
  const { total, entries } = await listComments({ principal, query });
  return ok(paginated(query, total, entries.map(renderBulkComment)));
});
