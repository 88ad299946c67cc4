import "server-only";
import { ApiError, notFound, unprocessable } from "@/lib/errors";
import type { Principal } from "@/lib/principal";
import type { Prisma, Tx } from "@/lib/db/client";
import { publicMediaUrl } from "@/lib/media/storage";
import { keepUploads } from "@/lib/media/upload-scope";
import type { TUpdatePostBody } from "@/lib/schemas/posts";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { lockQueues, rearrangeQueue } from "@/lib/services/queues/rearrange";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { checkContent, resolveQueue, writeChildren, writeMedia, writeTargets, type PostContent } from "./create-post";
import { deletePostEverywhere } from "./delete-on-platform";
import { advancePost, wholeChain } from "./lifecycle";
import type { MediaInput } from "./check-rules";
import { findPost } from "./read-posts";
import { requeueFailed } from "./retry-failed";
import { resolveTargets } from "./targets";

// PATCH /api/posts/:id (lib/contracts/posts.ts): post.* merge; profiles, media and thread replace (omitted =
// unchanged, [] = clear); platforms merge per network and key; queue_id / queue_priority assign. Only
// drafts, posts whose media failed, and posts due more than 5 minutes from now can be edited. The whole
// post is checked again against every network's rules; nothing is written unless all of it passes.

const EDIT_MARGIN_MS = 5 * 60 * 1000;

const isEditable = (post: { draft: boolean; status: string; scheduledAt: Date | null }, now: Date) =>
  post.draft ||
  post.status === "media_processing_failed" ||
  (["pending", "scheduled"].includes(post.status) &&
    !!post.scheduledAt &&
    post.scheduledAt.getTime() - now.getTime() > EDIT_MARGIN_MS);

type ExistingMedia = {
  sourceUrl: string | null;
  storageKey: string | null;
  contentType: string;
  sizeBytes: number | null;
};
// Kept media take part in the rules check under their hosted (or source) URL, content type and size (known
// once stored or downloaded).
const keptMedia = (m: ExistingMedia): MediaInput => ({
  url: m.storageKey ? publicMediaUrl(m.storageKey) : (m.sourceUrl ?? ""),
  contentType: m.contentType,
  sizeBytes: m.sizeBytes,
});

const lockPost = async (tx: Tx, id: string) =>
  (await tx.$queryRaw<{ id: string }[]>`SELECT id FROM posts WHERE id = ${id} FOR UPDATE`).length > 0;

const mergePlatforms = (
  current: Record<string, Record<string, unknown>>,
  patch: Record<string, Record<string, unknown>> | undefined,
) => {
  const out = { ...current };
  for (const [network, params] of Object.entries(patch ?? {}))
    out[network] = { ...(current[network] ?? {}), ...params };
  return out;
};

type UpdateOptions = { principal: Principal; id: string; input: TUpdatePostBody; now?: Date };

// Concurrent edits of one post: each is computed from the post as read, and written only if the post is
// still that version (checked under the post's row lock); otherwise it is computed again from the new
// version. So edits apply one after the other, and a thread or target list is never written twice.
const EDIT_ATTEMPTS = 10;
const STALE = Symbol("stale");

export const updatePost = async (options: UpdateOptions) => {
  for (let attempt = 1; ; attempt++) {
    if ((await applyEdit(options)) !== STALE) {
      keepUploads(); // the committed rows refer to them
      return findPost({ principal: options.principal, id: options.id });
    }
    if (attempt >= EDIT_ATTEMPTS)
      throw new ApiError("conflict", "The post was changed by another request meanwhile; retry");
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 40 * attempt));
  }
};

