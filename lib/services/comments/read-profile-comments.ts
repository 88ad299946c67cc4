import "server-only";
import { notFound } from "@/lib/errors";
import { pageWindow } from "@/lib/pagination";
import { COMMENT_INCLUDE, type CommentRow, type CommentThread } from "@/lib/serializers/comment";
import { groupScope, type Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import { CAPABILITIES } from "@/lib/networks/platforms";
import { unsupportedMethod } from "./support";
import { requestProfileCommentSync } from "./sync-profile-comments";

// GET /api/profiles/:id/comments: a profile's reviews or recommendations, newest first, each with its
// replies oldest first. Another tenant's, environment's or group's profile is 404 like a missing one;
// a network without profile-level comments is 405. A profile's read asks for a fresh sync when
// the last one is older than ON_DEMAND_AFTER_MS (sync-profile-comments.ts). Answers rows (the route
// renders them with lib/serializers/profile-comment.ts).

export const listProfileComments = async ({
  principal,
  profileId,
  query,
}: {
  principal: Principal;
  profileId: string;
  query: { placement_id?: string; page: number; per_page: number };
}) => {
  const profile = await db.profile.findFirst({
    where: { id: profileId, ...groupScope(principal) },
    select: { id: true, platform: true, environment: true, status: true },
  });
  if (!profile) throw notFound();
  if (!CAPABILITIES[profile.platform].profileComments) throw unsupportedMethod(profile.platform);
  const scope: Prisma.CommentWhereInput = {
    profileId: profile.id,
    platformPostId: null,
    ...(query.placement_id && { placementId: query.placement_id }),
  };
  const where: Prisma.CommentWhereInput = { ...scope, parentExternalId: null };
  const [total, rows] = await Promise.all([
    db.comment.count({ where }),
    db.comment.findMany({
      where,
      include: COMMENT_INCLUDE,
      orderBy: [{ postedAt: { sort: "desc", nulls: "last" } }, { id: "desc" }],
      ...pageWindow(query, 0),
    }),
  ]);
  const keys = rows.flatMap((r) => (r.externalId ? [r.externalId] : []));
  const replies = keys.length
    ? await db.comment.findMany({
        where: { ...scope, parentExternalId: { in: keys } },
        include: COMMENT_INCLUDE,
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      })
    : [];
  const byParent = new Map<string, CommentRow[]>();
  for (const r of replies)
    byParent.set(`${r.placementId}|${r.parentExternalId}`, [
      ...(byParent.get(`${r.placementId}|${r.parentExternalId}`) ?? []),
      r,
    ]);
  if (profile.status === "active") await requestProfileCommentSync({ profileId: profile.id });
  return {
    total,
    threads: rows.map((comment): CommentThread => ({
      comment,
      replies: byParent.get(`${comment.placementId}|${comment.externalId}`) ?? [],
    })),
  };
};
