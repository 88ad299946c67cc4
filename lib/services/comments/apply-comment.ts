import "server-only";
import { commentEventData, COMMENT_INCLUDE } from "@/lib/serializers/comment";
import { db, type Prisma } from "@/lib/db/client";
import type { Environment, Platform } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { publicMediaUrl } from "@/lib/media/storage";
import type { InboundComment, InboundItem } from "@/lib/networks/types";
import { describesAuthors, requestAuthorSignals } from "@/lib/services/comments/author-signals";
import { requestAttachmentMirror } from "@/lib/services/comments/mirror-attachments";
import { answeredBefore, markReplied } from "@/lib/services/comments/replied";
import { emitEvent } from "@/lib/services/events/emit-event";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";

// A comment the network told us about becomes (or updates) one Comment row on the platform post it
// belongs to, keyed by the network's own id: a redelivered push finds its row, a reordered one never
// overwrites a newer change (networkChangedAt), and `comment.created` is emitted exactly once, in the
// transaction that inserted the row. Replies are flattened to their root comment; a reply that arrives
// before its ancestors hangs under the highest one known and is lifted when they arrive (under the
// platform post's row lock, so concurrent deliveries of one post's comments never miss each other).

type CommentItem = Extract<InboundItem, { kind: "comment" }>;
// profileId: a per-profile delivery. environment: live for what the networks push; a poll names its
// profile's (the sandbox's simulated network answers polls of sandbox profiles).
export type Scope = { platform: Platform; profileId: string | null; environment?: Environment };
// parent_unknown: the network named only the parent comment, which has not been stored (yet): the
// delivery is processed again later, since deliveries may be processed in another order than sent.
export type Applied = "created" | "updated" | "stale" | "unmatched" | "parent_unknown" | "own_post";

const PP_SELECT = {
  id: true,
  postId: true,
  placementId: true,
  post: { select: { id: true, parentId: true } },
  profile: { select: { id: true, accountId: true, environment: true, profileGroupId: true, externalId: true } },
} satisfies Prisma.PlatformPostSelect;
type Target = Prisma.PlatformPostGetPayload<{ select: typeof PP_SELECT }>;

// Live, published copies of our posts on this network (and this profile, for per-profile deliveries).
const ppWhere = (scope: Scope, externalId: string): Prisma.PlatformPostWhereInput => ({
  platform: scope.platform,
  externalId,
  status: { in: ["published", "pending_deletion"] },
  profile: { environment: scope.environment ?? "live", ...(scope.profileId && { id: scope.profileId }) },
});

const findPost = (scope: Scope, externalId: string) =>
  db.platformPost.findFirst({ where: ppWhere(scope, externalId), select: PP_SELECT });

// The post belongs to the account the network says the item is about (its page, channel or account).
const belongsTo = (pp: Target, account: string | null) =>
  account === null || pp.placementId === account || pp.profile.externalId === account;

// Where the comment goes: a parent that is one of our posts makes it a top-level comment on that post
// (Facebook names the post as parent, Threads the chain link answered); else the named post; else the
// post of the parent comment (networks that only name the parent).
const resolveTarget = async (
  item: CommentItem,
  scope: Scope,
): Promise<{ pp: Target; parent: string | null } | "unmatched" | "parent_unknown"> => {
  const parent = item.comment.parentExternalId;
  if (parent) {
    const asPost = await findPost(scope, parent);
    if (asPost && belongsTo(asPost, item.account)) return { pp: asPost, parent: null };
  }
  if (item.postExternalId) {
    const pp = await findPost(scope, item.postExternalId);
    return pp && belongsTo(pp, item.account) ? { pp, parent } : "unmatched";
  }
  if (!parent) return "unmatched";
  const parentComment = await db.comment.findFirst({
    where: {
      platform: scope.platform,
      externalId: parent,
      environment: scope.environment ?? "live",
      ...(scope.profileId && { profileId: scope.profileId }),
    },
    select: { platformPost: { select: PP_SELECT } },
  });
  return parentComment?.platformPost ? { pp: parentComment.platformPost, parent } : "parent_unknown";
};

export const fieldsOf = (c: InboundComment) => ({
  body: c.body,
  authorExternalId: c.authorExternalId,
  authorUsername: c.authorUsername,
  authorName: c.authorName,
  authorAvatarUrl: c.authorAvatarUrl,
  permalink: c.permalink,
  postedAt: c.postedAt,
  ...(c.metadata && { metadata: c.metadata as Prisma.InputJsonObject }),
  ...(c.platformData && { platformData: c.platformData as Prisma.InputJsonObject }),
  ...(c.likeCount !== null && { likeCount: c.likeCount }),
  ...(c.isHidden !== null && { isHidden: c.isHidden }),
});

