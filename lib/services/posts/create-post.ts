import "server-only";
import { unprocessable } from "@/lib/errors";
import { groupScope, type Principal } from "@/lib/principal";
import { db, type Prisma, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { keepUploads } from "@/lib/media/upload-scope";
import type { TCreatePostBody } from "@/lib/schemas/posts";
import { recordCommit } from "@/lib/services/idempotency/commit";
import { lockQueue, rearrangeQueue } from "@/lib/services/queues/rearrange";
import { retryingTransaction } from "@/lib/services/transactions/retrying-transaction";
import { checkAgainstRules, type CheckedTarget, type MediaInput } from "./check-rules";
import { advancePost } from "./lifecycle";
import {
  asMediaInput,
  maxMediaBytes,
  storeCoverFiles,
  storeMediaRefs,
  type MediaRef,
  type MediaRow,
} from "./media-intake";
import { findPost } from "./read-posts";
import { resolveTargets } from "./targets";

// POST /api/posts: resolve the targets, check every network's rules, store uploads, then write the post,
// its thread children, media and one platform post per (post, profile) in one transaction, and move it
// on (draft / pending media / scheduled / dispatched now). With queue_id the queue assigns the slot.

export type PostContent = {
  body: string;
  media: MediaRef[];
  thread: { body: string; media: MediaRef[] }[];
  platforms: Record<string, Record<string, unknown> | undefined>;
};

// What an edit keeps of the post (lib/services/posts/update-post.ts): checked as it is known (content type,
// and size once stored), never stored again; `media` and `thread` of the content are then not used.
export type KeptContent = { media?: MediaInput[]; thread?: { body: string; media: MediaInput[] }[] };

export const checkContent = async (
  targets: Parameters<typeof checkAgainstRules>[0]["targets"],
  content: PostContent,
  kept: KeptContent = {},
) => {
  const platforms = await storeCoverFiles(content.platforms);
  const checked = checkAgainstRules({
    targets,
    body: content.body,
    media: kept.media ?? content.media.map(asMediaInput),
    thread: kept.thread ?? content.thread.map((t) => ({ body: t.body, media: t.media.map(asMediaInput) })),
    platforms,
  });
  const maxBytes = maxMediaBytes(checked.map((c) => c.limits));
  const media = kept.media ? [] : await storeMediaRefs(content.media, maxBytes, "media");
  const thread: { body: string; media: MediaRow[] }[] = [];
  for (const [i, t] of kept.thread ? [] : content.thread.entries())
    thread.push({ body: t.body, media: await storeMediaRefs(t.media, maxBytes, `thread[${i}].media`) });
  return { checked, platforms, media, thread };
};

export const resolveQueue = async (principal: Principal, groupId: string, queueId: string | undefined) => {
  if (!queueId) return null;
  const queue = await db.postQueue.findFirst({
    where: { id: queueId, ...groupScope(principal), profileGroupId: groupId },
    select: { id: true },
  });
  if (!queue) throw unprocessable(["queue_id: queue not found in the post's profile group"]);
  return queue;
};

const mediaData = (postId: string, rows: MediaRow[]) =>
  rows.map((m, position) => ({ id: newId("postMedia"), postId, position, ...m }));

type Root = {
  id: string;
  accountId: string;
  environment: Principal["environment"];
  profileGroupId: string;
  status: "draft" | "pending";
  draft: boolean;
};

// A root post's thread children, in order; returns every post id of the chain (root first).
export const writeChildren = async (tx: Tx, root: Root, thread: { body: string; media: MediaRow[] }[]) => {
  const postIds = [root.id];
  for (const [i, t] of thread.entries()) {
    const childId = newId("post");
    await tx.post.create({
      data: {
        id: childId,
        accountId: root.accountId,
        environment: root.environment,
        profileGroupId: root.profileGroupId,
        parentId: root.id,
        position: i + 1,
        body: t.body,
        status: root.status,
        draft: root.draft,
      },
    });
    if (t.media.length) await tx.postMedia.createMany({ data: mediaData(childId, t.media) });
    postIds.push(childId);
  }
  return postIds;
};

// One platform post per (post of the chain, target profile).
export const writeTargets = (tx: Tx, rootId: string, postIds: string[], checked: CheckedTarget[]) =>
  tx.platformPost.createMany({
    data: postIds.flatMap((postId) =>
      checked.map((c) => ({
        id: newId("platformPost"),
        postId,
        rootPostId: rootId,
        profileId: c.target.id,
        platform: c.target.platform,
        placementId: c.placementId,
        params: c.params as Prisma.InputJsonObject,
      })),
    ),
  });

export const writeMedia = (tx: Tx, postId: string, rows: MediaRow[]) =>
  rows.length ? tx.postMedia.createMany({ data: mediaData(postId, rows) }) : null;

export const createPost = async ({
  principal,
  input,
  now = new Date(),
}: {
  principal: Principal;
  input: TCreatePostBody;
  now?: Date;
}) => {
  const { groupId, targets } = await resolveTargets({
    principal,
    refs: input.profiles,
    groupId: input.profile_group_id,
  });
  const fields = input.post ?? {};
  if (input.queue_id && fields.scheduled_at)
    throw unprocessable(["queue_id and post.scheduled_at cannot be combined: the queue assigns the time"]);
  const queue = await resolveQueue(principal, groupId, input.queue_id);
  const draft = fields.draft ?? false;
  const content = await checkContent(targets, {
    body: fields.body ?? "",
    media: input.media ?? [],
    thread: (input.thread ?? []).map((t) => ({ body: t.body, media: t.media ?? [] })),
    platforms: input.platforms ?? {},
  });

  const id = newId("post");
  await retryingTransaction(async (tx) => {
    // Queue first (lock order of every queue transaction), then the post's rows.
    if (queue && !(await lockQueue(tx, queue.id)))
      throw unprocessable(["queue_id: queue not found in the post's profile group"]);
    const root = {
      id,
      accountId: principal.accountId,
      environment: principal.environment,
      profileGroupId: groupId,
      status: draft ? ("draft" as const) : ("pending" as const),
      draft,
    };
    await tx.post.create({
      data: {
        ...root,
        body: fields.body ?? "",
        scheduledAt: queue ? null : (fields.scheduled_at ?? null),
        platforms: content.platforms as Prisma.InputJsonObject,
        queueId: queue?.id ?? null,
        queuePriority: queue ? (input.queue_priority ?? "medium") : null,
      },
    });
    await writeMedia(tx, id, content.media);
    await writeTargets(tx, id, await writeChildren(tx, root, content.thread), content.checked);
    if (queue && !draft) await rearrangeQueue(tx, queue.id, { now });
    if (!draft) await advancePost(tx, id, now);
    await recordCommit(tx, { resource: "post", id });
  });
  keepUploads(); // the committed rows refer to them
  return findPost({ principal, id });
};
