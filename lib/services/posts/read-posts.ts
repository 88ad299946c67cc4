import "server-only";
import { notFound } from "@/lib/errors";
import { groupScope, type Principal } from "@/lib/principal";
import { POST_VIEW_INCLUDE } from "@/lib/serializers/post";
import { db, type Prisma } from "@/lib/db/client";
import type { z } from "zod";
import type { ZListPostsQuery } from "@/lib/schemas/posts";

// GET /api/posts/:id and GET /api/posts (lib/contracts/posts.ts): root posts only (thread children are
// part of their root), newest first, zero-based pages. Another group's or environment's post is missing.
// Both answer post rows with media, platform posts and thread (PostView); routes render them
// (lib/serializers/post.ts renderPost).

export const postScope = (principal: Principal) => ({ ...groupScope(principal), parentId: null });

export const findPost = async ({ principal, id }: { principal: Principal; id: string }) => {
  const post = await db.post.findFirst({ where: { id, ...postScope(principal) }, include: POST_VIEW_INCLUDE });
  if (!post) throw notFound();
  return post;
};

type ListQuery = z.infer<typeof ZListPostsQuery>;

// `published` / `failed` (docs vocabulary) filter on platform outcomes; the rest on the post status.
const statusFilter = (status: ListQuery["status"]): Prisma.PostWhereInput => {
  if (!status) return {};
  if (status === "published") return { platformPosts: { some: { status: "published" } } };
  if (status === "failed") return { platformPosts: { some: { status: { in: ["failed", "delivery_unconfirmed"] } } } };
  return { status };
};

// scheduled_after (strictly after), scheduled_from (at or after) and scheduled_to (before) combine; any of
// them leaves out posts without a time.
const scheduledFilter = (query: ListQuery): Prisma.PostWhereInput => {
  const after = query.scheduled_after ?? query.scheduled_at;
  const range: Prisma.DateTimeNullableFilter = {
    ...(after && { gt: new Date(after) }),
    ...(query.scheduled_from && { gte: new Date(query.scheduled_from) }),
    ...(query.scheduled_to && { lt: new Date(query.scheduled_to) }),
  };
  return Object.keys(range).length > 0 ? { scheduledAt: range } : {};
};

export const listPosts = async ({ principal, query }: { principal: Principal; query: ListQuery }) => {
  const where: Prisma.PostWhereInput = {
    ...postScope(principal),
    ...(query.profile_group_id && !principal.profileGroupId && { profileGroupId: query.profile_group_id }),
    ...scheduledFilter(query),
    AND: [
      statusFilter(query.status),
      query.platforms?.length ? { platformPosts: { some: { platform: { in: query.platforms } } } } : {},
    ],
  };
  const [total, rows] = await Promise.all([
    db.post.count({ where }),
    db.post.findMany({
      where,
      include: POST_VIEW_INCLUDE,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: query.page * query.per_page,
      take: query.per_page,
    }),
  ]);
  return { total, rows };
};
