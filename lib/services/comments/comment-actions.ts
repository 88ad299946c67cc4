import "server-only";
import { db } from "@/lib/db/client";
import { log } from "@/lib/log";
import { NetworkError } from "@/lib/networks/errors";
import type { CommentRef } from "@/lib/networks/types";
import { contextFor } from "@/lib/services/connections/context";
import { commentTargetOf, connectorOfComment, loadCommentForWrite } from "./comment-target";
import type { CommentActionName } from "./write-comments";

// One requested action on a comment, carried out on its network (the API answered `{accepted: true}`).
// The stored comment changes only once the network has done it: deleted comments leave (with the
// replies under them, which the networks remove too), hide/unhide set `is_hidden`, like/unlike move
// `like_count` by one (once: `is_liked` remembers the profile's own like), pin/unpin set `is_pinned`.
// A toggle applies the state last requested (`requested_*`, written by the API), not the one its event
// names: two requests carried out in either order end as the later one asked.
// Every action is idempotent on the networks (a gone comment counts as deleted), so a transient failure
// (rate limit, no answer) is thrown for the function's retries; a refusal is logged and given up.

export type ActionOutcome = { state: "done" | "gone" | "refused"; error?: string };

const removeWithReplies = async (c: { id: string; platformPostId: string; externalId: string | null }) => {
  let parents = c.externalId ? [c.externalId] : [];
  const ids = [c.id];
  while (parents.length) {
    const replies = await db.comment.findMany({
      where: { platformPostId: c.platformPostId, parentExternalId: { in: parents } },
      select: { id: true, externalId: true },
    });
    ids.push(...replies.map((r) => r.id));
    parents = replies.flatMap((r) => (r.externalId ? [r.externalId] : []));
  }
  await db.comment.deleteMany({ where: { id: { in: ids } } });
};

export const performCommentAction = async ({
  commentId,
  action,
  lastAttempt,
}: {
  commentId: string;
  action: CommentActionName;
  lastAttempt: boolean;
}): Promise<ActionOutcome> => {
  const c = await loadCommentForWrite(commentId);
  if (!c || !c.externalId) return { state: "gone" };
  const connector = connectorOfComment(c);
  const comments = connector.comments;
  const built = await commentTargetOf(connector, c);
  if ("problem" in built) return { state: "refused", error: built.problem };
  const ref: CommentRef = { ...built.target, externalId: c.externalId, parentExternalId: c.parentExternalId };
  const ctx = contextFor(connector);
  try {
    switch (action) {
      case "delete":
        if (!comments?.delete) break;
        await comments.delete(ctx, ref);
        await removeWithReplies(c);
        return { state: "done" };
      case "hide":
      case "unhide": {
        if (!comments?.hide) break;
        const hidden = c.requestedHidden ?? action === "hide";
        await comments.hide(ctx, { ...ref, hidden });
        await db.comment.update({ where: { id: c.id }, data: { isHidden: hidden } });
        return { state: "done" };
      }
      case "like":
      case "unlike": {
        if (!comments?.like) break;
        const liked = c.requestedLiked ?? action === "like";
        await comments.like(ctx, { ...ref, liked });
        await db.comment.updateMany({
          where: { id: c.id, isLiked: !liked },
          data: { isLiked: liked, likeCount: { increment: liked ? 1 : -1 } },
        });
        return { state: "done" };
      }
      case "pin":
      case "unpin": {
        if (!comments?.pin) break;
        const pinned = c.requestedPinned ?? action === "pin";
        await comments.pin(ctx, { ...ref, pinned });
        await db.comment.update({ where: { id: c.id }, data: { isPinned: pinned } });
        return { state: "done" };
      }
    }
    return { state: "refused", error: `${action} is not available on ${connector.displayName}` };
  } catch (err) {
    const transient = err instanceof NetworkError && (err.kind === "rate_limited" || err.kind === "outcome_unknown");
    if (transient && !lastAttempt) throw err;
    const error = err instanceof Error ? err.message : String(err);
    log.warn("comment action failed", { commentId, action, platform: c.platform, error });
    return { state: "refused", error };
  }
};
