import type { Prisma } from "@/lib/generated/prisma/client";
import { publicMediaUrl } from "@/lib/media/storage";
import type { TPost } from "@/lib/schemas/posts";

// The full post resource (the Post schema of lib/contracts/posts.ts). Media URLs are our hosted copies once processed.

export const POST_VIEW_INCLUDE = {
  media: { orderBy: { position: "asc" } },
  platformPosts: { orderBy: { createdAt: "asc" } },
  children: { orderBy: { position: "asc" }, include: { media: { orderBy: { position: "asc" } } } },
} satisfies Prisma.PostInclude;

export type PostView = Prisma.PostGetPayload<{ include: typeof POST_VIEW_INCLUDE }>;
type MediaRow = PostView["media"][number];
type PlatformPostRow = PostView["platformPosts"][number];

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

export const serializeMedia = (m: MediaRow, urlOf: (key: string) => string): TPost["media"][number] => ({
  id: m.id,
  status: m.status,
  error_message: m.errorMessage,
  content_type: m.contentType,
  source_url: m.sourceUrl,
  url: m.status === "processed" && m.storageKey ? urlOf(m.storageKey) : null,
});

type ErrorDetails = {
  platformErrorCode?: string | null;
  platformErrorSubcode?: string | null;
  platformErrorMessage?: string | null;
  note?: string | null;
};

// `error_details` as clients read it (lib/contracts/posts.ts), from the stored platform post's errorDetails.
export const serializeErrorDetails = (stored: unknown): TPost["platforms"][number]["error_details"] => {
  const details = stored as ErrorDetails | null;
  return details
    ? {
        platform_error_code: details.platformErrorCode ?? null,
        platform_error_subcode: details.platformErrorSubcode ?? null,
        platform_error_message: details.platformErrorMessage ?? null,
        postproxy_note: details.note ?? null,
      }
    : null;
};

export const serializePlatformPost = (pp: PlatformPostRow): TPost["platforms"][number] => {
  const insights = pp.insights as { impressions?: number | null } | null;
  return {
    id: pp.id,
    platform: pp.platform,
    profile_id: pp.profileId,
    status: pp.status,
    params: (pp.params as Record<string, unknown> | null) ?? null,
    error: pp.error,
    error_details: serializeErrorDetails(pp.errorDetails),
    attempted_at: iso(pp.attemptedAt),
    platform_id: pp.externalId,
    url: pp.url,
    insights: insights
      ? { impressions: typeof insights.impressions === "number" ? insights.impressions : null, on: iso(pp.insightsAt) }
      : null,
  };
};

export const serializePost = (post: PostView, urlOf: (key: string) => string): TPost => ({
  id: post.id,
  body: post.body,
  status: post.status,
  draft: post.draft,
  scheduled_at: iso(post.scheduledAt),
  created_at: post.createdAt.toISOString(),
  updated_at: post.updatedAt.toISOString(),
  profile_group_id: post.profileGroupId,
  media: post.media.map((m) => serializeMedia(m, urlOf)),
  platforms: post.platformPosts.map(serializePlatformPost),
  thread: post.children.map((c) => ({ id: c.id, body: c.body, media: c.media.map((m) => serializeMedia(m, urlOf)) })),
  queue_id: post.queueId,
  queue_priority: post.queueId ? (post.queuePriority ?? "medium") : null,
});

// The post as the API answers it (GET/POST/PATCH /api/posts…, the admin pages' first paint).
export const renderPost = (post: PostView): TPost => serializePost(post, publicMediaUrl);
