"use client";

import { useMemo, useState } from "react";
import { SectionHeader } from "@/components/layout/page-header";
import { Button } from "@/components/ui/button";
import { InlineStatus } from "@/components/ui/inline-status";
import { useToast } from "@/components/ui/toast";
import { cn } from "@/lib/cn";
import { errorMessage } from "@/lib/query/fetcher";
import {
  useQueuedPosts,
  useSetQueuedPostPriority,
  useUpdatePostQueue,
  type TQueuePriority,
} from "@/lib/query/post-queues";
import { WEEKDAYS, type TPostQueue, type TQueuedPost, type TQueueTimeslot } from "@/lib/schemas/post-queues";
import { calendarRows, excerpt, timeIn, weekOf } from "./calendar";
import { PriorityBadge } from "./queue-badges";

const PRIORITIES: TQueuePriority[] = ["high", "medium", "low"];

// The week (Sunday to Saturday, in the queue's timezone): one row per slot time, the posts placed in
// each slot, remove-slot buttons and a priority picker per post.
export const WeekCalendar = ({ queue }: { queue: TPostQueue }) => {
  const [offset, setOffset] = useState(0);
  // Recomputed when the timezone changes, or the admin moves between weeks.
  const week = useMemo(() => weekOf(queue.timezone, new Date(), offset), [queue.timezone, offset]);
  const posts = useQueuedPosts(queue.id, { from: week.from.toISOString(), to: week.to.toISOString() });
  const rows = useMemo(
    () =>
      calendarRows({
        timeslots: queue.timeslots,
        posts: posts.data ?? [],
        timezone: queue.timezone,
        jitter: queue.jitter,
      }),
    [queue.timeslots, queue.timezone, queue.jitter, posts.data],
  );
  const unplaced = (posts.data ?? []).filter((p) => !p.scheduled_at);

  return (
    <section aria-labelledby="calendar-title">
      <SectionHeader
        id="calendar-title"
        title={`Week of ${week.days[0]!.label}`}
        description={`Times in ${queue.timezone}.`}
        actions={
          <div className="flex gap-1">
            <Button variant="secondary" size="sm" onClick={() => setOffset((o) => o - 1)} aria-label="Previous week">
              ←
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setOffset(0)} disabled={offset === 0}>
              This week
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setOffset((o) => o + 1)} aria-label="Next week">
              →
            </Button>
          </div>
        }
      />
      {posts.isError && (
        <InlineStatus className="mb-3">Could not load the queue&apos;s posts: {errorMessage(posts.error)}</InlineStatus>
      )}
      {rows.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500"
          data-testid="calendar-empty"
        >
          No timeslots yet. Add one above: posts in this queue wait until there is a slot for them.
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <table className="w-full min-w-[56rem] table-fixed border-collapse text-sm" data-testid="queue-calendar">
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="w-16 px-2 py-2 text-left text-xs font-semibold text-slate-500 uppercase">
                  <span className="sr-only">Time</span>
                </th>
                {week.days.map((d) => (
                  <th
                    key={d.day}
                    scope="col"
                    className={cn(
                      "px-2 py-2 text-left text-xs font-semibold text-slate-500 uppercase",
                      d.isToday && "text-indigo-700",
                    )}
                    data-testid={`calendar-day-${d.day}`}
                    aria-current={d.isToday ? "date" : undefined}
                  >
                    {d.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => (
                <tr key={row.time}>
                  <th
                    scope="row"
                    className="px-2 py-2 text-left align-top font-mono text-xs font-medium text-slate-600"
                  >
                    {row.time}
                  </th>
                  {row.cells.map((cell, day) => (
                    <td key={day} className="px-1.5 py-1.5 align-top" data-testid={`calendar-cell-${day}-${row.time}`}>
                      {(cell.slot || cell.posts.length > 0) && (
                        <Cell queue={queue} day={day} time={row.time} slot={cell.slot} posts={cell.posts} />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {unplaced.length > 0 && (
        <div className="mt-4" data-testid="unplaced-posts">
          <p className="mb-2 text-sm font-medium text-slate-700">Waiting for a slot</p>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {unplaced.map((p) => (
              <PostCard key={p.id} queue={queue} post={p} />
            ))}
          </div>
        </div>
      )}
    </section>
  );
};

const Cell = ({
  queue,
  day,
  time,
  slot,
  posts,
}: {
  queue: TPostQueue;
  day: number;
  time: string;
  slot: TQueueTimeslot | null;
  posts: TQueuedPost[];
}) => {
  const toast = useToast();
  const update = useUpdatePostQueue();
  const name = `${WEEKDAYS[day]} ${time}`;

  const onRemove = (s: TQueueTimeslot) =>
    update.mutate(
      { id: queue.id, input: { queue_timeslots_attributes: [{ id: s.id, _destroy: true }] } },
      {
        onSuccess: () => toast.success(`Removed ${name}; posts rearranged`),
        onError: (err) => toast.error(`Could not remove ${name}: ${errorMessage(err)}`),
      },
    );

  return (
    <div
      className={cn(
        "min-h-10 space-y-1.5 rounded-md p-1.5",
        slot ? "bg-indigo-50/60 ring-1 ring-indigo-200 ring-inset" : "ring-1 ring-slate-200 ring-dashed",
      )}
      data-testid={slot ? `slot-${day}-${time}` : undefined}
    >
      {slot && (
        <div className="flex items-center justify-between gap-1 text-xs text-indigo-700">
          <span>slot</span>
          <button
            type="button"
            className="rounded px-1 leading-none text-indigo-400 hover:bg-indigo-100 hover:text-indigo-700 disabled:opacity-40"
            aria-label={`Remove slot ${name}`}
            disabled={update.isPending}
            onClick={() => onRemove(slot)}
          >
            ×
          </button>
        </div>
      )}
      {posts.map((p) => (
        <PostCard key={p.id} queue={queue} post={p} />
      ))}
    </div>
  );
};

const PostCard = ({ queue, post }: { queue: TPostQueue; post: TQueuedPost }) => {
  const toast = useToast();
  const setPriority = useSetQueuedPostPriority();
  const isPastDue = post.scheduled_at !== null && new Date(post.scheduled_at).getTime() < Date.now();
  const selectId = `priority-${post.id}`;

  const onPriority = (priority: TQueuePriority) =>
    setPriority.mutate(
      { queueId: queue.id, postId: post.id, priority },
      {
        onSuccess: () => toast.success(`Priority set to ${priority}; queue rearranged`),
        onError: (err) => toast.error(`Could not change the priority: ${errorMessage(err)}`),
      },
    );

  return (
    <article
      className="rounded border border-slate-200 bg-white p-1.5 text-xs shadow-sm"
      data-testid={`queued-post-${post.id}`}
      aria-label={excerpt(post.body, 40)}
    >
      <p className="line-clamp-3 break-words text-slate-800" title={post.body} data-testid="post-excerpt">
        {excerpt(post.body)}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        <PriorityBadge priority={post.queue_priority} />
        {post.scheduled_at && (
          <time
            dateTime={post.scheduled_at}
            className={cn("font-mono", isPastDue ? "text-amber-700" : "text-slate-500")}
            data-testid="post-time"
          >
            {timeIn(post.scheduled_at, queue.timezone)}
          </time>
        )}
        {isPastDue && <span className="text-amber-700">past due</span>}
      </div>
      <label htmlFor={selectId} className="sr-only">
        Priority of {excerpt(post.body, 40)}
      </label>
      <select
        id={selectId}
        className="mt-1 w-full rounded border-0 bg-slate-50 px-1 py-0.5 text-xs ring-1 ring-slate-200 ring-inset disabled:opacity-50"
        value={post.queue_priority}
        disabled={setPriority.isPending}
        onChange={(e) => onPriority(e.target.value as TQueuePriority)}
        data-testid="post-priority-select"
      >
        {PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
    </article>
  );
};
