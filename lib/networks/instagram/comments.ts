import { z } from "zod";
import type { Comments } from "../types";
import { findGraphComment } from "../graph/comments";
import { deleteGraphNode } from "../graph/delete";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import { igUserOf, instagramApi, type Ctx, type InstagramSettings } from "./settings";

// Comments on the account's media (networks.md "instagram" comments), with the user token:
//   create    POST /{media-id}/comments {message}, or POST /{comment-id}/replies {message}; answers {id}
//   read-back GET /{media-id}/comments or /{comment-id}/replies (the account's own comment, same text)
//   delete    DELETE /{comment-id} (already gone counts as deleted)
//   hide      POST /{comment-id} {hide: true|false}
// Instagram has no comment likes through the API.

const ZId = z.object({ id: z.coerce.string() }).loose();
const ZSuccess = z.object({ success: z.boolean() }).loose();
const at = (ctx: Ctx, path: string) => graphUrl(ctx.settings.graph_url, ctx.settings.api_version, path);
const edgeOf = (draft: { parentExternalId: string | null; postExternalId: string }) =>
  draft.parentExternalId ? `${draft.parentExternalId}/replies` : `${draft.postExternalId}/comments`;

export const instagramComments: Comments<InstagramSettings> = {
  announcesCreated: true,
  create: async (ctx, draft) => {
    const { id } = await graphRequest(
      ctx,
      instagramApi,
      { url: at(ctx, edgeOf(draft)), form: { message: draft.body }, token: requireToken(draft.auth) },
      ZId,
    );
    return { externalId: id };
  },
  findCreated: (ctx, draft) =>
    findGraphComment(
      ctx,
      instagramApi,
      { url: at(ctx, edgeOf(draft)), query: { fields: "id,text,timestamp,from" }, token: requireToken(draft.auth) },
      { draft, authorId: igUserOf(draft.auth), textField: "text", timeField: "timestamp" },
    ),
  delete: async (ctx, ref) => {
    await deleteGraphNode(ctx, instagramApi, { url: at(ctx, ref.externalId), token: requireToken(ref.auth) });
  },
  hide: async (ctx, ref) => {
    await graphRequest(
      ctx,
      instagramApi,
      { url: at(ctx, ref.externalId), form: { hide: ref.hidden }, token: requireToken(ref.auth) },
      ZSuccess,
    );
  },
};
