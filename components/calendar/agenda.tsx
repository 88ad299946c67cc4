"use client";

import type { ReactNode } from "react";
import type { TPost } from "@/lib/schemas/posts";
import { dayIn, dayLabel } from "./dates";
import type { TSlotMark } from "./time-grid";

// Narrow screens: the range as a list of days with their posts and open slots (no grid wider than the
// phone). Days with nothing are left out, except today.

type Props = {
  days: string[];
  zone: string;
  now: number;
  posts: Map<string, TPost[]>; // by day
  slots: Map<string, TSlotMark[]>; // by day
  renderPost: (post: TPost) => ReactNode;
  renderSlot: (slot: TSlotMark) => ReactNode;
};

export const Agenda = ({ days, zone, now, posts, slots, renderPost, renderSlot }: Props) => {
  const today = dayIn(now, zone);
  const shown = days.filter((d) => d === today || posts.has(d) || slots.has(d));
  return (
    <ol data-testid="calendar-agenda" className="space-y-4">
      {shown.length === 0 && <li className="text-sm text-slate-500">Nothing scheduled in this period.</li>}
      {shown.map((day) => (
        <li key={day} data-testid={`calendar-agenda-${day}`}>
          <h3 className="mb-1.5 text-sm font-semibold text-slate-800">
            {dayLabel(day)}
            {day === today && <span className="ml-2 text-xs font-medium text-indigo-700">Today</span>}
          </h3>
          <div className="flex flex-col gap-1.5">
            {(posts.get(day) ?? []).map(renderPost)}
            {(slots.get(day) ?? []).map(renderSlot)}
            {!posts.has(day) && !slots.has(day) && <p className="text-xs text-slate-500">Nothing scheduled.</p>}
          </div>
        </li>
      ))}
    </ol>
  );
};
