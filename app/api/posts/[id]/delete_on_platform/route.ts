import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/posts";
import { deleteOnPlatform } from "@/lib/services/posts/delete-on-platform";

// POST /api/posts/:id/delete_on_platform – delete the published copies from their networks
export const POST = apiRoute(contract.deletePostOnPlatform, async ({ principal, params, body }) =>
  ok(await deleteOnPlatform({ principal, id: params.id, scope: body })),
);
