import "server-only";
import { ApiError, notFound, unprocessable, badRequest } from "@/lib/errors";
import { COMMENT_INCLUDE } from "@/lib/serializers/comment";
import { groupScope, type Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { sendEvent } from "@/lib/jobs/send";
import type { TCreateCommentBody } from "@/lib/schemas/comments";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { assertCommentAction, type CommentAction } from "./support";

// POST /api/posts/:id/comments and the actions on one comment (DELETE, hide/unhide, like/unlike,
// pin/unpin). Each answers at once: the comment is stored `pending` (or the action requested) in the
// same transaction as the event that carries it out on the network (publish-comment.ts,
// comment-actions.ts). Checks, in order: the caller's root post on that profile (404), the network
// supports the action for the profile (405), the post is published (422), the parent or the comment
// (404), the comment is on the network (422). A new comment is answered as its row (the route renders
// it); an action as `{accepted: true}`.

export type CommentActionName = "delete" | "hide" | "unhide" | "like" | "unlike" | "pin" | "unpin";
const CAPABILITY_OF: Record<CommentActionName, CommentAction> = {
  delete: "delete",
  hide: "hide",
  unhide: "hide",
  like: "like",
  unlike: "like",
  pin: "pin",
  unpin: "pin",
};

// The state a toggle asks for, kept on the comment so the last request wins whatever order the
// background actions run in (comment-actions.ts).
const REQUESTED: Record<
  CommentActionName,
  { field: "requestedHidden" | "requestedLiked" | "requestedPinned"; value: boolean } | null
> = {
  delete: null,
  hide: { field: "requestedHidden", value: true },
  unhide: { field: "requestedHidden", value: false },
  like: { field: "requestedLiked", value: true },
  unlike: { field: "requestedLiked", value: false },
  pin: { field: "requestedPinned", value: true },
  unpin: { field: "requestedPinned", value: false },
};

const PROFILE_SELECT = {
  id: true,
  platform: true,
  environment: true,
  connectedAt: true,
  externalId: true,
  profileGroupId: true,
  name: true,
  username: true,
  avatarUrl: true,
} satisfies Prisma.ProfileSelect;

// The caller's root post as sent to the profile (the thread's root: its links' comments belong to it).
export const rootPlatformPostOrThrow = async ({
  principal,
  postId,
  profileId,
}: {
  principal: Principal;
  postId: string;
  profileId: string;
}) => {
  const pp = await db.platformPost.findFirst({
    where: { postId, profileId, post: { ...groupScope(principal), parentId: null } },
    select: { id: true, status: true, externalId: true, placementId: true, profile: { select: PROFILE_SELECT } },
  });
  if (!pp) throw notFound();
  return pp;
};

// A comment of the post's thread on that profile, by our id or the network's.
export const threadComment = (rootPostId: string, profileId: string, id: string) =>
  db.comment.findFirst({
    where: { rootPostId, profileId, OR: [{ id }, { externalId: id }] },
    orderBy: { createdAt: "asc" },
  });

// A comment of the caller's by our id (what an Idempotency-Key replay of a comment write renders).
export const getCommentOrThrow = async ({ principal, id }: { principal: Principal; id: string }) => {
  const row = await db.comment.findFirst({ where: { id, ...groupScope(principal) }, include: COMMENT_INCLUDE });
  if (!row) throw notFound();
  return row;
};

// The profile of a comment write: `profile_id` from the query, else from the JSON body (n8n); 400 without.
export const profileIdOf = (fromQuery: string | undefined, fromBody: string | undefined): string => {
  const id = fromQuery ?? fromBody;
  if (!id) throw badRequest("param is missing or the value is empty: profile_id");
  return id;
};

export const createPostComment = async ({
  principal,
  postId,
  profileId,
  input,
}: {
  principal: Principal;
  postId: string;
  profileId: string;
  input: TCreateCommentBody;
}) => {
  const root = await rootPlatformPostOrThrow({ principal, postId, profileId });
  assertCommentAction(root.profile, "create");
  if (root.status !== "published" || !root.externalId) throw unprocessable(["Post is not published"]);
  let target = {
    platformPostId: root.id,
    postId,
    placementId: root.placementId,
    parent: null as null | { externalId: string; root: string },
  };
  if (input.parentId) {
    const parent = await threadComment(postId, root.profile.id, input.parentId);
    if (!parent?.platformPostId || !parent.postId) throw new ApiError("not_found", "Parent comment not found");
    if (!parent.externalId) throw unprocessable(["Parent comment has not been published yet"]);
    const pp = await db.platformPost.findUniqueOrThrow({
      where: { id: parent.platformPostId },
      select: { placementId: true },
    });
    target = {
      platformPostId: parent.platformPostId,
      postId: parent.postId,
      placementId: pp.placementId,
      parent: { externalId: parent.externalId, root: parent.rootExternalId ?? parent.externalId },
    };
  }
  const id = newId("comment");
  const profile = root.profile;
  const row = await db.$transaction(async (tx) => {
    const created = await tx.comment.create({
      data: {
        id,
        accountId: principal.accountId,
        environment: principal.environment,
        profileGroupId: profile.profileGroupId,
        profileId: profile.id,
        platform: profile.platform,
        postId: target.postId,
        rootPostId: postId,
        platformPostId: target.platformPostId,
        externalId: null,
        parentExternalId: target.parent?.externalId ?? null,
        rootExternalId: target.parent?.root ?? null,
        body: input.body,
        status: "pending",
        // Written as the page, channel or account the post went out on.
        authorExternalId: target.placementId ?? profile.externalId,
        authorUsername: profile.username,
        authorName: profile.name,
        authorAvatarUrl: profile.avatarUrl,
      },
      include: COMMENT_INCLUDE,
    });
    await sendEvent({ name: "app/comment.publish.requested", data: { commentId: id } }, { tx });
    await recordCommit(tx, { resource: "comment", id });
    return created;
  });
  return row;
};

export const requestCommentAction = async ({
  principal,
  postId,
  profileId,
  commentId,
  action,
}: {
  principal: Principal;
  postId: string;
  profileId: string;
  commentId: string;
  action: CommentActionName;
}) => {
  const root = await rootPlatformPostOrThrow({ principal, postId, profileId });
  assertCommentAction(root.profile, CAPABILITY_OF[action]);
  const comment = await threadComment(postId, root.profile.id, commentId);
  if (!comment) throw notFound();
  if (!comment.externalId) throw unprocessable(["Comment has not been published yet"]);
  await db.$transaction(async (tx) => {
    const requested = REQUESTED[action];
    if (requested) await tx.comment.update({ where: { id: comment.id }, data: { [requested.field]: requested.value } });
    await sendEvent({ name: "app/comment.action.requested", data: { commentId: comment.id, action } }, { tx });
    await recordCommit(tx, { body: { accepted: true } });
  });
  return { accepted: true as const };
};
