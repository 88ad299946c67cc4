import { z } from "zod";
import type { CommentRef, Comments } from "../types";
import { findGraphComment } from "../graph/comments";
import { deleteGraphNode } from "../graph/delete";
import { graphRequest, graphUrl } from "../graph/request";
import { pageCall, pageOf, type Ctx } from "./page";
import { facebookApi, type FacebookSettings } from "./settings";

// Comments on a Page's posts, as the Page with its token (networks.md "facebook" comments):
//   create   POST /{post-id}/comments {message}, or POST /{comment-id}/comments to reply; answers {id}
//   read-back GET /{post-or-comment-id}/comments?filter=stream&order=reverse_chronological (the Page's own
//            comment with the same text)
//   delete   DELETE /{comment-id} (already gone counts as deleted)
//   hide     POST /{comment-id} {is_hidden: true|false}
//   like     POST /{comment-id}/likes, unlike DELETE /{comment-id}/likes

const ZId = z.object({ id: z.coerce.string() }).loose();
const ZSuccess = z.object({ success: z.boolean() }).loose();

// A Graph call as the Page the post is on.
const call = (ctx: Ctx, ref: { placement: CommentRef["placement"] }, path: string) => {
  const page = pageOf(ref.placement);
  return {
    url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, path),
    token: page.token,
    appSecret: ctx.settings.client_secret,
  };
};

export const facebookComments: Comments<FacebookSettings> = {
  announcesCreated: true,
  create: async (ctx, draft) => {
    const page = pageOf(draft.placement);
    const { id } = await pageCall(ctx, page, `${draft.parentExternalId ?? draft.postExternalId}/comments`, ZId, {
      form: { message: draft.body },
    });
    return { externalId: id };
  },
  findCreated: async (ctx, draft) => {
    const c = call(ctx, draft, `${draft.parentExternalId ?? draft.postExternalId}/comments`);
    return findGraphComment(
      ctx,
      facebookApi,
      {
        ...c,
        query: {
          filter: "stream",
          order: "reverse_chronological",
          fields: "id,message,created_time,from,permalink_url",
        },
      },
      { draft, authorId: pageOf(draft.placement).id, textField: "message", timeField: "created_time" },
    );
  },
  delete: async (ctx, ref) => {
    await deleteGraphNode(ctx, facebookApi, call(ctx, ref, ref.externalId));
  },
  hide: async (ctx, ref) => {
    await pageCall(ctx, pageOf(ref.placement), ref.externalId, ZSuccess, { form: { is_hidden: ref.hidden } });
  },
  like: async (ctx, ref) => {
    const c = call(ctx, ref, `${ref.externalId}/likes`);
    await graphRequest(ctx, facebookApi, ref.liked ? { ...c, form: {} } : { ...c, method: "DELETE" }, ZSuccess);
  },
};
