import { apiRoute, ok } from "@/lib/api/route";
import { renderPost } from "@/lib/serializers/post";
import * as contract from "@/lib/contracts/posts";
import { publishDraft } from "@/lib/services/posts/update-post";

// POST /api/posts/:id/publish – publish a draft
export const POST = apiRoute(contract.publishPost, async ({ principal, params }) =>
  ok(renderPost(await publishDraft({ principal, id: params.id }))),
);
