import "server-only";
import { db } from "@/lib/db/client";

// One profile's share of a post (the root and its thread children) as the post jobs walk it.

const linksOf = async (where: { rootPostId: string; profileId: string; status?: "pending_deletion" }) =>
  (
    await db.platformPost.findMany({
      where,
      select: { id: true, post: { select: { position: true } } },
    })
  ).map((pp) => ({ id: pp.id, position: pp.post.position }));

// To publish: every link, root first, each child after the link it answers.
export const chainToPublish = async ({ rootPostId, profileId }: { rootPostId: string; profileId: string }) =>
  (await linksOf({ rootPostId, profileId })).sort((a, b) => a.position - b.position);

// To delete from the network: the links waiting for deletion, replies first (the root last).
export const chainToDelete = async ({ rootPostId, profileId }: { rootPostId: string; profileId: string }) =>
  (await linksOf({ rootPostId, profileId, status: "pending_deletion" }))
    .sort((a, b) => b.position - a.position)
    .map((link) => link.id);
