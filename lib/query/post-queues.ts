import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/schemas/common";
import type { TNextSlot, TPostQueue, TQueuedPost, TTimeslotChange } from "@/lib/schemas/post-queues";
import { useEnvironment } from "./environment";
import { ApiClientError, request } from "./fetcher";

export type TQueuePriority = TQueuedPost["queue_priority"];
export type TCreatePostQueueInput = {
  profile_group_id: string;
  post_queue: { name: string; description?: string; timezone: string; jitter: number };
};
export type TUpdatePostQueueInput = {
  name?: string;
  description?: string | null;
  timezone?: string;
  jitter?: number;
  enabled?: boolean;
  queue_timeslots_attributes?: TTimeslotChange[];
};

export const postQueueKeys = {
  all: ["post-queues"] as const,
  lists: () => [...postQueueKeys.all, "list"] as const,
  list: (environment: TEnvironment) => [...postQueueKeys.lists(), environment] as const,
  details: () => [...postQueueKeys.all, "detail"] as const,
  detail: (environment: TEnvironment, id: string) => [...postQueueKeys.details(), environment, id] as const,
  nextSlot: (environment: TEnvironment, id: string) => [...postQueueKeys.all, "next-slot", environment, id] as const,
  posts: (environment: TEnvironment, id: string) => [...postQueueKeys.all, "posts", environment, id] as const,
  postsWindow: (environment: TEnvironment, id: string, from: string, to: string) =>
    [...postQueueKeys.posts(environment, id), from, to] as const,
};

const queuePath = (id: string) => `/api/post_queues/${encodeURIComponent(id)}`;

export const usePostQueues = () => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: postQueueKeys.list(environment),
    queryFn: ({ signal }) => request<{ data: TPostQueue[] }>("/api/post_queues", { environment, signal }),
    select: (res) => res.data,
  });
};

export const usePostQueue = (id: string) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: postQueueKeys.detail(environment, id),
    queryFn: ({ signal }) => request<TPostQueue>(queuePath(id), { environment, signal }),
  });
};

// null when the queue has no timeslots (the API's 422).
export const useNextSlot = (id: string) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: postQueueKeys.nextSlot(environment, id),
    queryFn: async ({ signal }) => {
      try {
        return (await request<TNextSlot>(`${queuePath(id)}/next_slot`, { environment, signal })).next_slot;
      } catch (err) {
        if (err instanceof ApiClientError && err.status === 422) return null;
        throw err;
      }
    },
  });
};

// The calendar's week: waiting posts placed in [from, to), plus those without a slot. Also read by the
// content calendar (lib/query/calendar.ts) for each queue it shows.
export const queuedPostsQuery = (environment: TEnvironment, id: string, from: string, to: string) => ({
  queryKey: postQueueKeys.postsWindow(environment, id, from, to),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    request<{ data: TQueuedPost[] }>(
      `/api/admin/post_queues/${encodeURIComponent(id)}/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      { environment, signal },
    ),
});

export const useQueuedPosts = (id: string, { from, to }: { from: string; to: string }) => {
  const { environment } = useEnvironment();
  return useQuery({
    ...queuedPostsQuery(environment, id, from, to),
    select: (res) => res.data,
    placeholderData: keepPreviousData,
  });
};

// Everything a queue change can move: the queue, its list row, its posts' times and the next free slot.
const useInvalidateQueue = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return (id: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: postQueueKeys.list(environment) }),
      queryClient.invalidateQueries({ queryKey: postQueueKeys.detail(environment, id) }),
      queryClient.invalidateQueries({ queryKey: postQueueKeys.posts(environment, id) }),
      queryClient.invalidateQueries({ queryKey: postQueueKeys.nextSlot(environment, id) }),
    ]);
};

export const useCreatePostQueue = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreatePostQueueInput) =>
      request<TPostQueue>("/api/post_queues", { method: "POST", body: input, environment }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: postQueueKeys.list(environment) }),
  });
};

export const useUpdatePostQueue = () => {
  const { environment } = useEnvironment();
  const invalidate = useInvalidateQueue();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: TUpdatePostQueueInput }) =>
      request<TPostQueue>(queuePath(id), { method: "PATCH", body: { post_queue: input }, environment }),
    onSuccess: (_queue, { id }) => invalidate(id),
  });
};

export const useDeletePostQueue = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<{ deleted: boolean }>(queuePath(id), { method: "DELETE", environment }),
    onSuccess: async (_res, id) => {
      queryClient.removeQueries({ queryKey: postQueueKeys.detail(environment, id) });
      queryClient.removeQueries({ queryKey: postQueueKeys.posts(environment, id) });
      queryClient.removeQueries({ queryKey: postQueueKeys.nextSlot(environment, id) });
      await queryClient.invalidateQueries({ queryKey: postQueueKeys.list(environment) });
    },
  });
};

// Staff-only route: the public API has no priority-only update of a post.
export const useSetQueuedPostPriority = () => {
  const { environment } = useEnvironment();
  const invalidate = useInvalidateQueue();
  return useMutation({
    mutationFn: ({ postId, priority }: { queueId: string; postId: string; priority: TQueuePriority }) =>
      request<TQueuedPost>(`/api/admin/queued_posts/${encodeURIComponent(postId)}`, {
        method: "PATCH",
        body: { queue_priority: priority },
        environment,
      }),
    onSuccess: (_post, { queueId }) => invalidate(queueId),
  });
};
