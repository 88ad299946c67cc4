import { z } from "zod";
import { metaTime } from "../graph/inbound";
import { graphPaged, graphUrl, requireToken } from "../graph/request";
import type { CommentSync, InboundAttachment, InboundComment } from "../types";
import { threadsApi, type ThreadsSettings } from "./settings";

// The catch-up of Threads replies (like the Meta catch-up: pushes can be lost), with the user token and
// threads_read_replies: GET /{threads-media-id}/conversation lists every reply at any depth, each naming
// the post or reply it answers (`replied_to`). Applied like pushed replies (the same rows; our own chain
// links come back here too and are recognised as posts). At most hourly per post.

const CATCH_UP_POLL_MS = 60 * 60_000;
export const CONVERSATION_FIELDS = "id,text,timestamp,username,replied_to,hide_status,media_type,media_url,permalink";

const ZReply = z
  .object({
    id: z.coerce.string(),
    text: z.string().optional(),
    timestamp: z.string().optional(),
    username: z.string().optional(),
    replied_to: z.object({ id: z.coerce.string() }).loose().optional(),
    hide_status: z.string().optional(),
    media_type: z.string().optional(),
    media_url: z.string().optional(),
    permalink: z.string().optional(),
  })
  .loose();

// Threads media types carried as attachments (IMAGE, VIDEO, AUDIO, GIF).
const ATTACHMENT_TYPES: Record<string, InboundAttachment["type"]> = {
  IMAGE: "image",
  VIDEO: "video",
  AUDIO: "audio",
  GIF: "gif",
};

const replyOf = (r: z.infer<typeof ZReply>, postExternalId: string): InboundComment => {
  const type = r.media_type ? ATTACHMENT_TYPES[r.media_type] : undefined;
  return {
    externalId: r.id,
    parentExternalId: r.replied_to?.id ?? postExternalId,
    body: r.text ?? "",
    authorExternalId: null, // the conversation edge names the author by username only
    authorUsername: r.username ?? null,
    authorName: null,
    authorAvatarUrl: null,
    metadata: null,
    likeCount: null,
    isHidden: r.hide_status ? r.hide_status !== "NOT_HUSHED" : null,
    permalink: r.permalink ?? null,
    platformData: r.hide_status ? { hide_status: r.hide_status } : null,
    attachments: type ? [{ type, url: r.media_url ?? null }] : [],
    postedAt: metaTime(r.timestamp),
  };
};

export const threadsCommentSync: CommentSync<ThreadsSettings> = {
  emitsCreated: true,
  postPollMs: CATCH_UP_POLL_MS,
  listPostComments: async (ctx, { auth, postExternalId }) => {
    const replies = await graphPaged(
      ctx,
      threadsApi,
      {
        url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${postExternalId}/conversation`),
        query: { fields: CONVERSATION_FIELDS, reverse: false },
        token: requireToken(auth),
      },
      ZReply,
    );
    return replies.map((r) => replyOf(r, postExternalId));
  },
};
