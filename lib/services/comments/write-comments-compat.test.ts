import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as commentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import * as hideRoute from "@/app/api/posts/[id]/comments/[comment_id]/hide/route";
import * as unhideRoute from "@/app/api/posts/[id]/comments/[comment_id]/unhide/route";
import * as likeRoute from "@/app/api/posts/[id]/comments/[comment_id]/like/route";
import * as unlikeRoute from "@/app/api/posts/[id]/comments/[comment_id]/unlike/route";
import type { RouteHandler } from "@/lib/api/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";

await useOwnDatabase("comments_compat");

// The n8n node (its comment operations): `profile_id` inside the JSON body of create, delete, hide,
// unhide, like and unlike, and PUT for like. The query stays the usual place; 400 without either.

afterAll(() => db.$disconnect());

let token: string;
let w: { post: { id: string }; profile: { id: string }; comment: { id: string } };
beforeAll(async () => {
  const t = await seedTenant();
  token = (await seedKey({ accountId: t.account.id })).token;
  const profile = await seedNetworkProfile({ group: t.group, platform: "facebook" });
  const { post, platformPost } = await seedPublishedPost({
    group: t.group,
    profile,
    externalId: uniqueDigits(),
    placementId: uniqueDigits(15),
  });
  const comment = await seedComment({ platformPost, group: t.group }, { body: "Lovely", createdAt: new Date() });
  w = { post, profile, comment };
});

const inBody = (route: RouteHandler, body: unknown, commentId: string | null = w.comment.id) =>
  callRoute(route, {
    path: commentId ? `/api/posts/${w.post.id}/comments/${commentId}` : `/api/posts/${w.post.id}/comments`,
    token,
    body,
    params: commentId ? { id: w.post.id, comment_id: commentId } : { id: w.post.id },
  });

describe("n8n: profile_id in the body, PUT for like", () => {
  it("a comment is created with profile_id in the JSON body", async () => {
    const res = await inBody(postCommentsRoute.POST, { text: "From n8n", profile_id: w.profile.id }, null);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "pending", body: "From n8n" });
  });

  it.each([
    ["hide", hideRoute.POST],
    ["unhide", unhideRoute.POST],
    ["like", likeRoute.POST],
    ["unlike", unlikeRoute.POST],
    ["delete", commentRoute.DELETE],
  ] as const)("%s takes profile_id in the JSON body", async (_, route) => {
    expect(await inBody(route, { profile_id: w.profile.id })).toMatchObject({
      status: 200,
      json: { accepted: true },
    });
  });

  it("PUT …/like is the like action", async () => {
    expect(likeRoute.PUT.endpoint.method).toBe("PUT");
    expect(await inBody(likeRoute.PUT, { profile_id: w.profile.id })).toMatchObject({
      status: 200,
      json: { accepted: true },
    });
    expect(await db.comment.findUniqueOrThrow({ where: { id: w.comment.id } })).toMatchObject({
      requestedLiked: true,
    });
  });

  it("without profile_id in the query or the body an action is 400", async () => {
    const res = await inBody(hideRoute.POST, {});
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ message: "param is missing or the value is empty: profile_id" });
  });
});
