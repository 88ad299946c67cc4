import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "./comments";
import { seedTenant } from "./network-tests";
import { seedGroup, seedKey } from "./seed";

// The comment read tests' tenant (read-comments.test.ts, list-comments.test.ts): stored comments with
// chosen times on posts of two groups, and the keys reading them.

const day = (d: number, h = 12) => new Date(Date.UTC(2026, 0, d, h));

export type Comment = {
  id: string;
  external_id: string | null;
  body: string;
  replies?: Comment[];
  parent_external_id: string | null;
  post_id?: string;
  profile_id?: string;
  platform?: string;
};

// One account: group A with a facebook post (3 top-level comments, replies at two depths) and an
// instagram thread root + child with comments; group B with a facebook post and one comment.
export const seedCommentReadWorld = async () => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const group = tenant.group;
  const fb = await seedNetworkProfile({ group, platform: "facebook" });
  const pageId = uniqueDigits(15);
  const fbPost = await seedPublishedPost({
    group,
    profile: fb,
    externalId: `${pageId}_${uniqueDigits()}`,
    placementId: pageId,
  });
  const on = { platformPost: fbPost.platformPost, group };
  const c1 = await seedComment(on, { body: "first", createdAt: day(1) });
  const c2 = await seedComment(on, { body: "second", createdAt: day(2) });
  const c3 = await seedComment(on, { body: "third", createdAt: day(3) });
  const r1 = await seedComment(on, {
    body: "reply",
    parentExternalId: c2.externalId,
    rootExternalId: c2.externalId,
    createdAt: day(4),
  });
  const r2 = await seedComment(on, {
    body: "reply to reply",
    parentExternalId: r1.externalId,
    rootExternalId: c2.externalId,
    createdAt: day(5),
  });
  const pending = await seedComment(on, {
    body: "ours, pending",
    externalId: null,
    status: "pending",
    createdAt: day(6),
  });

  const th = await seedNetworkProfile({ group, platform: "threads" });
  const root = await seedPublishedPost({ group, profile: th, externalId: uniqueDigits() });
  const child = await seedPublishedPost({ group, profile: th, externalId: uniqueDigits(), parentId: root.post.id });
  const onRoot = await seedComment({ platformPost: root.platformPost, group }, { body: "on root", createdAt: day(7) });
  const onChild = await seedComment(
    { platformPost: child.platformPost, group },
    { body: "on child", createdAt: day(8) },
  );

  const groupB = await seedGroup({ accountId: tenant.account.id });
  const fbB = await seedNetworkProfile({ group: groupB, platform: "facebook" });
  const postB = await seedPublishedPost({
    group: groupB,
    profile: fbB,
    externalId: `${pageId}_${uniqueDigits()}`,
    placementId: pageId,
  });
  const inB = await seedComment(
    { platformPost: postB.platformPost, group: groupB },
    { body: "group B", createdAt: day(9) },
  );
  const scoped = await seedKey({ accountId: tenant.account.id, kind: "scoped", profileGroupId: groupB.id });
  return {
    tenant,
    token,
    scopedToken: scoped.token,
    fb,
    fbPost,
    c1,
    c2,
    c3,
    r1,
    r2,
    pending,
    th,
    root,
    child,
    onRoot,
    onChild,
    groupB,
    fbB,
    postB,
    inB,
  };
};
