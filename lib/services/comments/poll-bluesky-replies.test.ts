import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { blueskyConnector } from "@/lib/networks/bluesky";
import { authOf, testContext } from "@/lib/networks/bluesky/bluesky-test-context";
import { appViewDatabaseUrl, useBlueskyNetwork, type Account } from "@/lib/networks/bluesky/test-network";
import { seedNetworkProfile, seedPublishedPost } from "@/testing/comments";
import { publishInput } from "@/testing/publish-media";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { findPostsDueForComments, syncPostComments } from "./poll-post-comments";

// Bluesky replies polled from a REAL local AT Protocol network (@atproto/dev-env: PLC + PDS + AppView):
// app.bsky.feed.getPostThread on our published post, replies down to 6 levels flattened to the post with
// their parent's AT URI, idempotent on the URIs, and no comment.created (the spec emits none for bluesky).

afterAll(() => db.$disconnect());

describe.skipIf(!appViewDatabaseUrl())("bluesky reply polling (TestNetwork with AppView)", () => {
  const bluesky = useBlueskyNetwork({ appView: true, label: "bluesky replies" });

  const reply = async (
    author: Account,
    text: string,
    root: { uri: string; cid: string },
    parent: { uri: string; cid: string },
  ) => bluesky.createRecord(author, "app.bsky.feed.post", { text, reply: { root, parent } });

  const world = async () => {
    const tenant = await seedTenant();
    const alice = await bluesky.createAccount({ displayName: "Alice" });
    const profile = await seedNetworkProfile({ group: tenant.group, platform: "bluesky", externalId: alice.did });
    await db.profile.update({ where: { id: profile.id }, data: { accessToken: encryptSecret(alice.accessJwt) } });
    const { ctx } = testContext(bluesky.pds);
    const published = await blueskyConnector.publish!(ctx, publishInput(authOf(alice), { body: "our post" }));
    const rkey = published.externalId.split("/").pop()!;
    const { cid } = await bluesky.xrpc<{ cid: string }>("com.atproto.repo.getRecord", {
      query: { repo: alice.did, collection: "app.bsky.feed.post", rkey },
    });
    const { platformPost } = await seedPublishedPost({
      group: tenant.group,
      profile,
      externalId: published.externalId,
    });
    return { tenant, alice, root: { uri: published.externalId, cid }, platformPost };
  };

  it("a thread 7 levels deep: 6 levels stored flat under the post with parent_external_id, once, without comment.created", async () => {
    const { tenant, alice, root, platformPost } = await world();
    const bob = await bluesky.createAccount({ displayName: "Bob" });
    const carol = await bluesky.createAccount();
    const chain = [root];
    for (let level = 1; level <= 7; level++)
      chain.push(await reply(level % 2 ? bob : alice, `level ${level}`, root, chain.at(-1)!));
    const side = await reply(carol, "another top-level reply", root, root);
    await bluesky.processAll();

    expect(await findPostsDueForComments()).toContain(platformPost.id);
    expect(await syncPostComments({ platformPostId: platformPost.id })).toEqual({
      state: "synced",
      counts: { created: 7 },
    });

    const rows = await db.comment.findMany({ where: { platformPostId: platformPost.id } });
    const byId = new Map(rows.map((r) => [r.externalId, r]));
    expect(rows.map((r) => r.body).sort()).toEqual([
      "another top-level reply",
      "level 1",
      "level 2",
      "level 3",
      "level 4",
      "level 5",
      "level 6",
    ]);
    expect(byId.has(chain[7]!.uri)).toBe(false); // the 7th level is beyond the depth polled
    for (let level = 1; level <= 6; level++) {
      const row = byId.get(chain[level]!.uri)!;
      expect(row.parentExternalId).toBe(level === 1 ? null : chain[level - 1]!.uri);
      expect(row.rootExternalId).toBe(level === 1 ? null : chain[1]!.uri); // flattened to the top-level reply
      expect(row.status).toBe("synced");
    }
    expect(byId.get(chain[1]!.uri)).toMatchObject({
      authorExternalId: bob.did,
      authorUsername: bob.handle,
      authorName: "Bob",
    });
    expect(byId.get(chain[2]!.uri)).toMatchObject({ authorExternalId: alice.did, authorName: "Alice" });
    expect(byId.get(side.uri)).toMatchObject({ parentExternalId: null, authorExternalId: carol.did, authorName: null });
    expect(byId.get(side.uri)!.permalink).toBe(
      `https://bsky.app/profile/${carol.handle}/post/${side.uri.split("/").pop()}`,
    );

    await reply(carol, "late answer", root, chain[3]!);
    await bluesky.processAll();
    const again = await syncPostComments({ platformPostId: platformPost.id, now: new Date(Date.now() + 1000) });
    expect(again).toEqual({ state: "synced", counts: { created: 1, updated: 7 } });
    expect(await db.comment.count({ where: { platformPostId: platformPost.id } })).toBe(8);
    expect(
      await db.comment.findFirst({ where: { platformPostId: platformPost.id, body: "late answer" } }),
    ).toMatchObject({ parentExternalId: chain[3]!.uri, rootExternalId: chain[1]!.uri });
    expect(await eventsOf(tenant.account.id, "comment.created")).toHaveLength(0);
  });

  describe("a post with a deleted reply", () => {
    let w: Awaited<ReturnType<typeof world>>;
    let kept: Awaited<ReturnType<typeof reply>>;
    let synced: Awaited<ReturnType<typeof syncPostComments>>;
    beforeAll(async () => {
      w = await world();
      const bob = await bluesky.createAccount();
      kept = await reply(bob, "kept", w.root, w.root);
      const gone = await reply(bob, "gone", w.root, w.root);
      await bluesky.xrpc("com.atproto.repo.deleteRecord", {
        token: bob.accessJwt,
        body: { repo: bob.did, collection: "app.bsky.feed.post", rkey: gone.uri.split("/").pop() },
      });
      await bluesky.processAll();
      synced = await syncPostComments({ platformPostId: w.platformPost.id });
    });

    it("skips the deleted reply and its branch", async () => {
      expect(synced).toEqual({ state: "synced", counts: { created: 1 } });
      expect(
        (await db.comment.findMany({ where: { platformPostId: w.platformPost.id } })).map((r) => r.externalId),
      ).toEqual([kept.uri]);
    });

    it("an expired session fails the next poll, which waits for the one after", async () => {
      await db.profile.update({
        where: { id: w.platformPost.profileId },
        data: { accessToken: encryptSecret(`${w.alice.accessJwt}x`) },
      });
      const later = new Date(Date.now() + 3600_000);
      expect(await syncPostComments({ platformPostId: w.platformPost.id, now: later })).toMatchObject({
        state: "failed",
      });
      expect(await findPostsDueForComments({ now: later })).not.toContain(w.platformPost.id);
    });
  });
});
