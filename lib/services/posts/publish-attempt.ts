import "server-only";
import { deliver, PUBLISHED, type DeliveryAdapter, type DeliveryOutcome } from "@/lib/services/delivery/engine";
import { db, type Prisma } from "@/lib/db/client";
import { connectorFor } from "@/lib/networks/registry";
import type { PublishResult } from "@/lib/networks/types";
import { contextFor } from "@/lib/services/connections/context";
import { emitPlatformPostEvent } from "./post-events";
import { buildPublishInput, loadPlatformPost } from "./publish-input";

// One attempt to publish one platform post, exactly once: the protocol of every write to a network
// (lib/services/delivery/engine.ts). The read-back is `findPublished`; a platform post is `processing`
// while claimed. Events: platform_post.published, .failed_waiting_for_retry, .failed and
// .delivery_unconfirmed, each in the transaction of the status change.
//
// Outcomes: published; retry (failed_waiting_for_retry, after delayMs); failed (rejected, or retries
// exhausted); delivery_unconfirmed. Terminal states are returned as they are when the step runs again.

export { detailsJson, MAX_ATTEMPTS, RETRY_DELAYS_MS } from "@/lib/services/delivery/engine";
export type AttemptOutcome = DeliveryOutcome;

const platformPosts: DeliveryAdapter<PublishResult> = {
  table: "platform_posts",
  noun: "post",
  writer: "publisher",
  finished: { published: "published", failed: "failed", delivery_unconfirmed: "delivery_unconfirmed" },
  cannotReadBack: "The network cannot be asked whether the post arrived; check it there before publishing again",
  markSending: (tx, id, mark) => tx.platformPost.update({ where: { id }, data: { status: "processing", ...mark } }),
  markFailed: (tx, id, data) => tx.platformPost.update({ where: { id }, data }),
  emitFailed: (tx, id, status) => emitPlatformPostEvent(tx, id, `platform_post.${status}`),
  prepare: async (id) => {
    const pp = await loadPlatformPost(id);
    if (!pp) return null;
    const connector = connectorFor({ platform: pp.platform, environment: pp.profile.environment });
    const built = await buildPublishInput(connector, pp);
    if ("problem" in built) return { problem: built.problem! };
    const { input } = built;
    const { publish, findPublished } = connector;
    return {
      connector,
      profileId: pp.profileId,
      logFields: { platformPostId: id, platform: pp.platform },
      send: publish
        ? () => publish(contextFor(connector), input)
        : { unavailable: `Publishing to ${connector.displayName} is not available` },
      readBack: findPublished && (() => findPublished(contextFor(connector), input)),
      recordPublished: async (tx, result) => {
        const { count } = await tx.platformPost.updateMany({
          where: { id, status: { notIn: ["published"] } },
          data: { ...PUBLISHED, externalId: result.externalId, url: result.url ?? null, publishedAt: new Date() },
        });
        if (count) await emitPlatformPostEvent(tx, id, "platform_post.published");
      },
    };
  },
};

export const attemptPublish = ({ platformPostId, attempt }: { platformPostId: string; attempt: number }) =>
  deliver(platformPosts, platformPostId, attempt);

// Platform posts of a chain after a failed link are not attempted (the post status flow of lib/services/posts/lifecycle.ts).
export const haltChain = (rootPostId: string, profileId: string, afterPosition: number) =>
  db.$transaction(async (tx) => {
    const rest = await tx.platformPost.findMany({
      where: { rootPostId, profileId, status: "pending", post: { position: { gt: afterPosition } } },
      select: { id: true },
    });
    for (const { id } of rest) await recordFailureIn(tx, id);
  });

const recordFailureIn = async (tx: Prisma.TransactionClient, id: string) => {
  await tx.platformPost.update({
    where: { id },
    data: { status: "failed", error: "Not published: an earlier post of the thread failed" },
  });
  await emitPlatformPostEvent(tx, id, "platform_post.failed");
};
