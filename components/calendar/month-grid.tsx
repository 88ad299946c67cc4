"use client";

import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { TPost } from "@/lib/schemas/posts";
import { dayIn, type TCalendarRange } from "./dates";
import type { TSlotMark } from "./time-grid";

// The month view: whole weeks, each day with its first posts and "+N more" (to the day view), and how
// many queue slots are open that day.

const SHOWN = 3;
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

type Props = {
  range: TCalendarRange;
  zone: string;
  now: number;
  posts: Map<string, TPost[]>; // by day
  slots: Map<string, TSlotMark[]>; // by day
  renderPost: (post: TPost) => ReactNode;
  openDay: (day: string) => void;
};

export const MonthGrid = ({ range, zone, now, posts, slots, renderPost, openDay }: Props) => {
  const today = dayIn(now, zone);
  return (
    <div data-testid="calendar-month-grid" className="overflow-hidden rounded-lg bg-white ring-1 ring-slate-200">
      <div className="grid grid-cols-7 border-b border-slate-200 text-xs font-semibold text-slate-600">
        {WEEKDAYS.map((d) => (
          <div key={d} className="px-2 py-2">
            {d}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {range.days.map((day) => {
          const dayPosts = posts.get(day) ?? [];
          const open = slots.get(day)?.length ?? 0;
          const outside = range.month !== undefined && !day.startsWith(range.month);
          return (
            <div
              key={day}
              data-testid={`calendar-month-day-${day}`}
              className={cn(
                "flex min-h-28 min-w-0 flex-col gap-1 border-b border-l border-slate-100 p-1",
                outside && "bg-slate-50/70",
              )}
            >
              <button
                type="button"
                onClick={() => openDay(day)}
                aria-label={`Day view of ${day}`}
                className={cn(
                  "self-start rounded px-1 text-xs font-medium hover:bg-slate-100",
                  outside ? "text-slate-400" : "text-slate-700",
                  day === today && "bg-indigo-600 text-white hover:bg-indigo-500",
                )}
              >
                {Number(day.slice(8))}
              </button>
              {dayPosts.slice(0, SHOWN).map(renderPost)}
              {dayPosts.length > SHOWN && (
                <button
                  type="button"
                  onClick={() => openDay(day)}
                  data-testid="calendar-more"
                  className="self-start px-1 text-xs font-medium text-indigo-700 hover:underline"
                >
                  +{dayPosts.length - SHOWN} more
                </button>
              )}
              {open > 0 && (
                <span className="self-start rounded border border-dashed border-emerald-400 px-1 text-[11px] text-emerald-700">
                  {open} open slot{open === 1 ? "" : "s"}
                </span>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
};
