"use client";

import { LocalTime } from "@/components/posts/local-time";
import { Badge } from "@/components/ui/badge";
import { InlineStatus } from "@/components/ui/inline-status";
import { LoadingRows } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useCommentThread, type TComment } from "@/lib/query/comments";
import { errorMessage } from "@/lib/query/fetcher";
import type { TBulkComment } from "@/lib/schemas/comments";

// The selected comment in its thread: the comment it answers (when it is a reply), the comment, and
// the replies to it (ours with their publishing state), refreshed while the panel is open.

type Entry = Omit<TComment, "replies">;

const Bubble = ({ entry, tone, testId }: { entry: Entry; tone: "context" | "focus" | "reply"; testId: string }) => (
  <div
    data-testid={testId}
    className={cn(
      "rounded-lg px-3 py-2 text-sm",
      tone === "focus"
        ? "bg-indigo-50 ring-1 ring-indigo-200"
        : tone === "reply"
          ? "ml-6 bg-slate-50"
          : "bg-white ring-1 ring-slate-200",
    )}
  >
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
      <span className="font-medium text-slate-800">
        {entry.author_username ?? (entry.status === "synced" ? "Someone" : "You")}
      </span>
      <LocalTime iso={entry.posted_at ?? entry.created_at} />
      {entry.status !== "synced" && (
        <Badge tone={entry.status === "published" ? "green" : entry.status === "failed" ? "red" : "blue"}>
          {entry.status.replaceAll("_", " ")}
        </Badge>
      )}
      {entry.is_hidden && <Badge tone="amber">hidden</Badge>}
    </div>
    <p className="mt-1 whitespace-pre-wrap text-slate-900">{entry.body}</p>
  </div>
);

export const CommentThread = ({ comment }: { comment: TBulkComment | null }) => {
  const thread = useCommentThread(comment);
  if (!comment) return <p className="text-sm text-slate-500">Select a comment to see its thread.</p>;
  if (thread.isPending) return <LoadingRows label="Loading the thread…" />;
  if (thread.isError) return <InlineStatus>{errorMessage(thread.error)}</InlineStatus>;
  const { parent, comment: self } = thread.data;
  return (
    <section aria-label="Thread" data-testid="comment-thread" className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-900">Thread</h2>
      {parent && <Bubble entry={parent} tone="context" testId="thread-parent" />}
      <Bubble entry={self} tone="focus" testId="thread-comment" />
      {self.replies.map((r) => (
        <Bubble key={r.id} entry={r} tone="reply" testId="thread-reply" />
      ))}
      {self.replies.length === 0 && <p className="ml-6 text-xs text-slate-500">No replies yet.</p>}
    </section>
  );
};
