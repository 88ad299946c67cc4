import type { TPost } from "@/lib/schemas/posts";

// Which post actions the API allows for a post as it stands (the admin shows only those). Mirrors
// lib/services/posts/update-post.ts: PATCH edits drafts, posts whose media failed, and posts due more than
// 5 minutes from now; POST /publish publishes a draft, or a processed post's failed networks again.

export const EDIT_MARGIN_MS = 5 * 60 * 1000;

type ActionInput = Pick<TPost, "status" | "draft" | "scheduled_at"> & {
  platforms: Pick<TPost["platforms"][number], "status">[];
};

export type TPostActions = {
  edit: boolean; // body, media, per-network options, time, queue and priority (PATCH)
  publishDraft: boolean; // POST /publish on a draft
  publishNow: boolean; // PATCH clearing the time and the queue: out at once
  retryFailed: boolean; // POST /publish on a processed post with failed networks
};

export const isEditable = (post: ActionInput, now = Date.now()) =>
  post.draft ||
  post.status === "media_processing_failed" ||
  ((post.status === "pending" || post.status === "scheduled") &&
    !!post.scheduled_at &&
    new Date(post.scheduled_at).getTime() - now > EDIT_MARGIN_MS);

export const availableActions = (post: ActionInput, now = Date.now()): TPostActions => {
  const edit = isEditable(post, now);
  return {
    edit,
    publishDraft: post.draft,
    publishNow: edit && !post.draft,
    retryFailed: !post.draft && post.status === "processed" && post.platforms.some((p) => p.status === "failed"),
  };
};
