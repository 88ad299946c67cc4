import { useOwnDatabase } from "@/lib/testing/own-database";
import { describe, expect, it } from "vitest";
import * as privateReplyRoute from "@/app/api/posts/[id]/comments/[comment_id]/private_reply/route";
import { pageScopedId } from "@/e2e/fakes/graph-messenger";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { db } from "@/lib/db/client";
import type { Platform } from "@/lib/generated/prisma/enums";
import { PLATFORMS } from "@/lib/schemas/common";
import { connectorFor } from "@/lib/networks/registry";
import { supportsCommentAction } from "./support";
import { callRoute } from "@/lib/testing/call-route";
import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/lib/testing/comments";
import { eventsOf, seedTenant } from "@/lib/testing/network-tests";
import { seedKey } from "@/lib/testing/seed";
import {
  seedFacebookPage,
  seedInstagramAccount,
  seedSandboxProfile,
  useDrain,
  useMetaGraphFake,
} from "@/lib/testing/messaging";

await useOwnDatabase("privreply");

// Private replies to comments (POST …/comments/:id/private_reply) through the route, the send-message
// function on the local runner and the real connectors against the Graph fake's Send API (which takes
// `recipient: {comment_id}`, answers the commenter's messaging id, and refuses a second private reply to
// a comment and one to a comment older than 7 days), and on the sandbox network: outside the messaging
// window, up to 7 days after the comment, once per comment, 405 on networks without them.

const FB_APP = { id: "1000000000091", secret: "fb-pr-secret" };
const IG_APP = { id: "2000000000092", secret: "ig-pr-secret" };
const DAY = 24 * 3600_000;
const graph = useMetaGraphFake(FB_APP, IG_APP);

const drain = useDrain([sendMessageFn]);

type Json = Record<string, unknown>;
type Target = {
  token: string;
  accountId: string;
  post: { id: string };
  profile: { id: string };
  platformPost: Parameters<typeof seedComment>[0]["platformPost"];
  group: Parameters<typeof seedComment>[0]["group"];
};

const reply = (t: Target, commentId: string, body: Json = { text: "Hi! We sent you the recipe." }) =>
  callRoute(privateReplyRoute.POST, {
    path: `/api/posts/${t.post.id}/comments/${commentId}/private_reply?profile_id=${t.profile.id}`,
    token: t.token,
    body,
    params: { id: t.post.id, comment_id: commentId },
  });

// A commenter's comment, stored as synced (from someone else) and, with `family`, held by the Graph fake.
const commentBy = async (
  t: Target,
  {
    ageMs,
    family,
    pageId,
    networkAgeMs,
  }: { ageMs: number; family?: "facebook" | "instagram"; pageId?: string; networkAgeMs?: number },
) => {
  const fromId = uniqueDigits(15);
  const at = new Date(Date.now() - ageMs);
  const c = await seedComment(
    { platformPost: t.platformPost, group: t.group },
    { createdAt: at, body: "Recipe please?" },
  );
  await db.comment.update({
    where: { id: c.id },
    data: { authorExternalId: fromId, authorUsername: "hungry.fan", postedAt: at },
  });
  if (family) {
    graph.content.comments.set(c.externalId!, {
      id: c.externalId!,
      objectId: "post",
      message: c.body,
      createdAt: Date.now() - (networkAgeMs ?? ageMs),
      family,
      pageId,
      fromId,
    });
  }
  return { ...c, fromId };
};

const facebookTarget = async (): Promise<Target & { page: string }> => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const { profile, page } = await seedFacebookPage(graph, tenant, { name: "Acme Bakery" });
  const { post, platformPost } = await seedPublishedPost({
    group: tenant.group,
    profile,
    externalId: `${page}_${uniqueDigits(8)}`,
    placementId: page,
  });
  return { token, accountId: tenant.account.id, post, profile, platformPost, group: tenant.group, page };
};

const instagramTarget = async (): Promise<Target> => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const { profile } = await seedInstagramAccount(graph, tenant, { username: "acme.bakery" });
  const { post, platformPost } = await seedPublishedPost({
    group: tenant.group,
    profile,
    externalId: `1790${uniqueDigits(10)}`,
  });
  return { token, accountId: tenant.account.id, post, profile, platformPost, group: tenant.group };
};

const messageOf = (id: string) => db.message.findUniqueOrThrow({ where: { id }, include: { chat: true } });

