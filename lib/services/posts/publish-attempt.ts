import "server-only";
import { settleWriteFailure, type WriteFailure } from "@/lib/services/delivery/write-failure";
import { db } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, PublishInput, PublishResult } from "@/lib/networks/types";
import { contextFor } from "@/lib/services/connections/context";
import { emitPlatformPostEvent } from "./post-events";
import { buildPublishInput, loadPlatformPost } from "./publish-input";

// One attempt to publish one platform post, exactly once.
//
// Before the network is called, `sending_since` is committed. An attempt that finds it already set
// (the process died mid-publish, or the step is being re-run) does not send again: it asks the network
// (`findPublished`). The same read-back follows a request that got no answer. Found: published. Certainly
// not there: a normal retry. The network cannot tell (or cannot be read back at all): the platform post
// becomes `delivery_unconfirmed` and is never retried blindly.
//
// Outcomes: published; retry (failed_waiting_for_retry, after delayMs); failed (rejected, or retries
// exhausted); delivery_unconfirmed. Terminal states are returned as they are when the step runs again.

export const MAX_ATTEMPTS = 4;
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000]; // before attempts 2, 3, 4

export type AttemptOutcome =
  | { state: "published"; externalId: string }
  | { state: "retry"; delayMs: number }
  | { state: "failed" | "delivery_unconfirmed" | "gone" };

type Failure = WriteFailure;

// The stored error_details of a platform post (serialised by lib/api/serializers/post.ts).
export const detailsJson = (f: Pick<Failure, "details" | "note">): Prisma.InputJsonObject => ({
  platformErrorCode: f.details?.platformErrorCode ?? null,
  platformErrorSubcode: f.details?.platformErrorSubcode ?? null,
  platformErrorMessage: f.details?.platformErrorMessage ?? null,
  note: f.note ?? null,
});

const recordPublished = (id: string, result: PublishResult) =>
  db.$transaction(async (tx) => {
    const { count } = await tx.platformPost.updateMany({
      where: { id, status: { notIn: ["published"] } },
      data: {
        status: "published",
        externalId: result.externalId,
        url: result.url ?? null,
        publishedAt: new Date(),
        sendingSince: null,
        error: null,
        errorDetails: Prisma.DbNull,
      },
    });
    if (count) await emitPlatformPostEvent(tx, id, "platform_post.published");
    return { state: "published" as const, externalId: result.externalId };
  });

const recordFailure = (
  id: string,
  status: "failed" | "failed_waiting_for_retry" | "delivery_unconfirmed",
  failure: Failure,
) =>
  db.$transaction(async (tx) => {
    await tx.platformPost.update({
      where: { id },
      data: { status, sendingSince: null, error: failure.message.slice(0, 2000), errorDetails: detailsJson(failure) },
    });
    await emitPlatformPostEvent(tx, id, `platform_post.${status}`);
  });

const retryOrFail = async (
  id: string,
  attempt: number,
  failure: Failure,
  retryAfterMs: number | null,
): Promise<AttemptOutcome> => {
  if (attempt >= MAX_ATTEMPTS) {
    await recordFailure(id, "failed", { ...failure, note: `Gave up after ${attempt} attempts` });
    return { state: "failed" };
  }
  await recordFailure(id, "failed_waiting_for_retry", failure);
  return {
    state: "retry",
    delayMs: Math.max(retryAfterMs ?? 0, RETRY_DELAYS_MS[attempt - 1] ?? RETRY_DELAYS_MS.at(-1)!),
  };
};

// After an unknown outcome: read back, never resend blindly.
const resolveUnknown = async (
  connector: AnyConnector,
  input: PublishInput,
  id: string,
  attempt: number,
  cause: string,
): Promise<AttemptOutcome> => {
  const unconfirmed = async (note: string) => {
    await recordFailure(id, "delivery_unconfirmed", { message: `Delivery unconfirmed: ${cause}`, note });
    return { state: "delivery_unconfirmed" as const };
  };
  if (!connector.findPublished)
    return unconfirmed("The network cannot be asked whether the post arrived; check it there before publishing again");
  try {
    const found = await connector.findPublished(contextFor(connector), input);
    if (found) return recordPublished(id, found);
    return retryOrFail(id, attempt, { message: `${cause}; the post is not on the network, retrying` }, 0);
  } catch (err) {
    return unconfirmed(`Reading back failed: ${err instanceof Error ? err.message : String(err)}`);
  }
};

// Claims the platform post for this attempt: sending_since is committed before the network is called.
const claim = (id: string) =>
  db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<
      { status: string; sending_since: Date | null }[]
    >`SELECT status, sending_since FROM platform_posts WHERE id = ${id} FOR UPDATE`;
    const row = rows[0];
    if (!row) return "gone" as const;
    if (["published", "failed", "delivery_unconfirmed"].includes(row.status))
      return row.status as "published" | "failed" | "delivery_unconfirmed";
    if (row.sending_since) return "in_doubt" as const;
    await tx.platformPost.update({
      where: { id },
      data: { status: "processing", sendingSince: new Date(), attemptedAt: new Date(), attempts: { increment: 1 } },
    });
    return "claimed" as const;
  });

export const attemptPublish = async ({
  platformPostId: id,
  attempt,
}: {
  platformPostId: string;
  attempt: number;
}): Promise<AttemptOutcome> => {
  const claimed = await claim(id);
  if (claimed === "gone" || claimed === "failed" || claimed === "delivery_unconfirmed") return { state: claimed };
  const pp = await loadPlatformPost(id);
  if (!pp) return { state: "gone" };
  if (claimed === "published") return { state: "published", externalId: pp.externalId ?? "" };
  const connector = connectorFor({ platform: pp.platform, environment: pp.profile.environment });
  const built = await buildPublishInput(connector, pp);
  if ("problem" in built) {
    if (claimed === "in_doubt") {
      await recordFailure(id, "delivery_unconfirmed", { message: `Delivery unconfirmed: ${built.problem}` });
      return { state: "delivery_unconfirmed" };
    }
    await recordFailure(id, "failed", { message: built.problem! });
    return { state: "failed" };
  }
  const { input } = built;
  if (claimed === "in_doubt")
    return resolveUnknown(connector, input, id, attempt, "an earlier attempt was interrupted while sending");
  if (!connector.publish) {
    await recordFailure(id, "failed", { message: `Publishing to ${connector.displayName} is not available` });
    return { state: "failed" };
  }
  try {
    return await recordPublished(id, await connector.publish(contextFor(connector), input));
  } catch (err) {
    return settleWriteFailure(err, {
      connector,
      profileId: pp.profileId,
      writer: "publisher",
      logFields: { platformPostId: id, platform: pp.platform },
      unknown: (reason) => resolveUnknown(connector, input, id, attempt, reason),
      retryOrFail: (failure, retryAfterMs) => retryOrFail(id, attempt, failure, retryAfterMs),
      fail: async (failure) => {
        await recordFailure(id, "failed", failure);
        return { state: "failed" as const };
      },
    });
  }
};

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
