import "server-only";
import { ApiError, notFound, unprocessable } from "@/lib/errors";
import { COMMENT_INCLUDE } from "@/lib/serializers/comment";
import { groupScope, type Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { sendEvent } from "@/lib/jobs/send";
import { CAPABILITIES } from "@/lib/networks/platforms";
import { connectorFor } from "@/lib/networks/registry";
import type { TProfileReplyBody } from "@/lib/schemas/profile-comments";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { unsupportedMethod } from "./support";

// POST /api/profiles/:id/comments: our reply to a review (google_business) or a recommendation
// (facebook). Answers at once with the reply `pending`, stored in the transaction of the event that
// publishes it (publish-profile-reply.ts, through the publish-comment function). Checks, in order: the
// caller's profile (404), the network takes replies to profile-level comments (405), the review or
// recommendation by our id or the network's (404 `Parent comment not found`), it is on the network (422).
// Answers the reply's row (the route renders it).

export const replyToProfileComment = async ({
  principal,
  profileId,
  input,
}: {
  principal: Principal;
  profileId: string;
  input: TProfileReplyBody;
}) => {
  const profile = await db.profile.findFirst({
    where: { id: profileId, ...groupScope(principal) },
    select: {
      id: true,
      platform: true,
      environment: true,
      externalId: true,
      profileGroupId: true,
      name: true,
      username: true,
      avatarUrl: true,
    },
  });
  if (!profile) throw notFound();
  if (!CAPABILITIES[profile.platform].profileComments || !connectorFor(profile).commentSync?.replyToProfileComment)
    throw unsupportedMethod(profile.platform);
  const parent = await db.comment.findFirst({
    where: {
      profileId: profile.id,
      platformPostId: null,
      parentExternalId: null,
      OR: [{ id: input.parent_id }, { externalId: input.parent_id }],
    },
    orderBy: { createdAt: "asc" },
  });
  if (!parent) throw new ApiError("not_found", "Parent comment not found");
  if (!parent.externalId) throw unprocessable(["Parent comment has not been published yet"]);
  const id = newId("comment");
  return db.$transaction(async (tx) => {
    const created = await tx.comment.create({
      data: {
        id,
        accountId: principal.accountId,
        environment: principal.environment,
        profileGroupId: profile.profileGroupId,
        profileId: profile.id,
        platform: profile.platform,
        placementId: parent.placementId,
        externalId: null,
        parentExternalId: parent.externalId,
        rootExternalId: parent.externalId,
        body: input.body,
        status: "pending",
        // Written as the location or page the review is about.
        authorExternalId: parent.placementId ?? profile.externalId,
        authorUsername: profile.username,
        authorName: profile.name,
        authorAvatarUrl: profile.avatarUrl,
      },
      include: COMMENT_INCLUDE,
    });
    await sendEvent({ name: "app/comment.publish.requested", data: { commentId: id } }, { tx });
    await recordCommit(tx, { resource: "profile_comment", id });
    return created;
  });
};
