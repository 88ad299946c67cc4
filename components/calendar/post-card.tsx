"use client";

import Link from "next/link";
import { useState } from "react";
import { PostSummaryBadge } from "@/components/posts/status-badge";
import { PlatformMark } from "@/components/profiles/platform-mark";
import { excerpt } from "@/components/queues/calendar";
import { cn } from "@/lib/cn";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import type { TPost } from "@/lib/schemas/posts";
import { formatTime, type THourCycle } from "./dates";

// One post on the calendar: its time in the grid's zone, its networks' marks, its brand and its true
// status (post-summary.ts). A post the API lets you move (isEditable) can be dragged to another time, or
// rescheduled from the card's menu (the keyboard way).

export const POST_DRAG_TYPE = "application/x-calendar-post";

type Props = {
  post: TPost;
  brand: string;
  zone: string;
  cycle: THourCycle;
  movable: boolean;
  compact?: boolean;
  onReschedule: (post: TPost) => void;
};

export const PostCard = ({ post, brand, zone, cycle, movable, compact, onReschedule }: Props) => {
  const [menuOpen, setMenuOpen] = useState(false);
  const networks = [...new Set(post.platforms.map((p) => p.platform))];
  return (
    <div
      data-testid={`calendar-post-${post.id}`}
      draggable={movable}
      onDragStart={(e) => {
        e.dataTransfer.setData(POST_DRAG_TYPE, post.id);
        e.dataTransfer.effectAllowed = "move";
      }}
      className={cn(
        "relative z-10 rounded-md bg-white px-1.5 py-1 text-xs shadow-sm ring-1 ring-slate-200",
        movable && "cursor-grab active:cursor-grabbing",
      )}
    >
      <div className="flex items-center gap-1">
        <span className="font-medium text-slate-900 tabular-nums" data-testid="calendar-post-time">
          {post.scheduled_at ? formatTime(new Date(post.scheduled_at), zone, cycle) : ""}
        </span>
        <span className="flex items-center gap-0.5" data-testid="calendar-post-networks">
          {networks.map((platform) => (
            <span key={platform} title={DISPLAY_NAMES[platform]} data-network={platform}>
              <PlatformMark platform={platform} className="size-4 rounded text-[8px]" />
              <span className="sr-only">{DISPLAY_NAMES[platform]}</span>
            </span>
          ))}
        </span>
        <button
          type="button"
          aria-label="Post menu"
          aria-expanded={menuOpen}
          data-testid="calendar-post-menu"
          onClick={() => setMenuOpen((o) => !o)}
          className="ml-auto rounded px-1 leading-none text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          ⋯
        </button>
      </div>
      {!compact && (
        <Link
          href={`/posts/${post.id}`}
          draggable={false}
          className="mt-0.5 block break-words text-slate-700 hover:underline"
        >
          {excerpt(post.body, 60)}
        </Link>
      )}
      <div className="mt-0.5 flex flex-wrap items-center gap-1">
        <PostSummaryBadge post={post} testId="calendar-post-status" />
        <span className="min-w-0 truncate text-[11px] text-slate-500">{brand}</span>
      </div>
      {menuOpen && (
        <div
          role="menu"
          className="absolute top-6 right-0 z-20 flex w-36 flex-col rounded-md bg-white py-1 shadow-lg ring-1 ring-slate-200"
        >
          <Link role="menuitem" href={`/posts/${post.id}`} className="px-3 py-1.5 text-left hover:bg-slate-50">
            Open post
          </Link>
          {movable && (
            <button
              type="button"
              role="menuitem"
              data-testid="calendar-post-reschedule"
              className="px-3 py-1.5 text-left hover:bg-slate-50"
              onClick={() => {
                setMenuOpen(false);
                onReschedule(post);
              }}
            >
              Reschedule
            </button>
          )}
        </div>
      )}
    </div>
  );
};