describe("private replies on facebook (Graph fake)", () => {
  it("a comment from 3 days ago, outside the window, gets one private reply to the comment; it lands in the commenter's Page-scoped chat, with message.sent, recorded on the comment", async () => {
    const t = await facebookTarget();
    const c = await commentBy(t, { ageMs: 3 * DAY, family: "facebook", pageId: t.page });
    const res = await reply(t, c.externalId!); // the network's id of the comment works as well as ours
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    expect(res.json).toMatchObject({ status: "pending", direction: "outbound", body: "Hi! We sent you the recipe." });
    expect((await db.comment.findUniqueOrThrow({ where: { id: c.id } })).privateReplyMessageId).toBe(res.json.id);
    await drain();
    const sent = await messageOf(res.json.id as string);
    expect(sent, sent.error ?? "").toMatchObject({ status: "published", attempts: 1 });
    const onNetwork = graph.messenger.sent.find((m) => m.id === sent.externalId);
    expect(onNetwork).toMatchObject({
      family: "facebook",
      from: t.page,
      commentId: c.externalId,
      recipient: pageScopedId(c.fromId),
      message: { text: "Hi! We sent you the recipe." },
    });
    // The chat is the commenter's as Messenger knows them (the Send API's recipient_id), on the Page.
    expect(sent.chat).toMatchObject({
      participantExternalId: pageScopedId(c.fromId),
      externalPlacementId: t.page,
      participantUsername: "hungry.fan",
    });
    expect(await db.chat.count({ where: { profileId: t.profile.id } })).toBe(1);
    // message.sent is emitted once, after the move: it names the commenter's chat.
    expect((await eventsOf(t.accountId, "message.sent")).map((e) => (e.data as { message: Json }).message)).toEqual([
      expect.objectContaining({ id: sent.id, chat_id: sent.chatId, status: "published" }),
    ]);

    const again = await reply(t, c.id);
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual([
      "A private reply was already sent to this comment: the network allows one per comment",
    ]);
  });

  it("a comment more than 7 days old answers 422 naming why; nothing is stored", async () => {
    const t = await facebookTarget();
    const c = await commentBy(t, { ageMs: 8 * DAY, family: "facebook", pageId: t.page });
    const res = await reply(t, c.id);
    expect(res.status).toBe(422);
    expect(String((res.json.errors as string[])[0])).toMatch(
      /^The comment is more than 7 days old: a private reply is allowed up to 7 days after the comment/,
    );
    expect(await db.message.count({ where: { profileId: t.profile.id } })).toBe(0);
  });

  it("what the network refuses ends failed with its error: a second private reply (code 10900) and a comment the network holds as older than 7 days (code 10903); a failed one may be asked again", async () => {
    const t = await facebookTarget();
    const c = await commentBy(t, { ageMs: DAY, family: "facebook", pageId: t.page });
    const first = await reply(t, c.id);
    await drain();
    expect((await messageOf(first.json.id as string)).status).toBe("published");
    // Our record of it lost: the network still refuses a second one.
    await db.comment.update({ where: { id: c.id }, data: { privateReplyMessageId: null } });
    const second = await reply(t, c.id);
    expect(second.status).toBe(202);
    await drain();
    const refused = await messageOf(second.json.id as string);
    expect(refused).toMatchObject({ status: "failed" });
    expect(refused.error).toContain("Activity already replied to");

    const old = await commentBy(t, { ageMs: 6 * DAY, networkAgeMs: 8 * DAY, family: "facebook", pageId: t.page });
    const late = await reply(t, old.id);
    await drain();
    const lateRow = await messageOf(late.json.id as string);
    expect(lateRow.status).toBe("failed");
    expect(lateRow.error).toContain("can't be replied to");
    // Failed: certainly not delivered, so asking again is allowed (and refused by the network again).
    const retry = await reply(t, old.id);
    expect(retry.status).toBe(202);
    expect(graph.messenger.sent.filter((m) => m.commentId === old.externalId)).toHaveLength(0);
  });
});

