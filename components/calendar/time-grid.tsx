"use client";

import Link from "next/link";
import { Fragment, useState, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { TPost } from "@/lib/schemas/posts";
import { clockLabel, dayIn, dayLabel, instantAt, type THourCycle } from "./dates";
import { POST_DRAG_TYPE } from "./post-card";

// The week and day views: a row per wall-clock hour of the grid's zone, a column per day. An empty hour
// still to come is a link to the composer at that time; a post card dropped on an hour moves there, keeping its
// minutes; open queue slots sit in their hour as places to fill.

export type TSlotMark = { queueId: string; queueName: string; groupId: string; at: Date };

type Props = {
  days: string[];
  zone: string;
  cycle: THourCycle;
  now: number;
  posts: Map<string, TPost[]>; // by "day hour"
  slots: Map<string, TSlotMark[]>; // by "day hour"
  renderPost: (post: TPost) => ReactNode;
  renderSlot: (slot: TSlotMark) => ReactNode;
  composeHref: (at: Date) => string;
  onDrop: (postId: string, day: string, hour: number) => void;
};

const HOURS = Array.from({ length: 24 }, (_, h) => h);

export const TimeGrid = ({
  days,
  zone,
  cycle,
  now,
  posts,
  slots,
  renderPost,
  renderSlot,
  composeHref,
  onDrop,
}: Props) => {
  const [over, setOver] = useState<string | null>(null);
  const today = dayIn(now, zone);
  return (
    <div
      data-testid="calendar-time-grid"
      className="grid overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200"
      style={{ gridTemplateColumns: `3.75rem repeat(${days.length}, minmax(6.5rem, 1fr))` }}
    >
      <div className="sticky top-0 z-20 border-b border-slate-200 bg-white" />
      {days.map((day) => (
        <div
          key={day}
          data-testid={`calendar-day-${day}`}
          className={cn(
            "sticky top-0 z-20 border-b border-l border-slate-200 bg-white px-2 py-2 text-xs font-semibold text-slate-700",
            day === today && "text-indigo-700",
          )}
        >
          {dayLabel(day)}
        </div>
      ))}
      {HOURS.map((hour) => (
        <Fragment key={hour}>
          <div className="border-b border-slate-100 px-2 py-1 text-right text-[11px] text-slate-500 tabular-nums">
            {clockLabel(hour, 0, cycle)}
          </div>
          {days.map((day) => {
            const key = `${day} ${hour}`;
            const start = instantAt(day, zone, hour);
            const cellPosts = posts.get(key) ?? [];
            const cellSlots = slots.get(key) ?? [];
            return (
              <div
                key={key}
                data-testid={`calendar-cell-${day}-${String(hour).padStart(2, "0")}`}
                onDragOver={(e) => {
                  if (!e.dataTransfer.types.includes(POST_DRAG_TYPE)) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = "move";
                  setOver(key);
                }}
                onDragLeave={() => setOver((o) => (o === key ? null : o))}
                onDrop={(e) => {
                  const id = e.dataTransfer.getData(POST_DRAG_TYPE);
                  setOver(null);
                  if (!id) return;
                  e.preventDefault();
                  onDrop(id, day, hour);
                }}
                className={cn(
                  "relative flex min-h-12 flex-col gap-1 border-b border-l border-slate-100 p-1",
                  over === key && "bg-indigo-50 ring-2 ring-indigo-300 ring-inset",
                )}
              >
                {start.getTime() > now && (
                  <Link
                    href={composeHref(start)}
                    aria-label={`Compose on ${dayLabel(day)} at ${clockLabel(hour, 0, cycle)}`}
                    data-testid="calendar-compose"
                    className="absolute inset-0 z-0 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-500"
                  />
                )}
                {cellPosts.map(renderPost)}
                {cellSlots.map(renderSlot)}
              </div>
            );
          })}
        </Fragment>
      ))}
    </div>
  );
};
