import { z } from "zod";
import type { CommentDraft, Comments, PublishInput } from "../types";
import { graphRequest, graphUrl, requireToken } from "../graph/request";
import { findThreadsPost, publishThreads } from "./publish";
import { threadsApi, type ThreadsSettings } from "./settings";

// Comments on Threads are replies (networks.md "threads" publish, replies): a TEXT container with
// `reply_to_id` (the post, or the reply answered), published like a post, and read back among the
// account's recent replies to the same parent (publish.ts). Hiding: POST /{reply-id}/manage_reply
// {hide}. Threads deletes no replies through the API (spec: no delete).

const ZSuccess = z.object({ success: z.boolean() }).loose();

// A reply as the publisher sends it: text only, answering the parent comment or the post.
const asReply = (draft: CommentDraft): PublishInput => ({
  auth: draft.auth,
  placement: null,
  body: draft.body,
  media: [],
  params: {},
  replyTo: { externalId: draft.parentExternalId ?? draft.postExternalId, rootExternalId: draft.postExternalId },
  clientReference: draft.clientReference,
});

export const threadsComments: Comments<ThreadsSettings> = {
  announcesCreated: true,
  create: async (ctx, draft) => {
    const { externalId, url } = await publishThreads(ctx, asReply(draft));
    return { externalId, permalink: url ?? null };
  },
  findCreated: async (ctx, draft) => {
    const found = await findThreadsPost(ctx, asReply(draft));
    return found ? { externalId: found.externalId, permalink: found.url ?? null } : null;
  },
  hide: async (ctx, ref) => {
    await graphRequest(
      ctx,
      threadsApi,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${ref.externalId}/manage_reply`),
        form: { hide: ref.hidden },
        token: requireToken(ref.auth),
        tokenIn: "query",
      },
      ZSuccess,
    );
  },
};
