import type { TPostQueue, TQueuedPost } from "@/lib/schemas/post-queues";

type PostQueueRow = {
  id: string;
  profileGroupId: string;
  name: string;
  description: string | null;
  timezone: string;
  enabled: boolean;
  jitter: number;
  createdAt: Date;
  updatedAt: Date;
  timeslots: { id: number; day: number; time: string }[]; // sorted by day, then time (the service's select)
  _count: { posts: number };
};

export const serializePostQueue = (q: PostQueueRow): TPostQueue => ({
  id: q.id,
  name: q.name,
  description: q.description,
  timezone: q.timezone,
  enabled: q.enabled,
  jitter: q.jitter,
  profile_group_id: q.profileGroupId,
  timeslots: q.timeslots.map((s) => ({ id: s.id, day: s.day, time: s.time })),
  posts_count: q._count.posts,
  created_at: q.createdAt.toISOString(),
  updated_at: q.updatedAt.toISOString(),
});

type QueuedPostRow = {
  id: string;
  body: string;
  status: string;
  queueId: string | null;
  queuePriority: "high" | "medium" | "low" | null;
  scheduledAt: Date | null;
  createdAt: Date;
};

export const serializeQueuedPost = (p: QueuedPostRow): TQueuedPost => ({
  id: p.id,
  body: p.body,
  status: p.status,
  queue_id: p.queueId,
  queue_priority: p.queuePriority ?? "medium",
  scheduled_at: p.scheduledAt?.toISOString() ?? null,
  created_at: p.createdAt.toISOString(),
});
