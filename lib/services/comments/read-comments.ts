import "server-only";
import { notFound } from "@/lib/errors";
import { pageWindow } from "@/lib/pagination";
import { COMMENT_INCLUDE, type CommentRow, type CommentThread, type InboxComment } from "@/lib/serializers/comment";
import { groupScope, type Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import { PLATFORMS, utcInstant, type TPlatform } from "@/lib/schemas/common";
import type { TCommentInboxStatus } from "@/lib/schemas/comments";
import { profileArms, tallyTotal, type TallyScope } from "./comment-tallies";
import { inboxFilters, statusFilter, supportedActionsFor } from "./inbox";
import { assertCommentAction } from "./support";

// GET /api/posts/:id/comments, GET /api/posts/:id/comments/:comment_id and GET /api/comments
// (lib/contracts/comments.ts). A post is a thread's root: its comments include those on the
// chain's other links. Another tenant's, environment's or group's post, profile or comment answers
// exactly like a missing one. Each answers rows; the routes render them (lib/serializers/comment.ts).

type Range = { from?: string; to?: string };
type Page = { page: number; per_page: number };

// A bare date is the start of that day (UTC); a time without an offset is UTC.
const createdAtIn = ({ from, to }: Range): Prisma.DateTimeFilter | undefined =>
  from || to ? { ...(from && { gte: utcInstant(from) }), ...(to && { lte: utcInstant(to) }) } : undefined;

const OLDEST_FIRST = [{ createdAt: "asc" }, { id: "asc" }] satisfies Prisma.CommentOrderByWithRelationInput[];
const NEWEST_FIRST = [{ createdAt: "desc" }, { id: "desc" }] satisfies Prisma.CommentOrderByWithRelationInput[];

// The caller's root post and the profile it went to (404 otherwise), where comments can be listed (405).
const postProfileOrThrow = async ({
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
    select: { profile: { select: { id: true, platform: true, environment: true, connectedAt: true } } },
  });
  if (!pp) throw notFound();
  assertCommentAction(pp.profile, "list");
  return { postId, profileId: pp.profile.id };
};

const repliesByRoot = async (rows: CommentRow[], where: Prisma.CommentWhereInput) => {
  const roots = rows.flatMap((r) => (r.externalId ? [r.externalId] : []));
  const replies = roots.length
    ? await db.comment.findMany({
        where: { ...where, rootExternalId: { in: roots } },
        include: COMMENT_INCLUDE,
        orderBy: OLDEST_FIRST,
      })
    : [];
  const byRoot = new Map<string, CommentRow[]>();
  for (const reply of replies) byRoot.set(reply.rootExternalId!, [...(byRoot.get(reply.rootExternalId!) ?? []), reply]);
  return byRoot;
};

// Top-level comments, oldest first, each with every reply under it; `from`/`to` apply to top-level ones.
export const listPostComments = async ({
  principal,
  postId,
  query,
}: {
  principal: Principal;
  postId: string;
  query: Range & Page & { profile_id: string };
}) => {
  const target = await postProfileOrThrow({ principal, postId, profileId: query.profile_id });
  const thread: Prisma.CommentWhereInput = { rootPostId: target.postId, profileId: target.profileId };
  const where: Prisma.CommentWhereInput = { ...thread, rootExternalId: null, createdAt: createdAtIn(query) };
  const [total, rows] = await Promise.all([
    db.comment.count({ where }),
    db.comment.findMany({ where, include: COMMENT_INCLUDE, orderBy: OLDEST_FIRST, ...pageWindow(query, 1) }),
  ]);
  const byRoot = await repliesByRoot(rows, thread);
  return {
    total,
    threads: rows.map((comment): CommentThread => ({
      comment,
      replies: (comment.externalId && byRoot.get(comment.externalId)) || [],
    })),
  };
};

// One comment by its own id or the network's id, with its direct replies (oldest first).
export const getPostComment = async ({
  principal,
  postId,
  commentId,
  profileId,
}: {
  principal: Principal;
  postId: string;
  commentId: string;
  profileId: string;
}) => {
  const target = await postProfileOrThrow({ principal, postId, profileId });
  const thread: Prisma.CommentWhereInput = { rootPostId: target.postId, profileId: target.profileId };
  const row = await db.comment.findFirst({
    where: { ...thread, OR: [{ id: commentId }, { externalId: commentId }] },
    include: COMMENT_INCLUDE,
    orderBy: OLDEST_FIRST,
  });
  if (!row) throw notFound();
  const replies = row.externalId
    ? await db.comment.findMany({
        where: { ...thread, parentExternalId: row.externalId },
        include: COMMENT_INCLUDE,
        orderBy: OLDEST_FIRST,
      })
    : [];
  return { comment: row, replies } satisfies CommentThread;
};

