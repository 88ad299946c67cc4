import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/comments";
import { listComments } from "@/lib/services/comments/read-comments";

// GET /api/comments – every comment the caller can see, flat, newest first
export const GET = apiRoute(contract.listComments, async ({ principal, query }) =>
  ok(await listComments({ principal, query })),
);
