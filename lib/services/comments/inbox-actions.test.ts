import { afterAll, describe, expect, it } from "vitest";
import * as commentsRoute from "@/app/api/comments/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedChat, seedChatMessage } from "@/testing/chats";
import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";

// `private_reply` in GET /api/comments' `supported_actions` (what the admin inbox offers): on networks
// whose messaging takes private replies, on someone else's comment within the network's days, and only
// while the comment has no private reply (one that ended failed does not count).

afterAll(() => db.$disconnect());

type Bulk = { id: string; supported_actions: string[] };
const DAY = 24 * 3600_000;

const setup = async (platform: "facebook" | "threads" = "facebook") => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const profile = await seedNetworkProfile({ group: tenant.group, platform });
  const pageId = uniqueDigits(15);
  const post = await seedPublishedPost({
    group: tenant.group,
    profile,
    externalId: `${pageId}_${uniqueDigits()}`,
    placementId: pageId,
  });
  const comment = async ({ daysAgo = 0, author = "someone-1" }: { daysAgo?: number; author?: string | null } = {}) => {
    const row = await seedComment(
      { platformPost: post.platformPost, group: tenant.group },
      { createdAt: new Date(Date.now() - daysAgo * DAY) },
    );
    return db.comment.update({ where: { id: row.id }, data: { authorExternalId: author } });
  };
  const actions = async () => {
    const res = await callRoute(commentsRoute.GET, { path: "/api/comments?per_page=100", token });
    return new Map((res.json.data as Bulk[]).map((c) => [c.id, c.supported_actions]));
  };
  const privateReply = async (commentId: string, status: "pending" | "failed") => {
    const chat = await seedChat(profile);
    const message = await seedChatMessage(chat, { direction: "outbound", status });
    await db.comment.update({ where: { id: commentId }, data: { privateReplyMessageId: message.id } });
  };
  return { profile, comment, actions, privateReply };
};

describe("private_reply in supported_actions", () => {
  it("is offered on someone else's recent comment where the network takes private replies", async () => {
    const t = await setup();
    const c = await t.comment();
    expect((await t.actions()).get(c.id)).toContain("private_reply");
  });

  it("is not offered on a network without private replies", async () => {
    const t = await setup("threads");
    const c = await t.comment();
    expect((await t.actions()).get(c.id)).not.toContain("private_reply");
  });

  it.each([
    ["past the network's days", { daysAgo: 8 }],
    ["on the profile's own comment", "own"],
    ["on a comment without an author id", { author: null }],
  ] as const)("is not offered %s", async (_, of) => {
    const t = await setup();
    const c = await t.comment(of === "own" ? { author: t.profile.externalId } : of);
    expect((await t.actions()).get(c.id)).not.toContain("private_reply");
  });

  it("is used up by a private reply", async () => {
    const t = await setup();
    const sent = await t.comment();
    await t.privateReply(sent.id, "pending");
    expect((await t.actions()).get(sent.id)).not.toContain("private_reply");
  });

  it("is offered again once the private reply failed", async () => {
    const t = await setup();
    const failed = await t.comment();
    await t.privateReply(failed.id, "failed");
    expect((await t.actions()).get(failed.id)).toContain("private_reply");
  });
});
