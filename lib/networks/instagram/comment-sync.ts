import { z } from "zod";
import { metaTime } from "../graph/inbound";
import { graphPaged, graphUrl, requireToken } from "../graph/request";
import type { CommentSync, InboundComment } from "../types";
import { instagramAuthorSignals } from "./author-signals";
import { instagramApi, type Ctx, type InstagramSettings } from "./settings";

// The catch-up for lost Instagram webhooks, with the user token: GET /{media-id}/comments, then
// GET /{comment-id}/replies for each comment (Instagram has one reply level). Applied like
// pushed comments (the same rows; platform_data is left as the push wrote it). At most hourly per post.

const CATCH_UP_POLL_MS = 60 * 60_000;
const FIELDS = "id,text,timestamp,from,like_count,hidden";

const ZComment = z
  .object({
    id: z.coerce.string(),
    text: z.string().optional(),
    timestamp: z.string().optional(),
    from: z.object({ id: z.coerce.string(), username: z.string().optional() }).loose().optional(),
    like_count: z.number().optional(),
    hidden: z.boolean().optional(),
  })
  .loose();

const commentOf = (c: z.infer<typeof ZComment>, parent: string): InboundComment => ({
  externalId: c.id,
  parentExternalId: parent,
  body: c.text ?? "",
  authorExternalId: c.from?.id ?? null,
  authorUsername: c.from?.username ?? null,
  authorName: null,
  authorAvatarUrl: null,
  metadata: null, // author signals are not part of the comment node
  likeCount: c.like_count ?? null,
  isHidden: c.hidden ?? null,
  permalink: null,
  platformData: null,
  attachments: [],
  postedAt: metaTime(c.timestamp),
});

export const listInstagramComments: NonNullable<CommentSync<InstagramSettings>["listPostComments"]> = async (
  ctx: Ctx,
  { auth, postExternalId },
) => {
  const token = requireToken(auth);
  const edge = (path: string) =>
    graphPaged(
      ctx,
      instagramApi,
      { url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, path), query: { fields: FIELDS }, token },
      ZComment,
    );
  const out: InboundComment[] = [];
  for (const top of await edge(`${postExternalId}/comments`)) {
    out.push(commentOf(top, postExternalId));
    for (const reply of await edge(`${top.id}/replies`)) out.push(commentOf(reply, top.id));
  }
  return out;
};

export const instagramCommentSync: CommentSync<InstagramSettings> = {
  emitsCreated: true,
  postPollMs: CATCH_UP_POLL_MS,
  listPostComments: listInstagramComments,
  authorSignals: instagramAuthorSignals, // the commenter's User Profile fields (author-signals.ts)
};
