import { useOwnDatabase } from "@/testing/own-database";
import { beforeAll, describe, expect, it } from "vitest";
import * as commentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import * as hideRoute from "@/app/api/posts/[id]/comments/[comment_id]/hide/route";
import * as likeRoute from "@/app/api/posts/[id]/comments/[comment_id]/like/route";
import type { RouteHandler } from "@/lib/api/route";
import { db } from "@/lib/db/client";
import type { Platform } from "@/lib/generated/prisma/enums";
import {
  FB,
  act,
  create,
  graph,
  now,
  row,
  runner,
  targetOf,
  tenant,
  useCommentNetworks,
  type Target,
} from "@/testing/comment-networks";
import { seedComment } from "@/testing/comments";

await useOwnDatabase("comments_actions");

// The actions on a comment reach each network through the API, the local runner and the real connectors
// against the fakes: hide, like and delete on facebook, hide on threads, delete on instagram and youtube.

useCommentNetworks();

describe("actions reach the network", () => {
  describe("facebook, on a visitor's comment", () => {
    let t: Target;
    let visitorId: string;
    let stored: Awaited<ReturnType<typeof seedComment>>;
    beforeAll(async () => {
      t = await targetOf("facebook");
      const visitor = {
        id: `${t.postExternalId.split("_")[1]}_${now()}`,
        objectId: t.postExternalId,
        message: "First!",
        createdAt: now(),
        family: "facebook" as const,
        pageId: FB.page,
        fromId: "5551",
      };
      visitorId = visitor.id;
      graph.content.comments.set(visitor.id, visitor);
      const pp = await db.platformPost.findFirstOrThrow({ where: { postId: t.post.id } });
      stored = await seedComment(
        { platformPost: pp, group: tenant.group },
        { externalId: visitor.id, body: "First!", createdAt: new Date() },
      );
    });

    it("hide and like reach Graph and then show", async () => {
      for (const route of [hideRoute.POST, likeRoute.POST])
        expect((await act(route, t, visitorId)).json).toEqual({ accepted: true });
      await runner.drain();
      expect(graph.content.comments.get(visitorId)).toMatchObject({ hidden: true });
      expect([...(graph.content.comments.get(visitorId)!.likedBy ?? [])]).toEqual([FB.page]);
      expect(await row(stored.id)).toMatchObject({ isHidden: true, likeCount: 1, isLiked: true });
    });

    it("delete removes it on Graph and here", async () => {
      expect((await act(commentRoute.DELETE, t, stored.id)).json).toEqual({ accepted: true });
      await runner.drain();
      expect(graph.content.comments.has(visitorId)).toBe(false);
      expect(await db.comment.count({ where: { id: stored.id } })).toBe(0);
    });
  });

  // Our own published comment, then the action on it.
  const ownPublished = async (platform: Platform, route: RouteHandler) => {
    const t = await targetOf(platform);
    const c = await create(t, { body: `Moderated on ${platform}` });
    await runner.drain();
    const published = await row(c.json.id as string);
    expect((await act(route, t, published.id)).json).toEqual({ accepted: true });
    await runner.drain();
    return { t, published };
  };

  it("threads hides a reply", async () => {
    const { published } = await ownPublished("threads", hideRoute.POST);
    expect(graph.publishedMedia("threads").find((m) => m.id === published.externalId)).toMatchObject({
      hidden: true,
    });
    expect(await row(published.id)).toMatchObject({ isHidden: true });
  });

  it.each(["instagram", "youtube"] as const)("%s deletes our own comment", async (platform) => {
    const { t, published } = await ownPublished(platform, commentRoute.DELETE);
    expect(t.held(published.externalId!), platform).toBeUndefined();
    expect(await db.comment.count({ where: { id: published.id } })).toBe(0);
  });
});
