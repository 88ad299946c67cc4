import "server-only";
import type { Tx } from "@/lib/db/client";

// The stored "replied" flag of a comment (comments.replied): the profile answered it. Set when a reply
// of ours is published under it, or when a reply by the profile's own account or page is synced (on
// networks whose profile-level comments come with the owner's answers, every synced reply is one). It
// never goes back: a reply deleted later does not make the comment unanswered. The inbox filters
// needs_reply / replied read it (lib/services/comments/inbox.ts).

// The comment `parentExternalId` of one post (platformPostId) or of one placement's profile-level
// comments (profileId + placementId) is answered.
export const markReplied = (
  tx: Tx,
  where:
    | { platformPostId: string; parentExternalId: string | null }
    | { profileId: string; placementId: string | null; parentExternalId: string | null },
) => {
  if (!where.parentExternalId) return Promise.resolve();
  const { parentExternalId, ...scope } = where;
  const key =
    "platformPostId" in scope
      ? { platformPostId: scope.platformPostId }
      : { profileId: scope.profileId, placementId: scope.placementId, platformPostId: null };
  return tx.comment
    .updateMany({ where: { ...key, externalId: parentExternalId, replied: false }, data: { replied: true } })
    .then(() => undefined);
};

// A comment just stored: answered already when a reply of ours, or one by `owners` (the profile's account
// and page ids), arrived before it.
export const answeredBefore = async (
  tx: Tx,
  { platformPostId, externalId, owners }: { platformPostId: string; externalId: string; owners: string[] },
) =>
  (await tx.comment.count({
    where: {
      platformPostId,
      parentExternalId: externalId,
      OR: [{ status: "published" }, { status: "synced", authorExternalId: { in: owners } }],
    },
  })) > 0;