const applyEdit = async ({ principal, id, input, now = new Date() }: UpdateOptions) => {
  const post = await findPost({ principal, id });
  if (!isEditable(post, now)) throw unprocessable(["Post cannot be edited"]);
  const fields = input.post ?? {};
  const draft = fields.draft ?? post.draft;
  const queueId = input.queue_id === undefined ? post.queueId : input.queue_id;
  const scheduledAt = fields.scheduled_at === undefined ? post.scheduledAt : fields.scheduled_at;
  if (queueId && fields.scheduled_at)
    throw unprocessable(["queue_id and post.scheduled_at cannot be combined: the queue assigns the time"]);

  const refs = input.profiles ?? post.platformPosts.filter((pp) => pp.postId === post.id).map((pp) => pp.profileId);
  const { groupId, targets } = await resolveTargets({ principal, refs, groupId: post.profileGroupId });
  const queue = await resolveQueue(principal, groupId, queueId ?? undefined);
  const mediaGiven = input.media !== undefined;
  const threadGiven = input.thread !== undefined;
  const content: PostContent = {
    body: fields.body ?? post.body,
    media: input.media ?? [],
    thread: (input.thread ?? []).map((t) => ({ body: t.body, media: t.media ?? [] })),
    platforms: mergePlatforms(post.platforms as Record<string, Record<string, unknown>>, input.platforms),
  };
  // Unchanged media and thread are checked as they are, but not stored again.
  const checkedContent = await checkContent(targets, content, {
    media: mediaGiven ? undefined : post.media.map(keptMedia),
    thread: threadGiven ? undefined : post.children.map((c) => ({ body: c.body, media: c.media.map(keptMedia) })),
  });

  return retryingTransaction(async (tx) => {
    // Lock order: the queues (left and joined), then the post.
    const locked = await lockQueues(tx, [post.queueId, queue?.id]);
    if (queue && !locked.has(queue.id)) throw unprocessable(["queue_id: queue not found in the post's profile group"]);
    if (!(await lockPost(tx, id))) throw notFound();
    const current = await tx.post.findUniqueOrThrow({ where: { id }, select: { updatedAt: true } });
    if (current.updatedAt.getTime() !== post.updatedAt.getTime()) return STALE;
    const status = draft ? ("draft" as const) : ("pending" as const);
    await tx.post.update({
      where: { id },
      data: {
        body: content.body,
        draft,
        status,
        scheduledAt: queue ? post.scheduledAt : scheduledAt, // a post leaving its queue keeps its slot time
        platforms: checkedContent.platforms as Prisma.InputJsonObject,
        queueId: queue?.id ?? null,
        queuePriority: queue ? (input.queue_priority ?? post.queuePriority ?? "medium") : null,
      },
    });
    if (mediaGiven) {
      await tx.postMedia.deleteMany({ where: { postId: id } });
      await writeMedia(tx, id, checkedContent.media);
    }
    const root = {
      id,
      accountId: post.accountId,
      environment: post.environment,
      profileGroupId: groupId,
      status,
      draft,
    };
    let postIds = [id, ...post.children.map((c) => c.id)];
    if (threadGiven) {
      await tx.post.deleteMany({ where: { parentId: id } });
      postIds = await writeChildren(tx, root, checkedContent.thread);
    } else {
      await tx.post.updateMany({ where: { parentId: id }, data: { status, draft } });
    }
    await tx.platformPost.deleteMany({ where: { rootPostId: id } });
    await writeTargets(tx, id, postIds, checkedContent.checked);
    for (const q of locked) await rearrangeQueue(tx, q, { now });
    if (!draft) await advancePost(tx, id, now);
    await recordCommit(tx, { resource: "post", id });
    return "updated" as const;
  });
};

// POST /api/posts/:id/publish: a draft goes out (at once, at its scheduled_at, or in its queue slot); a
// processed post's failed networks are published again (retry-failed.ts).
export const publishDraft = async ({
  principal,
  id,
  now = new Date(),
}: {
  principal: Principal;
  id: string;
  now?: Date;
}) => {
  const post = await findPost({ principal, id });
  if (!post.draft && post.status === "processed") return retryFailedNetworks({ principal, id });
  if (!post.draft) throw unprocessable(["Only drafts can be published"]);
  await retryingTransaction(async (tx) => {
    await lockQueues(tx, [post.queueId]);
    const { count } = await tx.post.updateMany({
      where: { ...wholeChain(id), draft: true },
      data: { draft: false, status: "pending" },
    });
    await recordCommit(tx, { resource: "post", id });
    if (count === 0) return;
    if (post.queueId) await rearrangeQueue(tx, post.queueId, { now });
    await advancePost(tx, id, now);
  });
  return findPost({ principal, id });
};

// DELETE /api/posts/:id: the record only, or (delete_on_platform=true) the networks' copies first and then
// the record. A queued post leaves its queue, which is rearranged.
export const deletePost = async ({
  principal,
  id,
  deleteOnPlatform,
  now = new Date(),
}: {
  principal: Principal;
  id: string;
  deleteOnPlatform: boolean;
  now?: Date;
}) => {
  if (deleteOnPlatform) return deletePostEverywhere({ principal, id });
  const post = await findPost({ principal, id });
  await retryingTransaction(async (tx) => {
    await lockQueues(tx, [post.queueId]);
    await tx.post.delete({ where: { id } });
    if (post.queueId) await rearrangeQueue(tx, post.queueId, { now });
  });
  return { deleted: true };
};

const retryFailedNetworks = async ({ principal, id }: { principal: Principal; id: string }) => {
  const requeued = await retryingTransaction(async (tx) => {
    if (!(await lockPost(tx, id))) throw notFound();
    const profiles = await requeueFailed(tx, id);
    if (profiles.length > 0) await recordCommit(tx, { resource: "post", id });
    return profiles;
  });
  if (requeued.length === 0) throw unprocessable(["Only drafts, or posts with failed networks, can be published"]);
  return findPost({ principal, id });
};
