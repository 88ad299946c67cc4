import { z } from "zod";
import { findGraphComment } from "../graph/comments";
import { metaTime } from "../graph/inbound";
import { graphPaged, graphUrl } from "../graph/request";
import type { CommentSync, CreatedComment, InboundComment, InboundProfileComment, ProfileReplyDraft } from "../types";
import { pageCall, pageOf, type Ctx } from "./page";
import { facebookApi, type FacebookSettings } from "./settings";

// What we read from Facebook besides the Page webhooks, as the Page with its token:
//   - the catch-up for lost pushes: GET /{post-id}/comments?filter=stream&order=chronological (every
//     comment and reply, replies naming their `parent`), applied like pushed comments (the same rows;
//     platform_data is left as the push wrote it);
//   - recommendations (profile-level comments): GET /{page-id}/ratings with the fields below
//     (pages_read_user_content). A recommendation is known by its open_graph_story id, which is also
//     what the Page answers on (POST /{story-id}/comments); the Page's own answers are its replies.
// Meta pushes are the main path: a post is read again at most hourly (polls taper as posts age).

const CATCH_UP_POLL_MS = 60 * 60_000;
const COMMENT_FIELDS =
  "id,message,created_time,from{id,name},parent{id},is_hidden,like_count,permalink_url,attachment{type,url,media}";
const RATING_FIELDS = `created_time,recommendation_type,review_text,rating,has_rating,has_review,reviewer{id,name},open_graph_story{id,comments{${"id,message,created_time,from{id,name}"}}}`;

const ZFrom = z.object({ id: z.coerce.string(), name: z.string().optional() }).loose();
const ZComment = z
  .object({
    id: z.coerce.string(),
    message: z.string().optional(),
    created_time: z.string().optional(),
    from: ZFrom.optional(),
    parent: z.object({ id: z.coerce.string() }).loose().optional(),
    is_hidden: z.boolean().optional(),
    like_count: z.number().optional(),
    permalink_url: z.string().optional(),
    attachment: z
      .object({
        type: z.string().optional(),
        url: z.string().optional(),
        media: z
          .object({ image: z.object({ src: z.string() }).loose().optional() })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();
const ZRating = z
  .object({
    created_time: z.string().optional(),
    recommendation_type: z.enum(["positive", "negative"]).optional(),
    review_text: z.string().optional(),
    rating: z.number().optional(),
    reviewer: ZFrom.optional(),
    open_graph_story: z
      .object({
        id: z.coerce.string(),
        comments: z
          .object({ data: z.array(ZComment) })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

const commentOf = (
  c: z.infer<typeof ZComment>,
  parent: string,
  platformData: Record<string, unknown> | null = null,
): InboundComment => {
  const image = c.attachment?.media?.image?.src;
  return {
    externalId: c.id,
    parentExternalId: parent,
    body: c.message ?? "",
    authorExternalId: c.from?.id ?? null,
    authorUsername: null, // Pages give a name, not a username
    authorName: c.from?.name ?? null,
    authorAvatarUrl: null,
    metadata: null,
    likeCount: c.like_count ?? null,
    isHidden: c.is_hidden ?? null,
    permalink: c.permalink_url ?? null,
    platformData,
    attachments: c.attachment
      ? [
          {
            type: c.attachment.type?.includes("video") ? "video" : image ? "image" : "external",
            url: image ?? c.attachment.url ?? null,
          },
        ]
      : [],
    postedAt: metaTime(c.created_time),
  };
};

export const listFacebookPostComments: NonNullable<CommentSync<FacebookSettings>["listPostComments"]> = async (
  ctx: Ctx,
  { placement, postExternalId },
) => {
  const page = pageOf(placement);
  const call = {
    url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${postExternalId}/comments`),
    query: { filter: "stream", order: "chronological", fields: COMMENT_FIELDS },
    token: page.token,
    appSecret: ctx.settings.client_secret,
  };
  const comments = await graphPaged(ctx, facebookApi, call, ZComment);
  return comments.map((c) => commentOf(c, c.parent?.id ?? postExternalId));
};

// Recommendations without a story cannot be answered or told apart: skipped.
export const listFacebookRecommendations: NonNullable<CommentSync<FacebookSettings>["listProfileComments"]> = async (
  ctx: Ctx,
  { placement },
) => {
  const page = pageOf(placement);
  const call = {
    url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${page.id}/ratings`),
    query: { fields: RATING_FIELDS },
    token: page.token,
    appSecret: ctx.settings.client_secret,
  };
  const ratings = await graphPaged(ctx, facebookApi, call, ZRating);
  return ratings.flatMap((r): InboundProfileComment[] => {
    const story = r.open_graph_story;
    if (!story) return [];
    return [
      {
        ...commentOf({ id: story.id, message: r.review_text, created_time: r.created_time, from: r.reviewer }, ""),
        parentExternalId: null,
        permalink: `https://www.facebook.com/${story.id}`,
        platformData: {
          recommendation_type: r.recommendation_type ?? null,
          ...(r.rating !== undefined && { rating: r.rating }),
        },
        replies: (story.comments?.data ?? [])
          .filter((c) => c.from?.id === page.id)
          .map((c) => commentOf(c, story.id, { owner_reply: true })),
      },
    ];
  });
};

// The Page's answer to a recommendation: POST /{story-id}/comments {message}; the read-back looks for the
// Page's own comment with the same text on the story (as for post comments).
const ZId = z.object({ id: z.coerce.string() }).loose();
export const replyToRecommendation = async (ctx: Ctx, draft: ProfileReplyDraft): Promise<CreatedComment> => {
  const { id } = await pageCall(ctx, pageOf(draft.placement), `${draft.parentExternalId}/comments`, ZId, {
    form: { message: draft.body },
  });
  return { externalId: id };
};
export const findRecommendationReply = (ctx: Ctx, draft: ProfileReplyDraft): Promise<CreatedComment | null> => {
  const page = pageOf(draft.placement);
  const call = {
    url: graphUrl(ctx.settings.graph_url, ctx.settings.api_version, `${draft.parentExternalId}/comments`),
    query: { filter: "stream", order: "reverse_chronological", fields: "id,message,created_time,from" },
    token: page.token,
    appSecret: ctx.settings.client_secret,
  };
  return findGraphComment(ctx, facebookApi, call, {
    draft,
    authorId: page.id,
    textField: "message",
    timeField: "created_time",
  });
};

export const facebookCommentSync: CommentSync<FacebookSettings> = {
  emitsCreated: true,
  postPollMs: CATCH_UP_POLL_MS,
  listPostComments: listFacebookPostComments,
  listProfileComments: listFacebookRecommendations,
  replyToProfileComment: replyToRecommendation,
  findProfileReply: findRecommendationReply,
};
