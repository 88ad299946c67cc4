"use client";

import type { TPost } from "@/lib/schemas/posts";
import { LocalTime } from "./local-time";
import { useGroupQueues } from "@/lib/query/posts";

// When the post goes out: a draft, a time, a queue slot, or at once.
export const ScheduleSummary = ({ post }: { post: TPost }) => {
  const queues = useGroupQueues(post.queue_id ? post.profile_group_id : null);
  const queue = queues.data?.find((q) => q.id === post.queue_id);
  return (
    <dl
      className="grid grid-cols-1 gap-x-6 gap-y-3 rounded-lg bg-white p-4 text-sm shadow-sm ring-1 ring-slate-200 sm:grid-cols-3"
      data-testid="post-schedule"
    >
      <div>
        <dt className="text-xs font-medium text-slate-500 uppercase">When</dt>
        <dd className="mt-0.5 text-slate-800" data-testid="post-when">
          {post.draft ? (
            "Draft: not published until you publish it"
          ) : post.scheduled_at ? (
            <LocalTime iso={post.scheduled_at} />
          ) : post.queue_id ? (
            "Next queue slot"
          ) : (
            "At once"
          )}
          {post.draft && post.scheduled_at && (
            <span className="block text-xs text-slate-500">
              then at <LocalTime iso={post.scheduled_at} />
            </span>
          )}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-slate-500 uppercase">Queue</dt>
        <dd className="mt-0.5 text-slate-800" data-testid="post-queue">
          {post.queue_id ? (
            <>
              {queue?.name ?? <span className="font-mono text-xs">{post.queue_id}</span>}
              {post.queue_priority && <span className="text-slate-500"> · {post.queue_priority} priority</span>}
            </>
          ) : (
            "—"
          )}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-medium text-slate-500 uppercase">Created</dt>
        <dd className="mt-0.5 text-slate-800">
          <LocalTime iso={post.created_at} />
        </dd>
      </div>
    </dl>
  );
};