// `emitCreated: false` stores without comment.created (polled networks the spec emits nothing for).
export const applyComment = async (
  item: CommentItem,
  scope: Scope,
  { emitCreated = true }: { emitCreated?: boolean } = {},
): Promise<Applied> => {
  const { comment } = item;
  // Our own chain links come back as replies on some networks: they are posts, not comments.
  if (await db.platformPost.findFirst({ where: ppWhere(scope, comment.externalId), select: { id: true } }))
    return "own_post";
  const target = await resolveTarget(item, scope);
  if (typeof target === "string") return target;
  const { pp, parent } = target;

  return retryingTransaction(async (tx) => {
    // One post's comments are applied one at a time: a reply and its parent arriving together must see
    // each other's rows to be flattened under the right root.
    await tx.$queryRaw`SELECT id FROM platform_posts WHERE id = ${pp.id} FOR UPDATE`;
    const key = { platformPostId: pp.id, externalId: comment.externalId };
    const parentRow = parent
      ? await tx.comment.findFirst({
          where: { platformPostId: pp.id, externalId: parent },
          select: { externalId: true, rootExternalId: true },
        })
      : null;
    const root = parent ? (parentRow?.rootExternalId ?? parentRow?.externalId ?? parent) : null;
    const id = newId("comment");
    // ON CONFLICT DO NOTHING: of two concurrent deliveries of one comment exactly one inserts.
    const { count } = await tx.comment.createMany({
      data: {
        id,
        accountId: pp.profile.accountId,
        environment: pp.profile.environment,
        profileGroupId: pp.profile.profileGroupId,
        profileId: pp.profile.id,
        platform: scope.platform,
        postId: pp.postId,
        rootPostId: pp.post.parentId ?? pp.post.id,
        platformPostId: pp.id,
        externalId: comment.externalId,
        parentExternalId: parent,
        rootExternalId: root,
        status: "synced",
        networkChangedAt: item.changedAt,
        ...fieldsOf(comment),
      },
      skipDuplicates: true,
    });
    if (count === 0) {
      const { count: updated } = await tx.comment.updateMany({
        where: { ...key, OR: [{ networkChangedAt: null }, { networkChangedAt: { lt: item.changedAt } }] },
        data: { ...fieldsOf(comment), networkChangedAt: item.changedAt },
      });
      return updated ? "updated" : "stale";
    }
    if (comment.attachments.length) {
      await tx.commentAttachment.createMany({
        data: comment.attachments.map((a, position) => ({
          id: newId("commentAttachment"),
          commentId: id,
          position,
          type: a.type,
          externalId: a.externalId ?? null,
          sourceUrl: a.url,
        })),
      });
      await requestAttachmentMirror(tx, id);
    }
    // Author signals (metadata) where the network describes commenters on request and did not say here.
    if (
      !comment.metadata &&
      comment.authorExternalId &&
      describesAuthors({ platform: scope.platform, environment: pp.profile.environment })
    )
      await requestAuthorSignals(tx, id);
    // Answered: a reply by the profile's own account or page marks its parent; a comment whose answer
    // arrived first is marked now.
    const owners = [pp.profile.externalId, pp.placementId].filter((o): o is string => !!o);
    if (parent && comment.authorExternalId && owners.includes(comment.authorExternalId))
      await markReplied(tx, { platformPostId: pp.id, parentExternalId: parent });
    if (await answeredBefore(tx, { platformPostId: pp.id, externalId: comment.externalId, owners }))
      await tx.comment.update({ where: { id }, data: { replied: true } });
    // Replies that arrived first and hang under this comment move up to its root.
    if (root)
      await tx.comment.updateMany({
        where: { platformPostId: pp.id, rootExternalId: comment.externalId },
        data: { rootExternalId: root },
      });
    if (!emitCreated) return "created";
    const row = await tx.comment.findUniqueOrThrow({ where: { id }, include: COMMENT_INCLUDE });
    const replyCount = await tx.comment.count({
      where: { platformPostId: pp.id, parentExternalId: comment.externalId },
    });
    await emitEvent({
      tx,
      accountId: row.accountId,
      environment: row.environment,
      profileGroupId: row.profileGroupId,
      type: "comment.created",
      data: commentEventData(row, replyCount, publicMediaUrl),
    });
    return "created";
  });
};
