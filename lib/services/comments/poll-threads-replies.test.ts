import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { THREADS_SCOPES } from "@/lib/networks/threads";
import { seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { findPostsDueForComments, syncPostComments } from "./poll-post-comments";

await useOwnDatabase("comments_threads_poll");

// The Threads catch-up of replies whose pushes were lost, against the Graph fake (which refuses
// parameters the call does not take): GET /{post}/conversation stores every reply at any depth once,
// with its parent and comment.created once each; a token without threads_read_replies reads nothing.

const APP = { id: "3000000000094", secret: "th-secret" };
const OWNER = { id: "1794", username: "acme.bakery" };
const VISITOR = { id: "1795", username: "ada.visits" };
let graph: GraphFake;
beforeAll(async () => {
  graph = await startGraphFake();
  graph.addApp("threads", APP.id, APP.secret);
  graph.addThreadsUser(OWNER);
  graph.addThreadsUser(VISITOR);
  return setEnv({
    NETWORK_THREADS_CLIENT_ID: APP.id,
    NETWORK_THREADS_CLIENT_SECRET: APP.secret,
    NETWORK_THREADS_GRAPH_URL: graph.base("graph.threads.com"),
  });
});
afterAll(async () => {
  await graph?.close();
  await db.$disconnect();
});

const media = (id: string, userId: string, extra: Record<string, unknown> = {}) =>
  graph.content.media.set(id, {
    id,
    family: "threads",
    userId,
    containerId: `c${id}`,
    mediaType: "TEXT_POST",
    text: `text of ${id}`,
    children: [],
    permalink: `https://www.threads.com/@x/post/${id}`,
    createdAt: Date.now(),
    ...extra,
  });

const world = async (scopes = THREADS_SCOPES) => {
  const t = await seedTenant();
  const profile = await db.profile.create({
    data: {
      id: newId("profile"),
      accountId: t.account.id,
      environment: "live",
      profileGroupId: t.group.id,
      platform: "threads",
      name: "Acme",
      externalId: OWNER.id,
      accessToken: encryptSecret(graph.issueToken("threads", OWNER.id, scopes)),
    },
  });
  const post = `1802${uniqueDigits(10)}`;
  media(post, OWNER.id);
  const reply = `1803${uniqueDigits(10)}`;
  const nested = `1804${uniqueDigits(10)}`;
  media(reply, VISITOR.id, { repliedTo: post, rootPost: post, text: "Lovely" });
  media(nested, OWNER.id, { repliedTo: reply, rootPost: post, text: "Thank you", hidden: true });
  const { platformPost } = await seedPublishedPost({ group: t.group, profile, externalId: post });
  return { t, platformPost, reply, nested };
};

describe("threads replies catch-up", () => {
  it("a published threads post is due for the catch-up", async () => {
    const { platformPost } = await world();
    expect(await findPostsDueForComments({ limit: 10_000 })).toContain(platformPost.id);
  });

  describe("two catch-ups of a post with a reply and a nested one", () => {
    let w: Awaited<ReturnType<typeof world>>;
    let firstState: string;
    beforeAll(async () => {
      w = await world();
      firstState = (await syncPostComments({ platformPostId: w.platformPost.id })).state;
      await syncPostComments({ platformPostId: w.platformPost.id, now: new Date(Date.now() + 2 * 3600_000) });
    });

    it("store every reply at any depth once, with its parent", async () => {
      expect(firstState).toBe("synced");
      const rows = await db.comment.findMany({
        where: { platformPostId: w.platformPost.id },
        orderBy: { createdAt: "asc" },
      });
      expect(
        rows.map((r) => [r.externalId, r.parentExternalId, r.rootExternalId, r.authorUsername, r.isHidden]),
      ).toEqual([
        [w.reply, null, null, VISITOR.username, false],
        [w.nested, w.reply, w.reply, OWNER.username, true],
      ]);
    });

    it("emit comment.created once each", async () => {
      expect(await eventsOf(w.t.account.id, "comment.created")).toHaveLength(2);
    });
  });

  it("without threads_read_replies the catch-up reads nothing", async () => {
    const { platformPost } = await world(THREADS_SCOPES.filter((s) => s !== "threads_read_replies"));
    expect((await syncPostComments({ platformPostId: platformPost.id })).state).toBe("failed");
    expect(await db.comment.count({ where: { platformPostId: platformPost.id } })).toBe(0);
  });
});
