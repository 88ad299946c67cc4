import { keepPreviousData, useQueries, useQuery } from "@tanstack/react-query";
import type { TEnvironment } from "@/lib/schemas/common";
import type { TPost } from "@/lib/schemas/posts";
import { useEnvironment } from "./environment";
import { request } from "./fetcher";
import { queuedPostsQuery } from "./post-queues";

// The content calendar's reads: posts scheduled in the visible range (GET /api/posts with scheduled_from /
// scheduled_to and the brand, network and status filters), and each shown queue's waiting posts (the
// queue calendar's endpoint) to tell open slots from taken ones.

export type TCalendarPostsQuery = {
  from: string;
  to: string;
  brand?: string;
  network?: string;
  status?: string;
};

export const calendarKeys = {
  all: ["posts", "calendar"] as const,
  range: (environment: TEnvironment, query: TCalendarPostsQuery) => [...calendarKeys.all, environment, query] as const,
};

const PER_PAGE = 100;
const MAX_PAGES = 10; // 1,000 posts in one view at most

export const calendarPostsPath = (query: TCalendarPostsQuery, page: number): string => {
  const params = new URLSearchParams({
    scheduled_from: query.from,
    scheduled_to: query.to,
    per_page: String(PER_PAGE),
    page: String(page),
  });
  if (query.brand) params.set("profile_group_id", query.brand);
  if (query.network) params.set("platforms", query.network);
  if (query.status) params.set("status", query.status);
  return `/api/posts?${params}`;
};

// `enabled` false until the range is known (it depends on the zone, which may depend on the queues).
export const useCalendarPosts = (query: TCalendarPostsQuery, enabled = true) => {
  const { environment } = useEnvironment();
  return useQuery({
    enabled,
    queryKey: calendarKeys.range(environment, query),
    queryFn: async ({ signal }) => {
      const posts: TPost[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const res = await request<{ data: TPost[]; total: number }>(calendarPostsPath(query, page), {
          environment,
          signal,
        });
        posts.push(...res.data);
        if (posts.length >= res.total || res.data.length < PER_PAGE) break;
      }
      return posts;
    },
    placeholderData: keepPreviousData,
  });
};

// The waiting posts of each queue in [from, to), by queue id (what holds a slot).
export const useQueuesWaitingPosts = (queueIds: string[], { from, to }: { from: string; to: string }) => {
  const { environment } = useEnvironment();
  return useQueries({
    queries: queueIds.map((id) => queuedPostsQuery(environment, id, from, to)),
    combine: (results) => ({
      byQueue: new Map(queueIds.map((id, i) => [id, results[i]?.data?.data ?? []])),
      isPending: results.some((r) => r.isPending),
    }),
  });
};
