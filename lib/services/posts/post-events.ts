import "server-only";
import type { Prisma, Tx } from "@/lib/db/client";
import { serializeErrorDetails } from "@/lib/serializers/post";
import { emitEvent } from "@/lib/services/events/emit-event";
import type { TEventType } from "@/lib/schemas/webhooks";

// Payloads of post.processed and platform_post.* (lib/schemas/webhooks.ts; the payload is the post resource of lib/serializers/post.ts).

export const emitPostProcessed = async (tx: Tx, postId: string) => {
  const post = await tx.post.findUniqueOrThrow({
    where: { id: postId },
    include: {
      platformPosts: {
        orderBy: { createdAt: "asc" },
        include: { profile: { select: { id: true, name: true, platform: true } } },
      },
    },
  });
  return emitEvent({
    tx,
    accountId: post.accountId,
    environment: post.environment,
    profileGroupId: post.profileGroupId,
    type: "post.processed",
    data: {
      id: post.id,
      body: post.body,
      status: post.status,
      scheduled_at: post.scheduledAt?.toISOString() ?? null,
      created_at: post.createdAt.toISOString(),
      platforms: post.platformPosts.map((pp) => ({
        id: pp.profile.id,
        platform: pp.profile.platform,
        name: pp.profile.name,
      })),
    },
  });
};

export const emitPlatformPostEvent = async (
  tx: Tx,
  platformPostId: string,
  type: Extract<TEventType, `platform_post.${string}`>,
  extra: Prisma.InputJsonObject = {},
) => {
  const pp = await tx.platformPost.findUniqueOrThrow({
    where: { id: platformPostId },
    include: { profile: { select: { name: true, accountId: true, environment: true, profileGroupId: true } } },
  });
  return emitEvent({
    tx,
    accountId: pp.profile.accountId,
    environment: pp.profile.environment,
    profileGroupId: pp.profile.profileGroupId,
    type,
    data: {
      id: pp.id,
      post_id: pp.postId,
      platform: pp.platform,
      profile_id: pp.profileId,
      profile_name: pp.profile.name,
      status: pp.status,
      error: pp.error,
      error_details: serializeErrorDetails(pp.errorDetails),
      platform_id: pp.externalId,
      ...extra,
    },
  });
};

export const emitMediaFailed = (
  tx: Tx,
  media: { id: string; postId: string; contentType: string; errorMessage: string | null },
  owner: { accountId: string; environment: "live" | "sandbox"; profileGroupId: string },
) =>
  emitEvent({
    tx,
    ...owner,
    type: "media.failed",
    data: {
      id: media.id,
      post_id: media.postId,
      content_type: media.contentType,
      status: "failed",
      error_message: media.errorMessage,
    },
  });
