import { beforeAll } from "vitest";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import type { RouteHandler } from "@/lib/api/route";
import type { Platform } from "@/lib/generated/prisma/enums";
import { callRoute } from "./call-route";
import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "./comments";
import { seedTenant } from "./network-tests";
import { seedGroup, seedKey } from "./seed";

// The comment write endpoints over their route handlers (lib/services/comments/write-comments*.test.ts):
// a tenant with its key, a published post with one synced comment per network, and the calls.

type Tenant = Awaited<ReturnType<typeof seedTenant>> & { token: string };
// A live binding: the tenant (and its API key) useWriteTenant() seeds for the importing test file.
export let t: Tenant;
export const useWriteTenant = () =>
  beforeAll(async () => {
    const tenant = await seedTenant();
    t = { ...tenant, token: (await seedKey({ accountId: tenant.account.id })).token };
  });

// A published post on a new profile of `platform` (in a group of its own unless given), with one synced
// comment on it.
export const world = async (
  platform: Platform,
  { connectedAt = new Date(), group }: { connectedAt?: Date; group?: Tenant["group"] } = {},
) => {
  group ??= await seedGroup({ accountId: t.account.id });
  const profile = await seedNetworkProfile({ group, platform, connectedAt });
  const published = await seedPublishedPost({
    group,
    profile,
    externalId: uniqueDigits(),
    placementId: platform === "facebook" ? uniqueDigits(15) : null,
  });
  const comment = await seedComment(
    { platformPost: published.platformPost, group },
    { body: "Lovely", createdAt: new Date() },
  );
  return { profile, post: published.post, platformPost: published.platformPost, comment };
};
export type World = Awaited<ReturnType<typeof world>>;

export const create = (
  w: { post: { id: string }; profile: { id: string } },
  body: unknown,
  { token = t.token, headers = {} }: { token?: string; headers?: Record<string, string> } = {},
) =>
  callRoute(postCommentsRoute.POST, {
    path: `/api/posts/${w.post.id}/comments?profile_id=${w.profile.id}`,
    token,
    body,
    params: { id: w.post.id },
    headers,
  });
export const act = (
  route: RouteHandler,
  w: { post: { id: string }; profile: { id: string } },
  commentId: string,
  token = t.token,
) =>
  callRoute(route, {
    path: `/api/posts/${w.post.id}/comments/${commentId}?profile_id=${w.profile.id}`,
    token,
    params: { id: w.post.id, comment_id: commentId },
  });
export const list = (w: World) =>
  callRoute(postCommentsRoute.GET, {
    path: `/api/posts/${w.post.id}/comments?profile_id=${w.profile.id}`,
    token: t.token,
    params: { id: w.post.id },
  });
