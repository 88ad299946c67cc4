import type { TInboxAction } from "@/lib/query/comments";
import type { TBulkComment } from "@/lib/schemas/comments";

// Optimistic state of the inbox's writes. The API accepts an action at once and carries it out on the
// network in the background; until a refetch shows its effect, the comment is shown as if it were done
// (hidden, one more like, gone), marked as on its way. A refetch that does not show it yet does not undo
// it; after EXPIRE_MS without the effect the server's state is shown again.

export type TPendingAction = { action: TInboxAction; likeCount: number; since: number };
export type TPendingActions = Record<string, TPendingAction>;

export const EXPIRE_MS = 60_000;

// Whether the server's copy (undefined: not in the list any more) shows the action done.
export const isSettled = (pending: TPendingAction, server: TBulkComment | undefined): boolean => {
  if (pending.action === "delete") return server === undefined;
  if (!server) return true;
  if (pending.action === "hide") return server.is_hidden;
  if (pending.action === "unhide") return !server.is_hidden;
  return server.like_count > pending.likeCount;
};

export const applyPending = (comment: TBulkComment, pending: TPendingAction | undefined): TBulkComment => {
  if (!pending) return comment;
  if (pending.action === "hide" || pending.action === "unhide")
    return { ...comment, is_hidden: pending.action === "hide" };
  if (pending.action === "like") return { ...comment, like_count: Math.max(comment.like_count, pending.likeCount + 1) };
  return comment;
};

// The list as shown: pending deletes left out, other pending actions applied.
export const showWithPending = (comments: TBulkComment[], pending: TPendingActions): TBulkComment[] =>
  comments.filter((c) => pending[c.id]?.action !== "delete").map((c) => applyPending(c, pending[c.id]));

// Drops the actions the server now shows (or that expired); the same object when nothing changed.
export const prunePending = (pending: TPendingActions, server: TBulkComment[], now = Date.now()): TPendingActions => {
  const byId = new Map(server.map((c) => [c.id, c]));
  const kept = Object.entries(pending).filter(([id, p]) => now - p.since < EXPIRE_MS && !isSettled(p, byId.get(id)));
  return kept.length === Object.keys(pending).length ? pending : Object.fromEntries(kept);
};
