import { db } from "@/lib/db/client";
import type { CommentStatus, Environment, Platform } from "@/lib/generated/prisma/enums";
import { newId, randomBase58 } from "@/lib/ids";

// Comments tests: profiles of any network with their network ids, posts published on them (the
// platform post carrying the network's post id), and stored comments with chosen times.

type Group = { id: string; accountId: string; environment: Environment };

export const uniqueDigits = (n = 12) => String(Math.floor(10 ** (n - 1) + Math.random() * 9 * 10 ** (n - 1)));

export const seedNetworkProfile = ({
  group,
  platform,
  externalId = uniqueDigits(),
  connectedAt = new Date(),
}: {
  group: Group;
  platform: Platform;
  externalId?: string;
  connectedAt?: Date;
}) =>
  db.profile.create({
    data: {
      id: newId("profile"),
      accountId: group.accountId,
      environment: group.environment,
      profileGroupId: group.id,
      platform,
      name: `${platform} ${randomBase58(4)}`,
      externalId,
      connectedAt,
    },
  });

// A post published to `profile` as `externalId` (on `placementId` for placement networks); with
// `parentId` a link of that root's chain.
export const seedPublishedPost = async ({
  group,
  profile,
  externalId,
  placementId = null,
  parentId = null,
}: {
  group: Group;
  profile: { id: string; platform: Platform };
  externalId: string;
  placementId?: string | null;
  parentId?: string | null;
}) => {
  const post = await db.post.create({
    data: {
      id: newId("post"),
      accountId: group.accountId,
      environment: group.environment,
      profileGroupId: group.id,
      parentId,
      position: parentId ? 1 : 0,
      body: "Published",
      status: "processed",
    },
  });
  const platformPost = await db.platformPost.create({
    data: {
      id: newId("platformPost"),
      postId: post.id,
      rootPostId: parentId ?? post.id,
      profileId: profile.id,
      platform: profile.platform,
      placementId,
      status: "published",
      externalId,
      publishedAt: new Date(),
    },
  });
  return { post, platformPost };
};

export const seedComment = (
  target: {
    platformPost: { id: string; postId: string; rootPostId: string; profileId: string; platform: Platform };
    group: Group;
  },
  c: {
    externalId?: string | null;
    parentExternalId?: string | null;
    rootExternalId?: string | null;
    body?: string;
    createdAt: Date;
    status?: CommentStatus;
  },
) =>
  db.comment.create({
    data: {
      id: newId("comment"),
      accountId: target.group.accountId,
      environment: target.group.environment,
      profileGroupId: target.group.id,
      profileId: target.platformPost.profileId,
      platform: target.platformPost.platform,
      postId: target.platformPost.postId,
      rootPostId: target.platformPost.rootPostId,
      platformPostId: target.platformPost.id,
      externalId: c.externalId === undefined ? uniqueDigits() : c.externalId,
      parentExternalId: c.parentExternalId ?? null,
      rootExternalId: c.rootExternalId ?? null,
      body: c.body ?? "A comment",
      status: c.status ?? "synced",
      createdAt: c.createdAt,
    },
  });
