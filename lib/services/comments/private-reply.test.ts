import { useOwnDatabase } from "@/testing/own-database";
import { beforeAll, describe, expect, it } from "vitest";
import { pageScopedId } from "@/testing/fakes/graph-messenger";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import {
  DAY,
  commentBy,
  drainSends,
  messageWithChat,
  privateReply,
  useGraphFake,
  type Json,
  type PrivateReplyTarget,
} from "@/testing/private-replies";
import { seedKey } from "@/testing/seed";

await useOwnDatabase("privreply");

// Private replies to comments (POST …/comments/:id/private_reply) on facebook, through the route, the
// send-message function on the local runner and the real connector against the Graph fake's Send API
// (which takes `recipient: {comment_id}`, answers the commenter's messaging id, and refuses a second
// private reply to a comment and one to a comment older than 7 days): outside the messaging window, up
// to 7 days after the comment, once per comment. Instagram, the sandbox network and the support table:
// private-reply-instagram.test.ts, private-reply-sandbox.test.ts.

const graph = useGraphFake();

const facebookTarget = async (): Promise<PrivateReplyTarget & { page: string }> => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const user = uniqueDigits(12);
  const page = uniqueDigits(15);
  graph().addFacebookUser({ id: user, name: "Owner", pages: [{ id: page, name: "Acme Bakery", category: "Bakery" }] });
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "facebook", externalId: user });
  await db.profile.update({
    where: { id: profile.id },
    data: { accessToken: encryptSecret(graph().issueToken("facebook", user, ["pages_messaging"])) },
  });
  await db.placement.create({
    data: {
      id: newId("placement"),
      profileId: profile.id,
      externalId: page,
      name: "Acme Bakery",
      accessToken: encryptSecret(graph().pageToken(user, page, ["pages_messaging"])),
    },
  });
  const { post, platformPost } = await seedPublishedPost({
    group: tenant.group,
    profile,
    externalId: `${page}_${uniqueDigits(8)}`,
    placementId: page,
  });
  return { token, accountId: tenant.account.id, post, profile, platformPost, group: tenant.group, page };
};

// A commenter's comment on the Page's post, held by the Graph fake.
const fbComment = (t: Awaited<ReturnType<typeof facebookTarget>>, ageMs: number, networkAgeMs?: number) =>
  commentBy(t, { ageMs, held: { graph: graph(), family: "facebook", pageId: t.page, networkAgeMs } });

describe("private replies on facebook (Graph fake)", () => {
  describe("a comment from 3 days ago, outside the window", () => {
    let t: Awaited<ReturnType<typeof facebookTarget>>;
    let c: Awaited<ReturnType<typeof commentBy>>;
    let res: Awaited<ReturnType<typeof privateReply>>;
    let recorded: string | null;
    let sent: Awaited<ReturnType<typeof messageWithChat>>;
    beforeAll(async () => {
      t = await facebookTarget();
      c = await fbComment(t, 3 * DAY);
      res = await privateReply(t, c.externalId!); // the network's id of the comment works as well as ours
      recorded = (await db.comment.findUniqueOrThrow({ where: { id: c.id } })).privateReplyMessageId;
      await drainSends();
      sent = await messageWithChat(res.json.id as string);
    });

    it("is answered 202 with the private reply pending", () => {
      expect(res.status, JSON.stringify(res.json)).toBe(202);
      expect(res.json).toMatchObject({ status: "pending", direction: "outbound", body: "Hi! We sent you the recipe." });
    });

    it("records the private reply on the comment", () => {
      expect(recorded).toBe(res.json.id);
    });

    it("sends it once, from the Page, to the comment's author through the comment", () => {
      expect(sent, sent.error ?? "").toMatchObject({ status: "published", attempts: 1 });
      const onNetwork = graph().messenger.sent.find((m) => m.id === sent.externalId);
      expect(onNetwork).toMatchObject({
        family: "facebook",
        from: t.page,
        commentId: c.externalId,
        recipient: pageScopedId(c.fromId),
        message: { text: "Hi! We sent you the recipe." },
      });
    });

    it("lands in the commenter's Page-scoped chat", async () => {
      // The chat is the commenter's as Messenger knows them (the Send API's recipient_id), on the Page.
      expect(sent.chat).toMatchObject({
        participantExternalId: pageScopedId(c.fromId),
        externalPlacementId: t.page,
        participantUsername: "hungry.fan",
      });
      expect(await db.chat.count({ where: { profileId: t.profile.id } })).toBe(1);
    });

    it("emits message.sent once, naming the commenter's chat", async () => {
      // message.sent is emitted once, after the move: it names the commenter's chat.
      expect((await eventsOf(t.accountId, "message.sent")).map((e) => (e.data as { message: Json }).message)).toEqual([
        expect.objectContaining({ id: sent.id, chat_id: sent.chatId, status: "published" }),
      ]);
    });

    it("gets no second private reply (422)", async () => {
      const again = await privateReply(t, c.id);
      expect(again.status).toBe(422);
      expect(again.json.errors).toEqual([
        "A private reply was already sent to this comment: the network allows one per comment",
      ]);
    });
  });

  it("a comment more than 7 days old answers 422 naming why; nothing is stored", async () => {
    const t = await facebookTarget();
    const c = await fbComment(t, 8 * DAY);
    const res = await privateReply(t, c.id);
    expect(res.status).toBe(422);
    expect(String((res.json.errors as string[])[0])).toMatch(
      /^The comment is more than 7 days old: a private reply is allowed up to 7 days after the comment/,
    );
    expect(await db.message.count({ where: { profileId: t.profile.id } })).toBe(0);
  });

  it("a second private reply the network refuses (code 10900) ends failed with its error", async () => {
    const t = await facebookTarget();
    const c = await fbComment(t, DAY);
    const first = await privateReply(t, c.id);
    await drainSends();
    expect((await messageWithChat(first.json.id as string)).status).toBe("published");
    // Our record of it lost: the network still refuses a second one.
    await db.comment.update({ where: { id: c.id }, data: { privateReplyMessageId: null } });
    const second = await privateReply(t, c.id);
    expect(second.status).toBe(202);
    await drainSends();
    const refused = await messageWithChat(second.json.id as string);
    expect(refused).toMatchObject({ status: "failed" });
    expect(refused.error).toContain("Activity already replied to");
  });

  describe("a comment the network holds as older than 7 days", () => {
    let t: Awaited<ReturnType<typeof facebookTarget>>;
    let old: Awaited<ReturnType<typeof commentBy>>;
    let late: Awaited<ReturnType<typeof privateReply>>;
    beforeAll(async () => {
      t = await facebookTarget();
      old = await fbComment(t, 6 * DAY, 8 * DAY);
      late = await privateReply(t, old.id);
      await drainSends();
    });

    it("ends failed with the network's refusal (code 10903)", async () => {
      const lateRow = await messageWithChat(late.json.id as string);
      expect(lateRow.status).toBe("failed");
      expect(lateRow.error).toContain("can't be replied to");
    });

    it("may be asked again once the first one failed", async () => {
      // Failed: certainly not delivered, so asking again is allowed (and refused by the network again).
      const retry = await privateReply(t, old.id);
      expect(retry.status).toBe(202);
      expect(graph().messenger.sent.filter((m) => m.commentId === old.externalId)).toHaveLength(0);
    });
  });
});
