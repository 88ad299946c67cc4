import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import type { Platform } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { connectorFor } from "@/lib/networks/registry";
import { firstPlacement, sandboxAuth, sandboxCtx } from "@/lib/networks/sandbox/sandbox-test-auth";
import { publishInput } from "@/testing/publish-media";
import { seedPublishedPost } from "@/testing/comments";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { findPostsDueForComments, firstPollDelayMs, syncPostComments } from "./poll-post-comments";
import { findProfilesDueForProfileComments, syncProfileComments } from "./sync-profile-comments";

await useOwnDatabase("comments_sandbox_audience");

// The sandbox's simulated audience arrives through the same polling as the real networks: comments on
// sandbox posts (replies, instagram author signals, a bluesky thread, attachments), reviews on sandbox
// locations and recommendations on sandbox pages, with the events the real network would give.

afterAll(() => db.$disconnect());

const sandboxWorld = async (platform: Platform) => {
  const tenant = await seedTenant({ environment: "sandbox" });
  const auth = await sandboxAuth(platform);
  const placement = await firstPlacement(platform, auth);
  const profile = await db.profile.create({
    data: {
      id: newId("profile"),
      accountId: tenant.account.id,
      environment: "sandbox",
      profileGroupId: tenant.group.id,
      platform,
      name: `Sandbox ${platform}`,
      externalId: auth.externalId,
      accessToken: encryptSecret(auth.tokens!.accessToken),
      ...(placement && {
        placements: { create: { id: newId("placement"), externalId: placement.externalId, name: "Simulated" } },
      }),
    },
  });
  const { platformPost } = await seedPublishedPost({
    group: tenant.group,
    profile,
    externalId: `sbx_post_${newId("post")}`,
    placementId: placement?.externalId ?? null,
  });
  return { tenant, profile, platformPost, placement };
};

const commentsOf = (platformPostId: string) =>
  db.comment.findMany({ where: { platformPostId }, include: { attachments: true }, orderBy: { externalId: "asc" } });

