import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/schemas/common";
import type { z } from "zod";
import type { TBulkComment, TCommentInboxStatus, ZComment } from "@/lib/schemas/comments";
import type { ZProfileComment } from "@/lib/schemas/profile-comments";
import { useEnvironment } from "./environment";
import { request } from "./fetcher";

// The comment inbox through the public routes: GET /api/comments (with the inbox's `status` and `q`),
// a comment's thread, the writes (answered `{accepted: true}` and carried out in the background, so the
// lists poll while the real state arrives) and profile-level comments (reviews).

export type TComment = z.infer<typeof ZComment>;
export type TProfileComment = z.infer<typeof ZProfileComment>;
export type TInboxFilters = {
  groupId?: string;
  platform?: string;
  profileId?: string;
  postId?: string;
  status?: TCommentInboxStatus;
  q?: string;
};
export type TInboxAction = "hide" | "unhide" | "like" | "delete";
type Page<T> = { data: T[]; total: number; page: number; per_page: number };

export const commentKeys = {
  all: ["comments"] as const,
  lists: () => [...commentKeys.all, "list"] as const,
  list: (environment: TEnvironment, filters: TInboxFilters) => [...commentKeys.lists(), environment, filters] as const,
  threads: () => [...commentKeys.all, "thread"] as const,
  thread: (environment: TEnvironment, commentId: string) => [...commentKeys.threads(), environment, commentId] as const,
  reviews: (environment: TEnvironment, profileId: string) =>
    [...commentKeys.all, "reviews", environment, profileId] as const,
};

export const INBOX_POLL_MS = 3_000;
const INBOX_PER_PAGE = 50;

export const inboxPath = (f: TInboxFilters) => {
  const params = new URLSearchParams({ per_page: String(INBOX_PER_PAGE) });
  if (f.groupId) params.set("profile_group_id", f.groupId);
  // `profiles` takes ids or network names: a profile narrows further than its network.
  if (f.profileId || f.platform) params.set("profiles", (f.profileId ?? f.platform)!);
  if (f.postId) params.set("post_ids", f.postId);
  if (f.status) params.set("status", f.status);
  if (f.q?.trim()) params.set("q", f.q.trim());
  return `/api/comments?${params}`;
};

// Newest first, polled so that synced comments and the outcome of our writes arrive live.
export const useInboxComments = (filters: TInboxFilters) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: commentKeys.list(environment, filters),
    queryFn: ({ signal }) => request<Page<TBulkComment>>(inboxPath(filters), { environment, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.status === "error" ? false : INBOX_POLL_MS),
  });
};

const commentPath = (c: Pick<TBulkComment, "post_id" | "profile_id">, id: string, suffix = "") =>
  `/api/posts/${encodeURIComponent(c.post_id)}/comments/${encodeURIComponent(id)}${suffix}?profile_id=${encodeURIComponent(c.profile_id)}`;

// The comment with its direct replies, and the comment it answers (by the network's id) when it is a reply.
export const useCommentThread = (comment: TBulkComment | null) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: commentKeys.thread(environment, comment?.id ?? ""),
    enabled: comment !== null,
    refetchInterval: INBOX_POLL_MS,
    queryFn: async ({ signal }) => {
      const c = comment!;
      const [self, parent] = await Promise.all([
        request<TComment>(commentPath(c, c.id), { environment, signal }),
        c.parent_external_id
          ? request<TComment>(commentPath(c, c.parent_external_id), { environment, signal }).catch(() => null)
          : Promise.resolve(null),
      ]);
      return { parent, comment: self };
    },
  });
};

const useRefreshComments = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: commentKeys.all });
};

export const useCommentAction = () => {
  const { environment } = useEnvironment();
  const refresh = useRefreshComments();
  return useMutation({
    mutationFn: ({ comment, action }: { comment: TBulkComment; action: TInboxAction }) =>
      request<{ accepted: true }>(commentPath(comment, comment.id, action === "delete" ? "" : `/${action}`), {
        method: action === "delete" ? "DELETE" : "POST",
        environment,
      }),
    onSettled: refresh,
  });
};

export const useReplyToComment = () => {
  const { environment } = useEnvironment();
  const refresh = useRefreshComments();
  return useMutation({
    mutationFn: ({ comment, body }: { comment: TBulkComment; body: string }) =>
      request<TComment>(
        `/api/posts/${encodeURIComponent(comment.post_id)}/comments?profile_id=${encodeURIComponent(comment.profile_id)}`,
        {
          method: "POST",
          body: { body, parent_id: comment.id },
          environment,
        },
      ),
    onSettled: refresh,
  });
};

// A direct message to the commenter (POST …/comments/:id/private_reply): sent through the messages layer.
export const usePrivateReply = () => {
  const { environment } = useEnvironment();
  const refresh = useRefreshComments();
  return useMutation({
    mutationFn: ({ comment, text }: { comment: TBulkComment; text: string }) =>
      request<{ id: string }>(commentPath(comment, comment.id, "/private_reply"), {
        method: "POST",
        body: { text },
        environment,
      }),
    onSettled: refresh,
  });
};

export const useProfileReviews = (profileId: string | null) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: commentKeys.reviews(environment, profileId ?? ""),
    enabled: profileId !== null,
    queryFn: ({ signal }) =>
      request<Page<TProfileComment>>(`/api/profiles/${encodeURIComponent(profileId!)}/comments?per_page=50`, {
        environment,
        signal,
      }),
  });
};
