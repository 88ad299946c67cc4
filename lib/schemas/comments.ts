import { z } from "zod";
import { storableQueryInstant, zId } from "./common";
import { paginatedListOf, zPageQuery } from "./lists";

// Comments (API reference, tag "Comments": lib/contracts/comments.ts).

export const COMMENT_STATUSES = [
  "synced",
  "pending",
  "published",
  "failed",
  "failed_waiting_for_retry",
  "delivery_unconfirmed",
] as const;
export const ATTACHMENT_TYPES = ["image", "video", "audio", "gif", "external", "file"] as const;

export const ZCommentAttachment = z
  .object({
    id: z.string(),
    type: z.enum(ATTACHMENT_TYPES),
    url: z.string().nullable().describe("our stored copy once processed; the network's URL while pending"),
    status: z.enum(["pending", "processed", "failed"]),
    external_id: z.string().optional().describe("omitted when the network gives none"),
  })
  .meta({ id: "CommentAttachment" });

export const ZCommentErrorDetails = z.object({
  platform_error_code: z.string().nullable(),
  platform_error_subcode: z.string().nullable(),
  platform_error_message: z.string().nullable(),
  postproxy_note: z.string().nullable(),
});

export const commentFields = {
  id: z.string(),
  external_id: z.string().nullable().describe("the network's comment id; null while pending"),
  body: z.string(),
  status: z.enum(COMMENT_STATUSES),
  error: z.string().nullable(),
  error_details: ZCommentErrorDetails.nullable().optional().describe("omitted when no network error info exists"),
  author_username: z.string().nullable(),
  author_avatar_url: z.string().nullable(),
  author_external_id: z.string().nullable(),
  metadata: z
    .record(z.string(), z.unknown())
    .nullable()
    .describe(
      "instagram author signals: is_verified_user, is_user_follow_business, is_business_follow_user, follower_count, author_fetched_at",
    ),
  parent_external_id: z.string().nullable().describe("null for top-level comments"),
  like_count: z.int(),
  is_hidden: z.boolean(),
  permalink: z.string().nullable(),
  platform_data: z.record(z.string(), z.unknown()).nullable().describe("network-specific"),
  attachments: z.array(ZCommentAttachment),
  posted_at: z.string().nullable().describe("time on the network"),
  created_at: z.string().describe("time the service received it"),
};

export type TCommentFields = z.infer<z.ZodObject<typeof commentFields>>;

export const ZReply = z.object(commentFields).meta({ id: "CommentReply" });
export const ZComment = z
  .object({
    ...commentFields,
    replies: z.array(ZReply).describe("every reply under this comment, oldest first, each keeping parent_external_id"),
  })
  .meta({ id: "Comment" });
// What the admin inbox may offer on a comment: the network's writes (the connector's `comments`
// capability) that apply to it now (a comment without a network id takes none).
export const COMMENT_INBOX_ACTIONS = ["reply", "delete", "hide", "like", "pin", "private_reply"] as const;
export type TCommentInboxAction = (typeof COMMENT_INBOX_ACTIONS)[number];

export const ZBulkComment = z
  .object({
    ...commentFields,
    post_id: z.string(),
    profile_id: z.string(),
    platform: z.string(),
    supported_actions: z
      .array(z.enum(COMMENT_INBOX_ACTIONS))
      .describe(
        "the writes the network takes on this comment now: `reply` (POST …/comments with `parent_id`), `delete`, `hide`/`unhide`, `like`/`unlike`, `pin`/`unpin`, `private_reply` (POST …/comments/:id/private_reply: someone else's comment, within the network's days, while it has none); empty while it has no network id (an extension of the spec)",
      ),
  })
  .meta({ id: "BulkComment" });

export const ZCommentList = paginatedListOf(ZComment);
export const ZBulkCommentList = paginatedListOf(ZBulkComment);

// `from`/`to`: ISO 8601; a date alone means the start of that day (UTC). Anything else is a 400.
const ZInstant = storableQueryInstant(
  z.union([z.iso.datetime({ offset: true, local: true }), z.iso.date()], {
    error: "must be an ISO 8601 timestamp or date",
  }),
).optional();

const profileId = z.string({ error: "profile_id is required" }).trim().min(1);

export const ZPostCommentsParams = z.object({ id: zId("post") });
export const ZPostCommentParams = z.object({
  id: zId("post"),
  comment_id: z.string().min(1).describe("the comment's id or the network's id of it"),
});

