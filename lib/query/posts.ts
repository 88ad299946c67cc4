import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEnvironment } from "@/lib/query/environment";
import { ApiClientError, request } from "@/lib/query/fetcher";
import { usePostQueues } from "@/lib/query/post-queues";
import type { TEnvironment } from "@/lib/schemas/common";
import type { TPost } from "@/lib/schemas/posts";

// Posts through the public routes (session cookie + X-Environment), like the other domains' hooks in
// lib/query. The list page is server-rendered; the composer and the post page use these.

export const postKeys = {
  all: ["posts"] as const,
  details: () => [...postKeys.all, "detail"] as const,
  detail: (environment: TEnvironment, id: string) => [...postKeys.details(), environment, id] as const,
};

const postPath = (id: string) => `/api/posts/${encodeURIComponent(id)}`;

// Platform posts still on their way: the post page polls while one of them is in this state.
const IN_FLIGHT = new Set<string>(["pending", "processing", "failed_waiting_for_retry"]);
export const POLL_MS = 3_000;
const SCHEDULED_POLL_MS = 30_000;

export const pollInterval = (post: TPost | undefined, now = Date.now()): number | false => {
  if (!post || post.draft || !post.platforms.some((p) => IN_FLIGHT.has(p.status))) return false;
  // Waiting for a time more than a minute ahead: nothing will change soon.
  const due = post.scheduled_at ? new Date(post.scheduled_at).getTime() : now;
  return due - now > 60_000 ? SCHEDULED_POLL_MS : POLL_MS;
};

export const usePost = (id: string, initialData?: TPost) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: postKeys.detail(environment, id),
    queryFn: ({ signal }) => request<TPost>(postPath(id), { environment, signal }),
    initialData: initialData && initialData.id === id ? initialData : undefined,
    refetchInterval: (query) => (query.state.status === "error" ? false : pollInterval(query.state.data)),
  });
};

// The queues of one group, from the queue pages' cached list (one cache, invalidated by queue changes).
export const useGroupQueues = (groupId: string | null) => {
  const queues = usePostQueues();
  return { ...queues, data: groupId ? queues.data?.filter((q) => q.profile_group_id === groupId) : undefined };
};

// A create request: JSON, or multipart (Rails brackets) when files are attached.
export type TCreatePostRequest = { json: Record<string, unknown> } | { form: FormData };

// The fetcher speaks JSON only; uploads go as multipart with the same headers and the same errors.
const postForm = async <T>(path: string, form: FormData, environment: TEnvironment): Promise<T> => {
  let res: Response;
  try {
    res = await fetch(path, {
      method: "POST",
      headers: { Accept: "application/json", "X-Environment": environment },
      body: form,
      credentials: "same-origin",
      cache: "no-store",
    });
  } catch {
    throw new ApiClientError(0, ["Network error: the server could not be reached"]);
  }
  const payload = (await res.json().catch(() => null)) as {
    errors?: unknown;
    error?: unknown;
    message?: unknown;
  } | null;
  if (res.ok) return payload as T;
  const messages =
    Array.isArray(payload?.errors) && payload.errors.length > 0
      ? payload.errors.map(String)
      : [
          typeof payload?.message === "string"
            ? payload.message
            : typeof payload?.error === "string"
              ? payload.error
              : `Request failed (${res.status})`,
        ];
  throw new ApiClientError(res.status, messages);
};

export const useCreatePost = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TCreatePostRequest) =>
      "form" in input
        ? postForm<TPost>("/api/posts", input.form, environment)
        : request<TPost>("/api/posts", { method: "POST", body: input.json, environment }),
    onSuccess: (post) => queryClient.setQueryData(postKeys.detail(environment, post.id), post),
  });
};

export const usePublishPost = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => request<TPost>(`${postPath(id)}/publish`, { method: "POST", body: {}, environment }),
    onSuccess: (post) => queryClient.setQueryData(postKeys.detail(environment, post.id), post),
  });
};

// PATCH /api/posts/:id (JSON, or multipart with files), and POST /publish (a draft, or a post's failed
// networks again): the answer is the post, which replaces the cached one.
export type TUpdatePostRequest = { id: string; body: Record<string, unknown> | FormData };

export const useUpdatePost = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: TUpdatePostRequest) =>
      request<TPost>(postPath(id), { method: "PATCH", body, environment }),
    onSuccess: (post) => queryClient.setQueryData(postKeys.detail(environment, post.id), post),
  });
};

// `everywhere`: DELETE ?delete_on_platform=true (the networks' copies first, then the record).
export const useDeletePost = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, everywhere = false }: { id: string; everywhere?: boolean }) =>
      request<{ deleted: boolean }>(`${postPath(id)}${everywhere ? "?delete_on_platform=true" : ""}`, {
        method: "DELETE",
        environment,
      }),
    // The page leaves for the list; its detail entry stays until then (removing it would refetch a 404).
    onSuccess: (_res, { id }) => queryClient.cancelQueries({ queryKey: postKeys.detail(environment, id) }),
  });
};
