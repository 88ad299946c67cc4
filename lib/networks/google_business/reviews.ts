import { z } from "zod";
import { googleJson, withQuery } from "../google/api";
import type {
  CommentSync,
  ConnectorContext,
  CreatedComment,
  InboundComment,
  InboundProfileComment,
  ManagedPlacement,
  ProfileReplyDraft,
} from "../types";
import { locationOf } from "./publish";

// A location's reviews (Business Profile v4, hand-written: no discovery document exists):
// GET {mybusiness_url}/accounts/{a}/locations/{l}/reviews?pageSize=50&orderBy=updateTime desc&pageToken,
// at most MAX_PAGES pages per sync. Each review is a profile-level comment; the owner's `reviewReply`
// is its reply (external id `<review name>/reply`). Anonymous reviewers have no name.

const MAX_PAGES = 20;
type Ctx = ConnectorContext<{ mybusiness_url: string }>;

const ZReview = z
  .object({
    name: z.string(),
    reviewId: z.string().optional(),
    reviewer: z
      .object({
        displayName: z.string().optional(),
        profilePhotoUrl: z.string().optional(),
        isAnonymous: z.boolean().optional(),
      })
      .loose()
      .optional(),
    starRating: z.string().optional(),
    comment: z.string().optional(),
    createTime: z.string().optional(),
    updateTime: z.string().optional(),
    reviewReply: z
      .object({ comment: z.string(), updateTime: z.string().optional(), state: z.string().optional() })
      .loose()
      .optional(),
    policyViolation: z.unknown().optional(),
  })
  .loose();
const ZReviews = z.object({
  reviews: z.array(ZReview).default([]),
  nextPageToken: z.string().optional(),
  averageRating: z.number().optional(),
  totalReviewCount: z.number().optional(),
});

const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
const base = (
  c: Omit<InboundComment, "metadata" | "likeCount" | "isHidden" | "attachments" | "authorExternalId">,
): InboundComment => ({
  ...c,
  authorExternalId: null,
  metadata: null,
  likeCount: null,
  isHidden: null,
  attachments: [],
});

const reviewOf = (r: z.infer<typeof ZReview>): InboundProfileComment => {
  const name = r.reviewer?.isAnonymous ? null : (r.reviewer?.displayName ?? null);
  return {
    ...base({
      externalId: r.name,
      parentExternalId: null,
      body: r.comment ?? "",
      authorUsername: name,
      authorName: name,
      authorAvatarUrl: r.reviewer?.profilePhotoUrl ?? null,
      permalink: null,
      platformData: {
        star_rating: r.starRating ?? null,
        rating: r.starRating ? (STARS[r.starRating] ?? null) : null,
        ...(r.updateTime && { update_time: r.updateTime }),
        ...(r.policyViolation !== undefined && { policy_violation: r.policyViolation }),
      },
      postedAt: r.createTime ? new Date(r.createTime) : null,
    }),
    replies: r.reviewReply
      ? [
          base({
            externalId: `${r.name}/reply`,
            parentExternalId: r.name,
            body: r.reviewReply.comment,
            authorUsername: null,
            authorName: null,
            authorAvatarUrl: null,
            permalink: null,
            platformData: { owner_reply: true, ...(r.reviewReply.state && { state: r.reviewReply.state }) },
            postedAt: r.reviewReply.updateTime ? new Date(r.reviewReply.updateTime) : null,
          }),
        ]
      : [],
  };
};

export const listReviews = async (
  ctx: Ctx,
  { auth, placement }: ManagedPlacement,
): Promise<InboundProfileComment[]> => {
  const location = locationOf({ placement, params: {} });
  const out: InboundProfileComment[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const url = withQuery(`${ctx.settings.mybusiness_url.replace(/\/+$/, "")}/${location}/reviews`, {
      pageSize: "50",
      orderBy: "updateTime desc",
      pageToken,
    });
    const res = await googleJson(ctx, url, auth, { schema: ZReviews, what: "reviews.list" });
    out.push(...res.reviews.map(reviewOf));
    pageToken = res.nextPageToken;
    if (!pageToken) break;
  }
  return out;
};

// The owner's reply: PUT {review}/reply {comment} answers the ReviewReply. A review has one reply, which
// a PUT replaces, so the reply is known as `<review name>/reply`; the read-back (GET {review}) finds it
// when the review's reply says our text.
const ZReviewReply = z.object({ comment: z.string(), updateTime: z.string().optional() }).loose();
const reviewUrl = (ctx: Ctx, review: string) => `${ctx.settings.mybusiness_url.replace(/\/+$/, "")}/${review}`;
const replyOf = (review: string, reply: z.infer<typeof ZReviewReply>): CreatedComment => ({
  externalId: `${review}/reply`,
  postedAt: reply.updateTime ? new Date(reply.updateTime) : null,
});

export const replyToReview = async (ctx: Ctx, draft: ProfileReplyDraft): Promise<CreatedComment> => {
  const reply = await googleJson(ctx, `${reviewUrl(ctx, draft.parentExternalId)}/reply`, draft.auth, {
    method: "PUT",
    json: { comment: draft.body },
    schema: ZReviewReply,
    what: "reviews.updateReply",
  });
  return replyOf(draft.parentExternalId, reply);
};

export const findReviewReply = async (ctx: Ctx, draft: ProfileReplyDraft): Promise<CreatedComment | null> => {
  const review = await googleJson(ctx, reviewUrl(ctx, draft.parentExternalId), draft.auth, {
    schema: ZReview,
    what: "reviews.get",
  });
  return review.reviewReply && review.reviewReply.comment.trim() === draft.body.trim()
    ? replyOf(draft.parentExternalId, review.reviewReply)
    : null;
};

export const googleBusinessCommentSync: CommentSync<{ mybusiness_url: string }> = {
  emitsCreated: true,
  listProfileComments: listReviews,
  replyToProfileComment: replyToReview,
  profileReplyReplaces: true, // a review has one reply (PUT {review}/reply)
  findProfileReply: findReviewReply,
};
