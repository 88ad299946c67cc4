import { z } from "zod";
import { paginatedListOf, zPageQuery } from "./lists";

// Profile-level comments (google_business reviews, facebook recommendations;
// lib/contracts/profile-comments.ts).

export const ZProfileCommentFields = z.object({
  id: z.string(),
  external_id: z.string().nullable(),
  parent_external_id: z
    .string()
    .nullable()
    .describe("null for a review or recommendation; the review's id for a reply"),
  placement_id: z.string().nullable().describe("the location (accounts/{a}/locations/{l}) or page id"),
  body: z.string(),
  status: z.string(),
  author_username: z.string().nullable(),
  author_avatar_url: z.string().nullable(),
  platform_data: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe("e.g. star_rating (google_business), recommendation_type (facebook)"),
  posted_at: z.string().nullable(),
  created_at: z.string(),
});
export const ZProfileComment = ZProfileCommentFields.extend({ replies: z.array(ZProfileCommentFields) });
export const ZProfileCommentList = paginatedListOf(ZProfileComment);

export const ZProfileCommentsQuery = z.object({
  placement_id: z.string().trim().min(1).optional(),
  ...zPageQuery({ base: 0, defaultPerPage: 20, maxPerPage: 100 }).shape,
});

// POST /api/profiles/:id/comments: a reply to a review or recommendation (`parent_id`: our id or the
// network's id of it).
export const ZProfileReplyBody = z.object({
  body: z.string().trim().min(1, "can't be blank").describe("the reply's text"),
  parent_id: z
    .string()
    .trim()
    .min(1, "can't be blank")
    .describe("the review or recommendation answered: its id or the network's id"),
});
export type TProfileReplyBody = z.infer<typeof ZProfileReplyBody>;
