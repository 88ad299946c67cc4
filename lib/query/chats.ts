import { keepPreviousData, useIsMutating, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TEnvironment } from "@/lib/schemas/common";
import type { TInboxChat, TSendMessageBody, ZChat, ZMessage } from "@/lib/schemas/messages";
import { useEnvironment } from "./environment";
import { request } from "./fetcher";

// The chat inbox: the chats through the admin route GET /api/admin/chats (across profiles, with unread
// counts and the composer capability), a thread and every write through the public routes
// (GET/POST /api/chats/:id/messages, mark_read, archive). Sends are asynchronous (answered `pending`),
// so the thread polls while the status arrives.

export type TMessage = z.infer<typeof ZMessage>;
export type TChat = z.infer<typeof ZChat>;
export type TChatFilters = {
  groupId?: string;
  platform?: string;
  placementId?: string;
  archived?: boolean;
};
type Page<T> = { data: T[]; total: number; page: number; per_page: number };

export const chatKeys = {
  all: ["chats"] as const,
  lists: () => [...chatKeys.all, "list"] as const,
  list: (environment: TEnvironment, filters: TChatFilters) => [...chatKeys.lists(), environment, filters] as const,
  thread: (environment: TEnvironment, chatId: string) => [...chatKeys.all, "thread", environment, chatId] as const,
  send: (environment: TEnvironment) => [...chatKeys.all, "send", environment] as const,
};

export const CHATS_POLL_MS = 3_000;
const THREAD_PER_PAGE = 50;

export const chatsPath = (f: TChatFilters) => {
  const params = new URLSearchParams({ per_page: "50", archived: f.archived ? "true" : "false" });
  if (f.groupId) params.set("profile_group_id", f.groupId);
  if (f.platform) params.set("platform", f.platform);
  if (f.placementId) params.set("placement_id", f.placementId);
  return `/api/admin/chats?${params}`;
};

export const useInboxChats = (filters: TChatFilters) => {
  const { environment } = useEnvironment();
  return useQuery({
    queryKey: chatKeys.list(environment, filters),
    queryFn: ({ signal }) => request<Page<TInboxChat>>(chatsPath(filters), { environment, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.status === "error" ? false : CHATS_POLL_MS),
  });
};

const chatPath = (chatId: string, suffix = "") => `/api/chats/${encodeURIComponent(chatId)}${suffix}`;

// The chat's latest messages, most recent first (as the API lists them).
// While a send to the chat is unanswered the thread is not polled (and a poll under way is cancelled when
// the send starts): the stored message could otherwise show beside its optimistic copy, which learns the
// stored id only from the answer (components/chats/optimistic-sends.ts). The send's end refetches it.
export const useChatMessages = (chatId: string | null) => {
  const { environment } = useEnvironment();
  const sending =
    useIsMutating({
      mutationKey: chatKeys.send(environment),
      predicate: (m) => (m.state.variables as { chatId?: string } | undefined)?.chatId === chatId,
    }) > 0;
  return useQuery({
    queryKey: chatKeys.thread(environment, chatId ?? ""),
    enabled: chatId !== null,
    queryFn: ({ signal }) =>
      request<Page<TMessage>>(chatPath(chatId!, `/messages?per_page=${THREAD_PER_PAGE}`), { environment, signal }),
    refetchInterval: (query) => (sending || query.state.status === "error" ? false : CHATS_POLL_MS),
  });
};

const useRefreshChats = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: chatKeys.all });
};

export const useSendMessage = () => {
  const { environment } = useEnvironment();
  const queryClient = useQueryClient();
  const refresh = useRefreshChats();
  return useMutation({
    mutationKey: chatKeys.send(environment),
    mutationFn: ({ chatId, body }: { chatId: string; body: TSendMessageBody }) =>
      request<TMessage>(chatPath(chatId, "/messages"), { method: "POST", body, environment }),
    onMutate: ({ chatId }) => queryClient.cancelQueries({ queryKey: chatKeys.thread(environment, chatId) }),
    // Not awaited: the caller's own onSuccess (the optimistic copy learning its id) runs before the refetch.
    onSettled: () => void refresh(),
  });
};

export type TChatAction = "mark_read" | "archive" | "unarchive";

export const useChatAction = () => {
  const { environment } = useEnvironment();
  const refresh = useRefreshChats();
  return useMutation({
    mutationFn: ({ chatId, action }: { chatId: string; action: TChatAction }) =>
      request<TChat>(chatPath(chatId, action === "mark_read" ? "/mark_read" : "/archive"), {
        method: action === "unarchive" ? "DELETE" : "POST",
        environment,
      }),
    onSettled: refresh,
  });
};
