import type { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { publicMediaUrl } from "@/lib/media/storage";
import type { TBulkComment, TCommentFields, TCommentInboxAction, ZComment } from "@/lib/schemas/comments";
import { serializeErrorDetails } from "./post";

// The Comment resource (the Comment schema of lib/contracts/comments.ts). Webhook payloads (comment.created)
// reuse it. Attachment URLs are our stored copy once processed, the network's own URL until then.

export const COMMENT_INCLUDE = { attachments: { orderBy: { position: "asc" } } } satisfies Prisma.CommentInclude;
export type CommentRow = Prisma.CommentGetPayload<{ include: typeof COMMENT_INCLUDE }>;

const iso = (d: Date | null) => d?.toISOString() ?? null;
const objectOrNull = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

export const serializeCommentFields = (c: CommentRow, urlOf: (key: string) => string): TCommentFields => ({
  id: c.id,
  external_id: c.externalId,
  body: c.body,
  status: c.status,
  error: c.error,
  ...(c.errorDetails !== null && { error_details: serializeErrorDetails(c.errorDetails) }),
  author_username: c.authorUsername,
  author_avatar_url: c.authorAvatarUrl,
  author_external_id: c.authorExternalId,
  metadata: objectOrNull(c.metadata),
  parent_external_id: c.parentExternalId,
  like_count: c.likeCount,
  is_hidden: c.isHidden,
  permalink: c.permalink,
  platform_data: objectOrNull(c.platformData),
  attachments: c.attachments.map((a) => ({
    id: a.id,
    type: a.type as TCommentFields["attachments"][number]["type"],
    url: a.status === "processed" && a.storageKey ? urlOf(a.storageKey) : a.sourceUrl,
    status: a.status,
    ...(a.externalId !== null && { external_id: a.externalId }),
  })),
  posted_at: iso(c.postedAt),
  created_at: c.createdAt.toISOString(),
});

type TComment = z.infer<typeof ZComment>;

// Per-post list and single comment: the comment with the replies given (oldest first).
export const serializeComment = (c: CommentRow, replies: CommentRow[], urlOf: (key: string) => string): TComment => ({
  ...serializeCommentFields(c, urlOf),
  replies: replies.map((r) => serializeCommentFields(r, urlOf)),
});

// A comment as the services answer it (lib/services/comments): the row and the replies under it.
export type CommentThread = { comment: CommentRow; replies: CommentRow[] };

// The Comment as the API answers it (GET/POST /api/posts/:id/comments…, an Idempotency-Key replay).
export const renderComment = ({ comment, replies }: CommentThread): TComment =>
  serializeComment(comment, replies, publicMediaUrl);

// GET /api/comments: flat, plus where the comment is. `post_id` is the thread's root post (the post
// resource clients can fetch); `platform_post_id` in the webhook names the exact link.
export const serializeBulkComment = (c: CommentRow, urlOf: (key: string) => string) => ({
  ...serializeCommentFields(c, urlOf),
  post_id: c.rootPostId ?? "", // set on every post comment; only profile-level comments (not listed here) lack it
  profile_id: c.profileId,
  platform: c.platform,
});

// An entry of GET /api/comments as the service answers it: the row and the writes it takes now
// (lib/services/comments/inbox.ts `supportedActionsFor`).
export type InboxComment = { comment: CommentRow; supportedActions: TCommentInboxAction[] };

export const renderBulkComment = ({ comment, supportedActions }: InboxComment): TBulkComment => ({
  ...serializeBulkComment(comment, publicMediaUrl),
  supported_actions: supportedActions,
});

// comment.created (lib/schemas/webhooks.ts): the comment fields plus where it is and who wrote it.
export const commentEventData = (c: CommentRow, replyCount: number, urlOf: (key: string) => string) => ({
  ...serializeCommentFields(c, urlOf),
  post_id: c.rootPostId!, // comment.created is about post comments (profile-level ones: profile_comment.created)
  platform_post_id: c.platformPostId,
  profile_id: c.profileId,
  platform: c.platform,
  author_name: c.authorName,
  reply_count: replyCount,
});
