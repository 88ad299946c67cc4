import { apiRoute, ok } from "@/lib/api/route";
import * as contract from "@/lib/contracts/posts";
import { publishDraft } from "@/lib/services/posts/update-post";

// POST /api/posts/:id/publish – publish a draft
export const POST = apiRoute(contract.publishPost, async ({ principal, params }) =>
  ok(await publishDraft({ principal, id: params.id })),
);
