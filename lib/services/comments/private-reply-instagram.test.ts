import { useOwnDatabase } from "@/testing/own-database";
import { beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import {
  DAY,
  commentBy,
  drainSends,
  messageWithChat,
  privateReply,
  useGraphFake,
  type PrivateReplyTarget,
} from "@/testing/private-replies";
import { seedKey } from "@/testing/seed";

await useOwnDatabase("privreply_ig");

// Private replies to comments on instagram, through the route, the send-message function on the local
// runner and the real connector against the Graph fake's Send API: the commenter reached through the
// comment outside the window, in their own chat; the rules of the network and of the comment (422),
// tenancy (404) and a network without private replies (405).

const graph = useGraphFake();

const instagramTarget = async (): Promise<PrivateReplyTarget> => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const account = `1784${uniqueDigits(13)}`;
  const scoped = `app-scoped-${uniqueDigits(8)}`;
  graph().addInstagramUser({ id: scoped, user_id: account, username: "acme.bakery" });
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "instagram", externalId: account });
  await db.profile.update({
    where: { id: profile.id },
    data: {
      accessToken: encryptSecret(graph().issueToken("instagram", scoped, ["instagram_business_manage_messages"])),
    },
  });
  const { post, platformPost } = await seedPublishedPost({
    group: tenant.group,
    profile,
    externalId: `1790${uniqueDigits(10)}`,
  });
  return { token, accountId: tenant.account.id, post, profile, platformPost, group: tenant.group };
};

describe("private replies on instagram (Graph fake)", () => {
  let t: PrivateReplyTarget;
  beforeAll(async () => {
    t = await instagramTarget();
  });

  describe("a comment from 2 days ago, outside the window", () => {
    let c: Awaited<ReturnType<typeof commentBy>>;
    let res: Awaited<ReturnType<typeof privateReply>>;
    let sent: Awaited<ReturnType<typeof messageWithChat>>;
    beforeAll(async () => {
      c = await commentBy(t, { ageMs: 2 * DAY, held: { graph: graph(), family: "instagram" } });
      res = await privateReply(t, c.id, { body: "Check your DMs" }); // `body` is an alias of `text`
      await drainSends();
      sent = await messageWithChat(res.json.id as string);
    });

    it("reaches the commenter through the comment, `body` standing for `text`", () => {
      expect(res.status, JSON.stringify(res.json)).toBe(202);
      expect(sent, sent.error ?? "").toMatchObject({ status: "published" });
      expect(graph().messenger.sent.find((m) => m.id === sent.externalId)).toMatchObject({
        family: "instagram",
        commentId: c.externalId,
        recipient: c.fromId,
      });
    });

    it("keeps the message in the commenter's chat (the same id)", () => {
      expect(sent.chat.participantExternalId).toBe(c.fromId);
    });

    it("a blank text answers 422", async () => {
      const blank = await privateReply(t, c.id, { text: "  " });
      expect(blank.status).toBe(422);
    });
  });

  it("a text over the network's limit answers 422", async () => {
    const tooLong = await privateReply(t, (await commentBy(t, { ageMs: DAY })).id, { text: "x".repeat(1001) });
    expect(tooLong.status).toBe(422);
    expect(tooLong.json.errors).toEqual(["body: at most 1,000 characters"]);
  });

  it("the profile's own comment answers 422", async () => {
    const ours = await seedComment(
      { platformPost: t.platformPost, group: t.group },
      { createdAt: new Date(), status: "published" },
    );
    const own = await privateReply(t, ours.id);
    expect(own.status).toBe(422);
    expect(own.json.errors).toEqual(["A private reply goes to a comment written by someone else, not by the profile"]);
  });

  it("a comment not yet on the network answers 422", async () => {
    const pending = await seedComment(
      { platformPost: t.platformPost, group: t.group },
      { createdAt: new Date(), status: "pending", externalId: null },
    );
    expect((await privateReply(t, pending.id)).json.errors).toEqual(["Comment has not been published yet"]);
  });

  it("another tenant's comment answers 404 like a missing one", async () => {
    const other = await instagramTarget();
    const theirs = await commentBy(other, { ageMs: DAY });
    expect((await privateReply(t, theirs.id)).status).toBe(404);
    expect((await privateReply({ ...t, post: other.post, profile: other.profile }, theirs.id)).status).toBe(404);
    expect((await privateReply(t, "cmt_missing")).status).toBe(404);
  });

  it("a network without private replies answers 405", async () => {
    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const profile = await seedNetworkProfile({ group: tenant.group, platform: "threads" });
    const { post, platformPost } = await seedPublishedPost({
      group: tenant.group,
      profile,
      externalId: uniqueDigits(),
    });
    const threads: PrivateReplyTarget = {
      token,
      accountId: tenant.account.id,
      post,
      profile,
      platformPost,
      group: tenant.group,
    };
    const c = await commentBy(threads, { ageMs: DAY });
    const res = await privateReply(threads, c.id);
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ error: "Unsupported method for threads" });
  });
});
