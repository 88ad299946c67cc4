import { describe, expect, it } from "vitest";
import { publishInput } from "@/testing/publish-media";
import { blueskyConnector } from ".";
import { authOf, testContext } from "./bluesky-test-context";
import { appViewDatabaseUrl, useBlueskyNetwork, type Account } from "./test-network";

// Stats against real networks from @atproto/dev-env: the full TestNetwork (PDS + AppView on PostgreSQL)
// for the AppView's counts, and a PDS without AppView for the fallback to what the repo tells.

const profileStats = blueskyConnector.profileStats!;
const postStats = blueskyConnector.postStats!;

describe.skipIf(!appViewDatabaseUrl())("bluesky stats from the AppView (TestNetwork)", () => {
  const bluesky = useBlueskyNetwork({ appView: true, label: "bluesky stats" });

  it("profile: followersCount, followsCount, postsCount from app.bsky.actor.getProfile", async () => {
    const [alice, bob, carol] = [
      await bluesky.createAccount({ displayName: "Alice" }),
      await bluesky.createAccount(),
      await bluesky.createAccount(),
    ];
    for (const fan of [bob, carol]) await bluesky.createRecord(fan, "app.bsky.graph.follow", { subject: alice.did });
    await bluesky.createRecord(alice, "app.bsky.graph.follow", { subject: bob.did });
    const { ctx, calls } = testContext(bluesky.pds);
    for (const body of ["one", "two", "three"])
      await blueskyConnector.publish!(ctx, publishInput(authOf(alice), { body }));
    await bluesky.processAll();

    const reading = await profileStats(ctx, { auth: authOf(alice), placement: null });
    expect(reading.stats).toEqual({ followersCount: 2, followsCount: 1, postsCount: 3 });
    expect(reading.raw).toMatchObject({ followersCount: 2, followsCount: 1, postsCount: 3, source: "appview" });
    expect(calls.at(-1)).toBe("GET app.bsky.actor.getProfile");
  });

  it("post: likes, reposts, comments (replies) and quotes from app.bsky.feed.getPosts, raw under Bluesky's names", async () => {
    const [alice, bob, carol] = [
      await bluesky.createAccount(),
      await bluesky.createAccount(),
      await bluesky.createAccount(),
    ];
    const { ctx } = testContext(bluesky.pds);
    const post = await blueskyConnector.publish!(ctx, publishInput(authOf(alice), { body: "count me" }));
    const { cid } = await bluesky.xrpc<{ cid: string }>("com.atproto.repo.getRecord", {
      query: { repo: alice.did, collection: "app.bsky.feed.post", rkey: post.externalId.split("/").pop()! },
    });
    const subject = { uri: post.externalId, cid };
    for (const fan of [bob, carol]) await bluesky.createRecord(fan, "app.bsky.feed.like", { subject });
    await bluesky.createRecord(bob, "app.bsky.feed.repost", { subject });
    await bluesky.createRecord(carol, "app.bsky.feed.post", {
      text: "agreed",
      reply: { root: subject, parent: subject },
    });
    await bluesky.createRecord(bob, "app.bsky.feed.post", {
      text: "look",
      embed: { $type: "app.bsky.embed.record", record: subject },
    });
    await bluesky.processAll();

    const reading = await postStats(ctx, {
      auth: authOf(alice),
      placement: null,
      postExternalId: post.externalId,
      params: {},
    });
    expect(reading).toEqual({
      stats: { likes: 2, reposts: 1, comments: 1, quotes: 1 },
      raw: expect.objectContaining({ likeCount: 2, repostCount: 1, replyCount: 1, quoteCount: 1, source: "appview" }),
    });
  });

  it("a deleted post is rejected; an invalid session is auth_expired", async () => {
    const alice = await bluesky.createAccount();
    const { ctx } = testContext(bluesky.pds);
    const post = await blueskyConnector.publish!(ctx, publishInput(authOf(alice), { body: "gone soon" }));
    await bluesky.xrpc("com.atproto.repo.deleteRecord", {
      token: alice.accessJwt,
      body: { repo: alice.did, collection: "app.bsky.feed.post", rkey: post.externalId.split("/").pop() },
    });
    await bluesky.processAll();
    await expect(
      postStats(ctx, { auth: authOf(alice), placement: null, postExternalId: post.externalId, params: {} }),
    ).rejects.toMatchObject({
      kind: "rejected",
      message: "The post is no longer on Bluesky",
    });
    await expect(
      profileStats(ctx, { auth: authOf(alice, `${alice.accessJwt}x`), placement: null }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});

describe("bluesky stats without an AppView (the PDS answers 502 UpstreamFailure)", () => {
  const bluesky = useBlueskyNetwork({ label: "bluesky stats, no AppView" });
  const follow = (from: Account, to: Account) =>
    bluesky.createRecord(from, "app.bsky.graph.follow", { subject: to.did });

  it("profile: follows and posts counted from the repo (describeRepo, listRecords), followers unknown", async () => {
    const [alice, bob, carol] = [
      await bluesky.createAccount(),
      await bluesky.createAccount(),
      await bluesky.createAccount(),
    ];
    await follow(alice, bob);
    await follow(alice, carol);
    await follow(bob, alice);
    const { ctx, calls } = testContext(bluesky.pds);
    for (const body of ["one", "two", "three"])
      await blueskyConnector.publish!(ctx, publishInput(authOf(alice), { body }));

    const from = calls.length;
    const reading = await profileStats(ctx, { auth: authOf(alice), placement: null });
    expect(reading).toEqual({
      stats: { followersCount: null, followsCount: 2, postsCount: 3 },
      raw: { followsCount: 2, postsCount: 3, source: "repo", appviewError: "UpstreamFailure" },
    });
    expect(calls.slice(from)).toEqual([
      "GET app.bsky.actor.getProfile",
      "GET com.atproto.repo.describeRepo",
      "GET com.atproto.repo.listRecords",
      "GET com.atproto.repo.listRecords",
    ]);
  });

  it("profile: collections the repo does not hold count 0 without listing; counts page through listRecords", async () => {
    const alice = await bluesky.createAccount();
    const { ctx, calls } = testContext(bluesky.pds);
    expect((await profileStats(ctx, { auth: authOf(alice), placement: null })).stats).toEqual({
      followersCount: null,
      followsCount: 0,
      postsCount: 0,
    });
    expect(calls.filter((c) => c.endsWith("listRecords"))).toEqual([]);

    const writes = Array.from({ length: 101 }, (_, i) => ({
      $type: "com.atproto.repo.applyWrites#create",
      collection: "app.bsky.feed.post",
      value: { $type: "app.bsky.feed.post", text: `post ${i}`, createdAt: new Date().toISOString() },
    }));
    await bluesky.xrpc("com.atproto.repo.applyWrites", { token: alice.accessJwt, body: { repo: alice.did, writes } });
    const from = calls.length;
    expect((await profileStats(ctx, { auth: authOf(alice), placement: null })).stats).toEqual({
      followersCount: null,
      followsCount: 0,
      postsCount: 101,
    });
    expect(calls.slice(from).filter((c) => c.endsWith("listRecords"))).toHaveLength(2);
  });

  it("post: the record is there but its counts are not: null stats; a deleted post is rejected", async () => {
    const alice = await bluesky.createAccount();
    const { ctx } = testContext(bluesky.pds);
    const post = await blueskyConnector.publish!(ctx, publishInput(authOf(alice), { body: "no appview" }));
    const reading = await postStats(ctx, {
      auth: authOf(alice),
      placement: null,
      postExternalId: post.externalId,
      params: {},
    });
    expect(reading).toEqual({
      stats: { likes: null, reposts: null, comments: null, quotes: null },
      raw: { source: "repo", cid: expect.stringMatching(/^bafy/), appviewError: "UpstreamFailure" },
    });
    await bluesky.xrpc("com.atproto.repo.deleteRecord", {
      token: alice.accessJwt,
      body: { repo: alice.did, collection: "app.bsky.feed.post", rkey: post.externalId.split("/").pop() },
    });
    await expect(
      postStats(ctx, { auth: authOf(alice), placement: null, postExternalId: post.externalId, params: {} }),
    ).rejects.toMatchObject({ kind: "rejected" });
    await expect(
      postStats(ctx, { auth: authOf(alice), placement: null, postExternalId: "https://bsky.app/x", params: {} }),
    ).rejects.toMatchObject({ kind: "rejected" });
  });

  it("a rate-limited AppView is not a reason to fall back: the limit propagates", async () => {
    const alice = await bluesky.createAccount();
    const { ctx, calls, fail } = testContext(bluesky.pds);
    fail("app.bsky.actor.getProfile", {
      status: 429,
      body: { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
      headers: { "retry-after": "30" },
    });
    await expect(profileStats(ctx, { auth: authOf(alice), placement: null })).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 30_000,
    });
    expect(calls).toEqual(["GET app.bsky.actor.getProfile"]);
  });
});
