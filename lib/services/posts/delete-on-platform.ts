import "server-only";
import { unprocessable } from "@/lib/errors";
import type { Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { sendEvent } from "@/lib/jobs/send";
import { NetworkError } from "@/lib/networks/errors";
import { DISPLAY_NAMES } from "@/lib/networks/platforms";
import { connectorFor } from "@/lib/networks/registry";
import type { TPlatform } from "@/lib/schemas/common";
import { contextFor } from "@/lib/services/connections/context";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { detailsJson } from "./publish-attempt";
import { placementOfPlatformPost } from "./publish-input";
import { findPost } from "./read-posts";

// delete_on_platform (DELETE /api/posts/{id}, lib/contracts/posts.ts): published posts are removed from their networks asynchronously,
// one run per profile covering its whole chain (replies first). Platform status: published ->
// pending_deletion -> deleted. A refused deletion puts the platform post back to published with a note.
// Instagram and TikTok have no deletion API (422).

export type DeleteScope = { post_profile_id?: string; profile_id?: string; network?: string };

const canDelete = (platform: TPlatform, environment: Principal["environment"]) =>
  Boolean(connectorFor({ platform, environment }).deletePublished);

// Marks the chosen chains pending_deletion and queues their deletion runs. Returns what is being deleted.
type DeletionTarget = { id: string; platform: TPlatform };
type RequestOptions = {
  principal: Principal;
  id: string;
  scope: DeleteScope;
  removeRecord: boolean;
  outcome?: (targets: DeletionTarget[]) => unknown;
};

const requestDeletion = async ({ principal, id, scope, removeRecord, outcome }: RequestOptions) => {
  const post = await findPost({ principal, id });
  const roots = post.platformPosts.filter((pp) => pp.postId === post.id);
  const chosen = roots.filter(
    (pp) =>
      (!scope.post_profile_id || pp.id === scope.post_profile_id) &&
      (!scope.profile_id || pp.profileId === scope.profile_id) &&
      (!scope.network || pp.platform === scope.network),
  );
  const explicit = Boolean(scope.post_profile_id || scope.profile_id || scope.network);
  if (explicit && chosen.length === 0) throw unprocessable(["No platform post of this post matches"]);
  const unsupported = chosen.filter(
    (pp) => pp.status === "published" && !canDelete(pp.platform, principal.environment),
  );
  if ((explicit || removeRecord) && unsupported.length) {
    throw unprocessable(unsupported.map((pp) => `Deleting posts is not supported on ${DISPLAY_NAMES[pp.platform]}`));
  }
  const targets = chosen.filter((pp) => pp.status === "published" && canDelete(pp.platform, principal.environment));
  await db.$transaction(async (tx) => {
    for (const pp of targets) {
      await tx.platformPost.updateMany({
        where: { rootPostId: post.id, profileId: pp.profileId, status: "published" },
        data: { status: "pending_deletion" },
      });
    }
    if (targets.length) {
      await sendEvent(
        targets.map((pp) => ({
          name: "app/post.delete.requested" as const,
          data: { rootPostId: post.id, profileId: pp.profileId, removeRecord },
        })),
        { tx },
      );
      if (outcome) await recordCommit(tx, { body: outcome(targets) });
    }
  });
  return { post, targets };
};

const deletionResult = (targets: DeletionTarget[]) => ({
  success: true,
  deleting: targets.map((pp) => ({ post_profile_id: pp.id, platform: pp.platform })),
});

// POST /api/posts/:id/delete_on_platform: the record stays.
export const deleteOnPlatform = async ({
  principal,
  id,
  scope,
}: {
  principal: Principal;
  id: string;
  scope: DeleteScope;
}) => {
  const given = [scope.post_profile_id, scope.profile_id, scope.network].filter(Boolean);
  if (given.length > 1) throw unprocessable(["Give at most one of post_profile_id, profile_id and network"]);
  const { targets } = await requestDeletion({ principal, id, scope, removeRecord: false, outcome: deletionResult });
  if (targets.length === 0 && !given.length)
    throw unprocessable(["Nothing to delete: the post is not published on a network that supports deletion"]);
  if (targets.length === 0) throw unprocessable(["That platform post is not published"]);
  return deletionResult(targets);
};

// DELETE /api/posts/:id?delete_on_platform=true: networks first, then the record (by the last run).
export const deletePostEverywhere = async ({ principal, id }: { principal: Principal; id: string }) => {
  const { post, targets } = await requestDeletion({ principal, id, scope: {}, removeRecord: true });
  if (targets.length === 0) await db.post.delete({ where: { id: post.id } });
  return { deleted: true };
};

// One link of a chain (the run goes replies first, so no reply is left under a deleted post).
export const deleteChainLink = async ({ platformPostId }: { platformPostId: string }) => {
  const pp = await db.platformPost.findUnique({ where: { id: platformPostId }, include: { profile: true } });
  if (!pp || pp.status !== "pending_deletion") return { state: "skipped" as const };
  const connector = connectorFor({ platform: pp.platform, environment: pp.profile.environment });
  const placement = await placementOfPlatformPost(pp);
  try {
    if (!pp.externalId || !connector.deletePublished)
      throw new NetworkError("rejected", "This post cannot be deleted on the network");
    await connector.deletePublished(contextFor(connector), {
      auth: profileAuthOf(pp.profile),
      placement,
      externalId: pp.externalId,
      params: (pp.params ?? {}) as Record<string, unknown>,
    });
    await db.platformPost.update({ where: { id: pp.id }, data: { status: "deleted" } });
    return { state: "deleted" as const };
  } catch (err) {
    if (err instanceof NetworkError && (err.kind === "rate_limited" || err.kind === "outcome_unknown")) throw err; // the job retries
    const note = `Deleting on the network failed: ${err instanceof Error ? err.message : String(err)}`;
    await db.platformPost.update({
      where: { id: pp.id },
      data: {
        status: "published",
        errorDetails: detailsJson({ details: err instanceof NetworkError ? err.details : null, note }),
      },
    });
    return { state: "failed" as const };
  }
};

// After a run: with removeRecord, the post goes once none of its platform posts is still being deleted
// and none stayed published (a refused deletion keeps the record, so nothing is lost from view).
export const finishDeletion = async ({ rootPostId, removeRecord }: { rootPostId: string; removeRecord: boolean }) => {
  if (!removeRecord) return { state: "kept" as const };
  const left = await db.platformPost.count({
    where: { rootPostId, status: { in: ["pending_deletion", "published"] } },
  });
  if (left > 0) return { state: "kept" as const };
  await db.post.deleteMany({ where: { id: rootPostId } });
  return { state: "removed" as const };
};