describe("private replies on instagram (Graph fake)", () => {
  it("reaches the commenter outside the window; the message stays in the commenter's chat (the same id); rules of the network and of the comment answer 422", async () => {
    const t = await instagramTarget();
    const c = await commentBy(t, { ageMs: 2 * DAY, family: "instagram" });
    const res = await reply(t, c.id, { body: "Check your DMs" }); // `body` is an alias of `text`
    expect(res.status, JSON.stringify(res.json)).toBe(202);
    await drain();
    const sent = await messageOf(res.json.id as string);
    expect(sent, sent.error ?? "").toMatchObject({ status: "published" });
    expect(sent.chat.participantExternalId).toBe(c.fromId);
    expect(graph.messenger.sent.find((m) => m.id === sent.externalId)).toMatchObject({
      family: "instagram",
      commentId: c.externalId,
      recipient: c.fromId,
    });

    const blank = await reply(t, c.id, { text: "  " });
    expect(blank.status).toBe(422);
    const tooLong = await reply(t, (await commentBy(t, { ageMs: DAY })).id, { text: "x".repeat(1001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.errors).toEqual(["body: at most 1,000 characters"]);

    const ours = await seedComment(
      { platformPost: t.platformPost, group: t.group },
      { createdAt: new Date(), status: "published" },
    );
    const own = await reply(t, ours.id);
    expect(own.status).toBe(422);
    expect(own.json.errors).toEqual(["A private reply goes to a comment written by someone else, not by the profile"]);
    const pending = await seedComment(
      { platformPost: t.platformPost, group: t.group },
      { createdAt: new Date(), status: "pending", externalId: null },
    );
    expect((await reply(t, pending.id)).json.errors).toEqual(["Comment has not been published yet"]);
  });

  it("another tenant's comment answers 404 like a missing one; a network without private replies answers 405", async () => {
    const t = await instagramTarget();
    const other = await instagramTarget();
    const theirs = await commentBy(other, { ageMs: DAY });
    expect((await reply(t, theirs.id)).status).toBe(404);
    expect((await reply({ ...t, post: other.post, profile: other.profile }, theirs.id)).status).toBe(404);
    expect((await reply(t, "cmt_missing")).status).toBe(404);

    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const profile = await seedNetworkProfile({ group: tenant.group, platform: "threads" });
    const { post, platformPost } = await seedPublishedPost({
      group: tenant.group,
      profile,
      externalId: uniqueDigits(),
    });
    const threads: Target = { token, accountId: tenant.account.id, post, profile, platformPost, group: tenant.group };
    const c = await commentBy(threads, { ageMs: DAY });
    const res = await reply(threads, c.id);
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ error: "Unsupported method for threads" });
  });
});

describe("private replies on the sandbox network", () => {
  const sandboxTarget = async (platform: Platform) => {
    const tenant = await seedTenant({ environment: "sandbox" });
    const { token } = await seedKey({ accountId: tenant.account.id, environment: "sandbox" });
    const { profile, placements } = await seedSandboxProfile(tenant, platform);
    const { post, platformPost } = await seedPublishedPost({
      group: tenant.group,
      profile,
      externalId: `sbx_post_${uniqueDigits(8)}`,
      placementId: placements[0]?.externalId ?? null,
    });
    return { token, accountId: tenant.account.id, post, profile, platformPost, group: tenant.group } satisfies Target;
  };

  for (const platform of ["instagram", "facebook"] as const) {
    it(`${platform}: sent once per comment, outside the window, into the commenter's chat; #sandbox-fail rehearses a refusal`, async () => {
      const t = await sandboxTarget(platform);
      const c = await commentBy(t, { ageMs: 5 * DAY });
      const res = await reply(t, c.id);
      expect(res.status, JSON.stringify(res.json)).toBe(202);
      await drain();
      const sent = await messageOf(res.json.id as string);
      expect(sent, sent.error ?? "").toMatchObject({ status: "published", externalId: expect.any(String) });
      expect(sent.chat.participantExternalId).toBe(c.fromId);
      expect((await reply(t, c.id)).status).toBe(422);

      const failing = await commentBy(t, { ageMs: DAY });
      const rehearsed = await reply(t, failing.id, { text: "Our offer #sandbox-fail" });
      await drain();
      expect(await messageOf(rehearsed.json.id as string)).toMatchObject({ status: "failed" });
    });
  }

  it("a sandbox network without private replies (threads) answers 405", async () => {
    const t = await sandboxTarget("threads");
    const res = await reply(t, (await commentBy(t, { ageMs: DAY })).id);
    expect(res.status).toBe(405);
  });
});

describe("the support table", () => {
  it("private_reply is offered on instagram and facebook only (spec: `instagram`, `facebook`), live and sandbox, derived from the connectors", () => {
    for (const environment of ["live", "sandbox"] as const) {
      const offered = PLATFORMS.filter((platform) =>
        supportsCommentAction(connectorFor({ platform, environment }), { connectedAt: new Date() }, "private_reply"),
      );
      expect(offered.sort(), environment).toEqual(["facebook", "instagram"]);
    }
  });
});
