import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { INSTAGRAM_SCOPES } from "@/lib/networks/instagram";
import { applyComment } from "./apply-comment";
import { seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant, setEnv } from "@/testing/network-tests";
import { fillAuthorSignals } from "./author-signals";

await useOwnDatabase("comments_author_signals");

// Instagram author `metadata` (the Comment resource's `metadata` in lib/schemas/comments.ts): a stored instagram comment asks for its
// author's signals, read from Instagram's User Profile API (the Graph fake refuses any other field) and
// stored as returned, with author_fetched_at; an author Instagram does not describe gets none.

const APP = { id: "2000000000093", secret: "ig-secret" };
const IG = { id: "app-scoped-93", user_id: "17841400000000093", username: "acme.bakery" };
let graph: GraphFake;
beforeAll(async () => {
  graph = await startGraphFake();
  graph.addApp("instagram", APP.id, APP.secret);
  graph.addInstagramUser(IG);
  graph.addInstagramCommenter({
    id: "igsid-ada",
    username: "ada",
    follower_count: 1520,
    is_verified_user: true,
    is_user_follow_business: true,
    is_business_follow_user: false,
  });
  return setEnv({
    NETWORK_INSTAGRAM_CLIENT_ID: APP.id,
    NETWORK_INSTAGRAM_CLIENT_SECRET: APP.secret,
    NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
  });
});
afterAll(async () => {
  await graph?.close();
  await db.$disconnect();
});

const pushed = async (author: string) => {
  const t = await seedTenant();
  const profile = await db.profile.create({
    data: {
      id: newId("profile"),
      accountId: t.account.id,
      environment: "live",
      profileGroupId: t.group.id,
      platform: "instagram",
      name: "Acme",
      externalId: IG.user_id,
      accessToken: encryptSecret(graph.issueToken("instagram", IG.id, INSTAGRAM_SCOPES)),
    },
  });
  const media = `1790${uniqueDigits(10)}`;
  await seedPublishedPost({ group: t.group, profile, externalId: media });
  const externalId = `1797${uniqueDigits(10)}`;
  await applyComment(
    {
      kind: "comment",
      account: IG.user_id,
      postExternalId: media,
      changedAt: new Date(),
      comment: {
        externalId,
        parentExternalId: null,
        body: "Lovely",
        authorExternalId: author,
        authorUsername: "ada",
        authorName: null,
        authorAvatarUrl: null,
        metadata: null,
        likeCount: null,
        isHidden: null,
        permalink: null,
        platformData: null,
        attachments: [],
        postedAt: new Date(),
      },
    },
    { platform: "instagram", profileId: null },
  );
  return db.comment.findFirstOrThrow({ where: { externalId } });
};

describe("instagram author signals", () => {
  it("storing an instagram comment asks for its author's signals in the same transaction", async () => {
    const comment = await pushed("igsid-ada");
    const rows = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM event_outbox
      WHERE event->>'name' = 'app/comment-author.signals-requested' AND event->'data'->>'commentId' = ${comment.id}`;
    expect(Number(rows[0]!.n)).toBe(1);
  });

  it("the signals are Instagram's User Profile fields, stored with author_fetched_at", async () => {
    const comment = await pushed("igsid-ada");
    expect(await fillAuthorSignals({ commentId: comment.id })).toEqual({ state: "filled" });
    expect((await db.comment.findUniqueOrThrow({ where: { id: comment.id } })).metadata).toEqual({
      is_verified_user: true,
      is_user_follow_business: true,
      is_business_follow_user: false,
      follower_count: 1520,
      author_fetched_at: expect.any(String),
    });
  });

  it("an author Instagram does not describe gets no metadata", async () => {
    const comment = await pushed("igsid-unknown");
    expect(await fillAuthorSignals({ commentId: comment.id })).toEqual({ state: "none" });
    expect((await db.comment.findUniqueOrThrow({ where: { id: comment.id } })).metadata).toBeNull();
  });
});