describe("sandbox audience on posts", () => {
  it("a published sandbox post is due for its first poll soon after publishing", async () => {
    const { platformPost } = await sandboxWorld("facebook");
    expect(await firstPollDelayMs(platformPost.id)).toBeGreaterThan(0);
    expect(await findPostsDueForComments({ limit: 10_000 })).toContain(platformPost.id);
  });

  describe("two polls of a facebook post", () => {
    let w: Awaited<ReturnType<typeof sandboxWorld>>;
    let firstState: string;
    beforeAll(async () => {
      w = await sandboxWorld("facebook");
      firstState = (await syncPostComments({ platformPostId: w.platformPost.id })).state;
      await syncPostComments({ platformPostId: w.platformPost.id });
    });

    it("store the audience's comments and replies once, synced", async () => {
      expect(firstState).toBe("synced");
      const comments = await commentsOf(w.platformPost.id);
      expect(comments.length).toBe(4);
      const [first, reply] = comments;
      expect(reply!.parentExternalId).toBe(first!.externalId);
      expect(comments.every((c) => c.status === "synced")).toBe(true);
    });

    it("emit comment.created once each", async () => {
      expect((await eventsOf(w.tenant.account.id, "comment.created")).length).toBe(4);
    });
  });

  it("an instagram audience comment carries the author signals of the spec", async () => {
    const { platformPost } = await sandboxWorld("instagram");
    await syncPostComments({ platformPostId: platformPost.id });
    const [first] = await commentsOf(platformPost.id);
    expect(first!.metadata).toMatchObject({
      is_verified_user: true,
      is_user_follow_business: true,
      is_business_follow_user: true,
      follower_count: expect.any(Number),
      author_fetched_at: expect.any(String),
    });
  });

  describe("a polled bluesky post", () => {
    let w: Awaited<ReturnType<typeof sandboxWorld>>;
    beforeAll(async () => {
      w = await sandboxWorld("bluesky");
      await syncPostComments({ platformPostId: w.platformPost.id });
    });

    it("gets one thread four levels deep", async () => {
      const comments = await commentsOf(w.platformPost.id);
      const byId = new Map(comments.map((c) => [c.externalId, c]));
      const depth = (c: (typeof comments)[number]): number =>
        byId.has(c.parentExternalId ?? "") ? 1 + depth(byId.get(c.parentExternalId!)!) : 1;
      expect(Math.max(...comments.map(depth))).toBe(4);
      expect(new Set(comments.filter((c) => depth(c) > 1).map((c) => c.rootExternalId)).size).toBe(1);
    });

    it("emits no comment.created (bluesky is polled)", async () => {
      expect(await eventsOf(w.tenant.account.id, "comment.created")).toEqual([]);
    });
  });

  it("a facebook audience comment carries two image attachments from the network", async () => {
    const { platformPost } = await sandboxWorld("facebook");
    await syncPostComments({ platformPostId: platformPost.id });
    const withAttachments = (await commentsOf(platformPost.id)).filter((c) => c.attachments.length);
    expect(withAttachments.length).toBe(1);
    expect(withAttachments[0]!.attachments.map((a) => a.type)).toEqual(["image", "image"]);
  });

  it("a post published with #sandbox-quiet gets no audience", async () => {
    const { tenant, profile } = await sandboxWorld("bluesky");
    const auth = await sandboxAuth("bluesky");
    const connector = connectorFor({ platform: "bluesky", environment: "sandbox" });
    const { externalId } = await connector.publish!(sandboxCtx(), {
      ...publishInput(auth, { body: "Quiet please #sandbox-quiet" }),
      clientReference: newId("platformPost"),
    });
    const { platformPost } = await seedPublishedPost({ group: tenant.group, profile, externalId });
    expect((await syncPostComments({ platformPostId: platformPost.id })).state).toBe("synced");
    expect(await commentsOf(platformPost.id)).toEqual([]);
  });

  it("a network without comments (twitter) has no audience", async () => {
    const { platformPost } = await sandboxWorld("twitter");
    expect(await firstPollDelayMs(platformPost.id)).toBeNull();
    expect((await syncPostComments({ platformPostId: platformPost.id })).state).toBe("unsupported");
  });
});

describe("sandbox reviews and recommendations", () => {
  describe("a sandbox location polled twice", () => {
    let w: Awaited<ReturnType<typeof sandboxWorld>>;
    let dueBefore: string[];
    let firstState: string;
    let rows: Awaited<ReturnType<typeof db.comment.findMany>>;
    beforeAll(async () => {
      w = await sandboxWorld("google_business");
      dueBefore = await findProfilesDueForProfileComments({ limit: 10_000 });
      firstState = (await syncProfileComments({ profileId: w.profile.id })).state;
      await syncProfileComments({ profileId: w.profile.id });
      rows = await db.comment.findMany({ where: { profileId: w.profile.id }, orderBy: { externalId: "asc" } });
    });
    const reviews = () => rows.filter((r) => r.parentExternalId === null);

    it("is due for a poll", () => {
      expect(dueBefore).toContain(w.profile.id);
    });

    it("gets its reviews with their star ratings", () => {
      expect(firstState).toBe("synced");
      expect(reviews().map((r) => (r.platformData as { rating: number }).rating)).toEqual([5, 4, 2]);
    });

    it("gets the owner's answer as a review's reply", () => {
      expect(rows.filter((r) => r.parentExternalId === reviews()[0]!.externalId).length).toBe(1);
    });

    it("emits profile_comment.created once per review", async () => {
      expect((await eventsOf(w.tenant.account.id, "profile_comment.created")).length).toBe(3);
    });
  });

  it("a sandbox page's recommendations arrive with profile_comment.created", async () => {
    const { tenant, profile } = await sandboxWorld("facebook");
    await syncProfileComments({ profileId: profile.id });
    const events = await eventsOf(tenant.account.id, "profile_comment.created");
    expect(events.length).toBe(2);
  });
});
