"use client";

import Link from "next/link";
import { useState } from "react";
import { LocalTime } from "@/components/posts/local-time";
import { PlatformMark } from "@/components/profiles/platform-mark";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { TInboxAction } from "@/lib/query/comments";
import type { TBulkComment } from "@/lib/schemas/comments";
import type { TPlatform } from "@/lib/schemas/common";
import { ReplyForm } from "./reply-form";

// One comment of the inbox: who, where, what, its state, and the writes its network takes
// (`supported_actions` from the API: an action the network does not take is not offered).

const STATUS_TONES: Record<TBulkComment["status"], BadgeTone> = {
  synced: "slate",
  pending: "blue",
  published: "green",
  failed: "red",
  failed_waiting_for_retry: "amber",
  delivery_unconfirmed: "amber",
};

const ON_THE_WAY: Record<TInboxAction, string> = {
  hide: "Hiding…",
  unhide: "Unhiding…",
  like: "Liking…",
  delete: "Deleting…",
};

type Props = {
  comment: TBulkComment;
  profileName: string;
  isSelected: boolean;
  pendingAction?: TInboxAction;
  isReplying: boolean;
  onSelect: () => void;
  onAction: (action: TInboxAction) => void;
  onReplyOpen: () => void;
  onReplyClose: () => void;
  onReply: (body: string) => Promise<void>;
  onPrivateReply: (text: string) => Promise<void>;
};

export const CommentRow = ({
  comment: c,
  profileName,
  isSelected,
  pendingAction,
  isReplying,
  onSelect,
  onAction,
  onReplyOpen,
  onReplyClose,
  onReply,
  onPrivateReply,
}: Props) => {
  // A private reply (a direct message to the commenter) is offered while the API lists it: once per comment.
  const [isPrivateReplying, setIsPrivateReplying] = useState(false);
  const [privateReplySent, setPrivateReplySent] = useState(false);
  const can = (a: TBulkComment["supported_actions"][number]) => c.supported_actions.includes(a);
  return (
    <li
      data-testid={`inbox-comment-${c.id}`}
      aria-selected={isSelected}
      role="option"
      onClick={onSelect}
      className={cn(
        "cursor-pointer border-l-4 px-4 py-3 transition-colors",
        isSelected ? "border-indigo-500 bg-indigo-50/60" : "border-transparent hover:bg-slate-50",
        c.is_hidden && "opacity-70",
      )}
    >
      <div className="flex items-start gap-3">
        <PlatformMark platform={c.platform as TPlatform} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
            <span className="font-medium text-slate-800">
              {c.author_username ?? (c.status === "synced" ? "Someone" : profileName)}
            </span>
            <span>on {profileName}</span>
            <LocalTime iso={c.posted_at ?? c.created_at} />
            {c.parent_external_id && <Badge tone="indigo">reply</Badge>}
            {c.status !== "synced" && (
              <Badge tone={STATUS_TONES[c.status]} data-testid="comment-status" data-status={c.status}>
                {c.status.replaceAll("_", " ")}
              </Badge>
            )}
            {c.is_hidden && (
              <Badge tone="amber" data-testid="comment-hidden">
                hidden
              </Badge>
            )}
            {pendingAction && (
              <Badge tone="blue" data-testid="comment-pending-action">
                {ON_THE_WAY[pendingAction]}
              </Badge>
            )}
          </div>
          <p className="mt-1 text-sm whitespace-pre-wrap text-slate-900" data-testid="comment-body">
            {c.body}
          </p>
          {c.error && <p className="mt-1 text-xs text-red-600">{c.error}</p>}
          <div className="mt-2 flex flex-wrap items-center gap-1" onClick={(e) => e.stopPropagation()}>
            <span className="mr-2 text-xs text-slate-500" data-testid="comment-likes">
              {c.like_count} {c.like_count === 1 ? "like" : "likes"}
            </span>
            {can("reply") && (
              <Button variant="ghost" size="sm" onClick={onReplyOpen} data-testid="comment-action-reply">
                Reply
              </Button>
            )}
            {can("private_reply") && !privateReplySent && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setIsPrivateReplying(true)}
                data-testid="comment-action-private-reply"
              >
                Private reply
              </Button>
            )}
            {privateReplySent && (
              <Badge tone="green" data-testid="comment-private-reply-sent">
                private reply sent
              </Badge>
            )}
            {can("hide") && (
              <Button
                variant="ghost"
                size="sm"
                disabled={!!pendingAction}
                onClick={() => onAction(c.is_hidden ? "unhide" : "hide")}
                data-testid={`comment-action-${c.is_hidden ? "unhide" : "hide"}`}
              >
                {c.is_hidden ? "Unhide" : "Hide"}
              </Button>
            )}
            {can("like") && (
              <Button
                variant="ghost"
                size="sm"
                disabled={!!pendingAction}
                onClick={() => onAction("like")}
                data-testid="comment-action-like"
              >
                Like
              </Button>
            )}
            {can("delete") && (
              <Button
                variant="dangerGhost"
                size="sm"
                disabled={!!pendingAction}
                onClick={() => onAction("delete")}
                data-testid="comment-action-delete"
              >
                Delete
              </Button>
            )}
            <Link href={`/posts/${c.post_id}`} className="ml-auto text-xs text-indigo-600 hover:underline">
              View post
            </Link>
          </div>
          {isReplying && <ReplyForm commentId={c.id} onSubmit={onReply} onCancel={onReplyClose} />}
          {isPrivateReplying && (
            <ReplyForm
              kind="private_reply"
              commentId={c.id}
              onSubmit={async (text) => {
                await onPrivateReply(text);
                setIsPrivateReplying(false);
                setPrivateReplySent(true);
              }}
              onCancel={() => setIsPrivateReplying(false)}
            />
          )}
        </div>
      </div>
    </li>
  );
};
