"use client";

import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { InlineStatus } from "@/components/ui/inline-status";
import { ListDetail, QueryStates } from "@/components/ui/query-states";
import {
  useCommentAction,
  useInboxComments,
  usePrivateReply,
  useReplyToComment,
  type TInboxAction,
  type TInboxFilters,
} from "@/lib/query/comments";
import { errorMessage } from "@/lib/query/fetcher";
import type { TBulkComment } from "@/lib/schemas/comments";
import { CommentRow } from "./comment-row";
import { CommentThread } from "./comment-thread";
import { InboxFilters, type TInboxGroup, type TInboxProfile } from "./inbox-filters";
import { prunePending, showWithPending, type TPendingActions } from "./optimistic";
import { useInboxKeys } from "./use-inbox-keys";

// The comment inbox: every comment the admin can see across networks (one group or all), newest first,
// filtered through GET /api/comments, with the selected comment's thread beside it. Writes are offered
// as the API's `supported_actions` say, shown done at once and confirmed by the polled list.

const useDebounced = <T,>(value: T, ms: number) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return debounced;
};

type Props = { groups: TInboxGroup[]; profiles: TInboxProfile[]; initialFilters: TInboxFilters };

export const CommentInbox = ({ groups, profiles, initialFilters }: Props) => {
  const [filters, setFilters] = useState<TInboxFilters>(initialFilters);
  const query = useDebounced(filters, 250);
  const list = useInboxComments(query);
  const action = useCommentAction();
  const reply = useReplyToComment();
  const privateReply = usePrivateReply();
  const [pending, setPending] = useState<TPendingActions>({});
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [replyingId, setReplyingId] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<TBulkComment | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const server = list.data?.data;
  // Settled or expired optimistic actions leave as each polled page arrives.
  useEffect(() => {
    if (server) setPending((p) => prunePending(p, server));
  }, [server]);
  const comments = useMemo(() => showWithPending(server ?? [], pending), [server, pending]);
  const selected = comments.find((c) => c.id === selectedId) ?? comments[0] ?? null;
  const names = useMemo(() => new Map(profiles.map((p) => [p.id, p.name])), [profiles]);

  const run = (comment: TBulkComment, a: TInboxAction) => {
    setActionError(null);
    setPending((p) => ({ ...p, [comment.id]: { action: a, likeCount: comment.like_count, since: Date.now() } }));
    action.mutate(
      { comment, action: a },
      {
        onError: (err) => {
          setActionError(errorMessage(err));
          setPending(({ [comment.id]: _dropped, ...rest }) => rest);
        },
      },
    );
  };
  const onAction = (comment: TBulkComment, a: TInboxAction) =>
    a === "delete" ? setConfirmDelete(comment) : run(comment, a);

  const move = (step: 1 | -1) => {
    if (comments.length === 0) return;
    const at = selected ? comments.findIndex((c) => c.id === selected.id) : -1;
    const next = comments[Math.min(comments.length - 1, Math.max(0, at + step))]!;
    setSelectedId(next.id);
    document.querySelector(`[data-testid="inbox-comment-${next.id}"]`)?.scrollIntoView({ block: "nearest" });
  };
  useInboxKeys({
    next: () => move(1),
    previous: () => move(-1),
    reply: () => selected?.supported_actions.includes("reply") && setReplyingId(selected.id),
  });

  return (
    <div>
      <InboxFilters groups={groups} profiles={profiles} value={filters} onChange={setFilters} />
      <p className="mb-2 text-xs text-slate-500">
        Keyboard: <kbd>j</kbd>/<kbd>k</kbd> move, <kbd>r</kbd> reply.{" "}
        {list.data && <span data-testid="inbox-total">{list.data.total} comments</span>}
      </p>
      {actionError && <InlineStatus className="mb-3">{actionError}</InlineStatus>}
      <QueryStates
        query={list}
        count={comments.length}
        loadingLabel="Loading comments…"
        empty={{ testId: "inbox-empty", title: "No comments", description: "Nothing matches these filters yet." }}
      >
        <ListDetail
          label="Comments"
          testId="inbox-list"
          className="lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
          detailClassName="space-y-3 lg:sticky lg:top-6"
          items={comments.map((c) => (
            <CommentRow
              key={c.id}
              comment={c}
              profileName={names.get(c.profile_id) ?? c.profile_id}
              isSelected={c.id === selected?.id}
              pendingAction={pending[c.id]?.action}
              isReplying={replyingId === c.id}
              onSelect={() => setSelectedId(c.id)}
              onAction={(a) => onAction(c, a)}
              onReplyOpen={() => {
                setSelectedId(c.id);
                setReplyingId(c.id);
              }}
              onReplyClose={() => setReplyingId(null)}
              onReply={async (body) => {
                await reply.mutateAsync({ comment: c, body });
                setReplyingId(null);
              }}
              onPrivateReply={async (text) => {
                await privateReply.mutateAsync({ comment: c, text });
              }}
            />
          ))}
          detail={
            <>
              <CommentThread comment={selected} />
              {selected && filters.postId !== selected.post_id && (
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setFilters({ ...filters, postId: selected.post_id })}
                  data-testid="filter-by-post"
                >
                  All comments on this post
                </Button>
              )}
            </>
          }
        />
      </QueryStates>
      <ConfirmDialog
        open={confirmDelete !== null}
        onOpenChange={(open) => !open && setConfirmDelete(null)}
        title="Delete this comment?"
        description={<p>The comment is deleted on the network, with the replies under it. This cannot be undone.</p>}
        confirmLabel="Delete comment"
        isPending={false}
        testId="delete-comment-dialog"
        onConfirm={() => {
          if (confirmDelete) run(confirmDelete, "delete");
          setConfirmDelete(null);
        }}
      />
    </div>
  );
};