export const ZPostCommentsQuery = z.object({
  profile_id: profileId,
  from: ZInstant,
  to: ZInstant,
  profile_group_id: z.string().optional(),
  ...zPageQuery({ base: 1, defaultPerPage: 20, maxPerPage: 100 }).shape,
});

export const ZPostCommentQuery = z.object({ profile_id: profileId, profile_group_id: z.string().optional() });
// Writes: `profile_id` in the query (every client) or in the JSON body (the n8n node); one of
// them is required (400 without, as for the query).
const optionalProfileId = z.string().trim().min(1).optional();
export const ZPostCommentWriteQuery = z.object({
  profile_id: optionalProfileId.describe("the profile; required here or in the body"),
  profile_group_id: z.string().optional(),
});
export const ZCommentActionBody = z.object({
  profile_id: optionalProfileId.describe("the profile, when not in the query (n8n sends it here)"),
});

export const COMMENT_INBOX_STATUSES = ["needs_reply", "replied", "hidden"] as const;
export type TCommentInboxStatus = (typeof COMMENT_INBOX_STATUSES)[number];

const commaList = z.preprocess(
  (v) => (Array.isArray(v) ? v.join(",") : v),
  z.string().transform((s) =>
    s
      .split(",")
      .map((id) => id.trim())
      .filter(Boolean),
  ),
);

export const ZCommentsQuery = z.object({
  post_ids: commaList.optional(),
  profiles: commaList.optional().describe("profile ids or network names, comma-separated"),
  from: ZInstant,
  to: ZInstant,
  profile_group_id: z.string().optional(),
  status: z
    .enum(COMMENT_INBOX_STATUSES, { error: `must be one of ${COMMENT_INBOX_STATUSES.join(", ")}` })
    .optional()
    .describe(
      "`needs_reply`: from the audience, not hidden, with no reply of ours; `replied`: with a reply of ours (not failed); `hidden` (an extension of the spec)",
    ),
  q: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe("case-insensitive text search in the body and the author's username (an extension of the spec)"),
  ...zPageQuery({ base: 1, defaultPerPage: 20, maxPerPage: 100 }).shape,
});

// POST /api/posts/:id/comments: `body` (or its alias `text`, which clients send) and an optional
// `parent_id` (our id or the network's id of the comment answered). Attachments cannot be created.
export const ZCreateCommentBody = z
  .object({
    body: z.string().optional().describe("the comment's text (`text` is accepted as an alias)"),
    text: z.string().optional().describe("alias of `body`"),
    parent_id: z
      .string()
      .trim()
      .min(1, "can't be blank")
      .optional()
      .describe("the comment answered: its id or the network's id; omit to comment on the post"),
    profile_id: optionalProfileId.describe("the profile, when not in the query (n8n sends it here)"),
  })
  .transform(({ body, text, parent_id, profile_id }) => ({
    body: (body ?? text ?? "").trim(),
    parentId: parent_id ?? null,
    profile_id,
  }))
  .refine((v) => v.body.length > 0, { message: "body can't be blank", path: ["body"] });
export type TCreateCommentBody = z.infer<typeof ZCreateCommentBody>;
export const ZCreateCommentDoc = z.object({
  body: z.string().describe("the comment's text; required unless `text` is given"),
  text: z.string().optional().describe("alias of `body`"),
  parent_id: z.string().optional().describe("the comment answered: its id or the network's id"),
  profile_id: z.string().optional().describe("the profile, when not in the query (n8n sends it here)"),
});

// POST …/comments/:id/private_reply: `text` (the spec's name; `body` is accepted as an alias, as on create).
export const ZPrivateReplyBody = z
  .object({
    text: z.string().optional().describe("the message to the commenter"),
    body: z.string().optional().describe("alias of `text`"),
  })
  .transform(({ text, body }) => ({ text: (text ?? body ?? "").trim() }))
  .refine((v) => v.text.length > 0, { message: "text can't be blank", path: ["text"] });
export type TPrivateReplyBody = z.infer<typeof ZPrivateReplyBody>;
export const ZPrivateReplyDoc = z.object({
  text: z.string().describe("the message to the commenter; required unless `body` is given"),
  body: z.string().optional().describe("alias of `text`"),
});

export type TBulkComment = z.infer<typeof ZBulkComment>;

export const ZAccepted = z.object({ accepted: z.literal(true) }).meta({ id: "Accepted" });
