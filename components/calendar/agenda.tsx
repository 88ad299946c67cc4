"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import type { TPost } from "@/lib/schemas/posts";
import { dayIn, dayLabel, instantAt } from "./dates";
import type { TSlotMark } from "./time-grid";

// Narrow screens: the range as a list of days with their posts and open slots in time order (no grid
// wider than the phone), each day with a link to compose on it (09:00 in the grid's zone, while still to
// come). Days with nothing are left out, except today.

type Props = {
  days: string[];
  zone: string;
  now: number;
  posts: Map<string, TPost[]>; // by day
  slots: Map<string, TSlotMark[]>; // by day
  renderPost: (post: TPost) => ReactNode;
  renderSlot: (slot: TSlotMark) => ReactNode;
  composeHref: (at: Date) => string;
};

const COMPOSE_HOUR = 9;

export const Agenda = ({ days, zone, now, posts, slots, renderPost, renderSlot, composeHref }: Props) => {
  const today = dayIn(now, zone);
  const shown = days.filter((d) => d === today || posts.has(d) || slots.has(d));
  return (
    <ol data-testid="calendar-agenda" className="space-y-4">
      {shown.length === 0 && <li className="text-sm text-slate-500">Nothing scheduled in this period.</li>}
      {shown.map((day) => {
        const entries = [
          ...(posts.get(day) ?? []).map((p) => ({ at: Date.parse(p.scheduled_at!), node: renderPost(p) })),
          ...(slots.get(day) ?? []).map((s) => ({ at: s.at.getTime(), node: renderSlot(s) })),
        ].sort((a, b) => a.at - b.at);
        const compose = instantAt(day, zone, COMPOSE_HOUR);
        return (
          <li key={day} data-testid={`calendar-agenda-${day}`}>
            <div className="mb-1.5 flex items-baseline gap-2">
              <h3 className="text-sm font-semibold text-slate-800">{dayLabel(day)}</h3>
              {day === today && <span className="text-xs font-medium text-indigo-700">Today</span>}
              {compose.getTime() > now && (
                <Link
                  href={composeHref(compose)}
                  className="ml-auto text-xs font-medium text-indigo-700 hover:underline"
                >
                  Compose
                </Link>
              )}
            </div>
            <div className="flex flex-col gap-1.5">
              {entries.map((e) => e.node)}
              {entries.length === 0 && <p className="text-xs text-slate-500">Nothing scheduled.</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
};
