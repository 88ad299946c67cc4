import "server-only";
import { db } from "@/lib/db/client";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, CommentTarget } from "@/lib/networks/types";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { freshAuth, placementOfPlatformPost } from "@/lib/services/posts/publish-input";

// What a comment write needs from the network's side: the comment with the post it is on, the profile's
// connector, and the post as the profile reaches it (fresh auth, the placement with its token).

// Post comments only: profile-level comments (reviews) have no platform post and are not written here.
export const loadCommentForWrite = async (id: string) => {
  const c = await db.comment.findUnique({
    where: { id },
    include: {
      platformPost: {
        select: {
          id: true,
          externalId: true,
          placementId: true,
          profileId: true,
          profile: { select: { environment: true, platform: true } },
        },
      },
    },
  });
  return c?.platformPost ? { ...c, platformPost: c.platformPost, platformPostId: c.platformPost.id } : null;
};
export type CommentForWrite = NonNullable<Awaited<ReturnType<typeof loadCommentForWrite>>>;

export const connectorOfComment = (c: CommentForWrite): AnyConnector => connectorFor(c.platformPost.profile);

// The post the comment is on, reachable by the profile; or the problem that stops any write.
export const commentTargetOf = async (
  connector: AnyConnector,
  c: CommentForWrite,
): Promise<{ target: CommentTarget } | { problem: string }> => {
  const pp = c.platformPost;
  if (!pp.externalId) return { problem: "The post is not on the network" };
  const profile = await freshAuth(connector, pp.profileId);
  if (profile.status !== "active") return { problem: "The profile is disconnected: reconnect it and try again" };
  const placement = await placementOfPlatformPost(pp);
  if (pp.placementId && !placement)
    return { problem: `Placement ${pp.placementId} is no longer available on the profile` };
  return { target: { auth: profileAuthOf(profile), placement, postExternalId: pp.externalId } };
};
