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
// network's id of it). `text` is accepted for `body`, as clients send it (the official clients do).
export const ZProfileReplyBody = z
  .object({
    body: z.string().optional().describe("the reply's text (`text` is accepted as an alias)"),
    text: z.string().optional().describe("alias of `body`"),
    parent_id: z
      .string()
      .trim()
      .min(1, "can't be blank")
      .describe("the review or recommendation answered: its id or the network's id"),
  })
  .transform(({ body, text, parent_id }) => ({ body: (body ?? text ?? "").trim(), parent_id }))
  .refine((v) => v.body.length > 0, { message: "body can't be blank", path: ["body"] });
export type TProfileReplyBody = z.infer<typeof ZProfileReplyBody>;
export const ZProfileReplyDoc = z.object({
  body: z.string().describe("the reply's text; required unless `text` is given"),
  text: z.string().optional().describe("alias of `body`"),
  parent_id: z.string().describe("the review or recommendation answered: its id or the network's id"),
});