// One page, newest first, and the exact count: from the tallies when the filters are all counted there
// (comment-tallies.ts), else a count of the matching comments.
const pageOf = async (where: Prisma.CommentWhereInput, query: Page, tally: TallyScope | null) => {
  const [total, rows] = await Promise.all([
    tally ? tallyTotal(tally) : db.comment.count({ where }),
    db.comment.findMany({ where, include: COMMENT_INCLUDE, orderBy: NEWEST_FIRST, ...pageWindow(query, 1) }),
  ]);
  return { total, rows };
};

const newestFirst = (a: CommentRow, b: CommentRow) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

// `post_ids`: comments under those roots, plus those on other posts listed (a thread's child posts), as
// two disjoint parts each read through its own index (rootPostId / postId, createdAt): one query with
// `rootPostId IN … OR postId IN …` is planned as a walk of the whole tenant newest first. Each part
// gives its first `skip + take` rows; merged newest first, the page is the same window of their union.
const pageOfPosts = async (where: Prisma.CommentWhereInput, postIds: string[], query: Page) => {
  const { skip, take } = pageWindow(query, 1);
  const parts: Prisma.CommentWhereInput[] = [
    { AND: [where, { rootPostId: { in: postIds } }] },
    {
      AND: [
        where,
        { postId: { in: postIds } },
        { OR: [{ rootPostId: null }, { NOT: { rootPostId: { in: postIds } } }] },
      ],
    },
  ];
  const counted = await Promise.all(
    parts.map(async (part) => {
      const [count, rows] = await Promise.all([
        db.comment.count({ where: part }),
        db.comment.findMany({ where: part, include: COMMENT_INCLUDE, orderBy: NEWEST_FIRST, take: skip + take }),
      ]);
      return { count, rows };
    }),
  );
  return {
    total: counted.reduce((sum, part) => sum + part.count, 0),
    rows: counted
      .flatMap((part) => part.rows)
      .sort(newestFirst)
      .slice(skip, skip + take),
  };
};

const isPlatform = (value: string): value is TPlatform => (PLATFORMS as readonly string[]).includes(value);

// Every comment the caller can see, flat and newest first. `post_ids` (a root also brings its chain's
// links) and `profiles` (ids or network names) narrow it; ids that are unknown or out of scope match
// nothing. An account-wide caller may narrow to one group with `profile_group_id`. `status` and `q`
// (the admin inbox's filters) and each entry's `supported_actions` are in inbox.ts.
export const listComments = async ({
  principal,
  query,
}: {
  principal: Principal;
  query: Range &
    Page & {
      post_ids?: string[];
      profiles?: string[];
      profile_group_id?: string;
      status?: TCommentInboxStatus;
      q?: string;
    };
}) => {
  const profiles = query.profiles && {
    ids: query.profiles.filter((p) => !isPlatform(p)),
    platforms: query.profiles.filter(isPlatform),
  };
  // The caller's tenancy, narrowed to one group when an account-wide caller asks for it.
  const tenancy = {
    ...groupScope(principal),
    ...(query.profile_group_id && !principal.profileGroupId && { profileGroupId: query.profile_group_id }),
  };
  const scope: Prisma.CommentWhereInput = {
    ...tenancy,
    platformPostId: { not: null }, // profile-level comments (reviews) are under /api/profiles/:id/comments
  };
  const where: Prisma.CommentWhereInput = {
    ...scope,
    createdAt: createdAtIn(query),
    AND: [profiles ? { OR: profileArms(profiles) } : {}, ...(await inboxFilters(scope, query))],
  };
  // The same scope and filters as counted in comment_tallies, when the request has no filter they lack.
  const tally: TallyScope | null =
    query.from || query.to || query.q
      ? null
      : { ...tenancy, ...(profiles && { profiles }), filter: query.status ? statusFilter(query.status) : {} };
  const { total, rows } = query.post_ids
    ? await pageOfPosts(where, query.post_ids, query)
    : await pageOf(where, query, tally);
  const actions = await supportedActionsFor(rows);
  return { total, entries: rows.map((comment): InboxComment => ({ comment, supportedActions: actions(comment) })) };
};
