import type { z } from "zod";
import type { ZProfileComment } from "@/lib/schemas/profile-comments";
import type { CommentRow, CommentThread } from "./comment";

// Profile-level comments (lib/contracts/profile-comments.ts: google_business reviews, facebook recommendations) and
// their profile_comment.created payload (lib/schemas/webhooks.ts).

const iso = (d: Date | null) => d?.toISOString() ?? null;
const objectOrNull = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

export const serializeProfileCommentFields = (c: CommentRow) => ({
  id: c.id,
  external_id: c.externalId,
  parent_external_id: c.parentExternalId,
  placement_id: c.placementId,
  body: c.body,
  status: c.status,
  author_username: c.authorUsername,
  author_avatar_url: c.authorAvatarUrl,
  platform_data: objectOrNull(c.platformData),
  posted_at: iso(c.postedAt),
  created_at: c.createdAt.toISOString(),
});

export const serializeProfileComment = (c: CommentRow, replies: CommentRow[]): z.infer<typeof ZProfileComment> => ({
  ...serializeProfileCommentFields(c),
  replies: replies.map(serializeProfileCommentFields),
});

// A review, recommendation or our reply as the API answers it (GET/POST /api/profiles/:id/comments, an
// Idempotency-Key replay), from the row and the replies the service found under it.
export const renderProfileComment = ({ comment, replies }: CommentThread) => serializeProfileComment(comment, replies);

export const profileCommentEventData = (c: CommentRow) => ({
  profile_id: c.profileId,
  platform: c.platform,
  ...serializeProfileCommentFields(c),
});
