import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as commentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import * as hideRoute from "@/app/api/posts/[id]/comments/[comment_id]/hide/route";
import * as likeRoute from "@/app/api/posts/[id]/comments/[comment_id]/like/route";
import * as privateReplyRoute from "@/app/api/posts/[id]/comments/[comment_id]/private_reply/route";
import * as unhideRoute from "@/app/api/posts/[id]/comments/[comment_id]/unhide/route";
import * as unlikeRoute from "@/app/api/posts/[id]/comments/[comment_id]/unlike/route";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { commentActionFn, publishCommentFn } from "@/inngest/functions/comments";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import type { RouteHandler } from "@/lib/api/route";
import { db } from "@/lib/db/client";
import { FACEBOOK_SCOPES } from "@/lib/networks/facebook";
import { callRoute } from "@/testing/call-route";
import { alternating, unexpectedStatuses, whileRunning } from "@/testing/concurrency";
import { seedComment, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant, setEnv } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { seedFacebookPage } from "@/testing/messaging-seeds";

await useOwnDatabase("commentconcur");

// The comment write endpoints, each fired many times at once through its route, then carried out by the
// publish-comment, comment-action and send-message functions on the local runner against the strict
// Graph fake: every request answers in its documented shape (no 500), each distinct write reaches the
// network exactly once (one comment per Idempotency-Key, one delete, one private reply), and a toggle
// raced with its opposite ends with the network, the stored state and the last requested state agreeing.

type Json = Record<string, any>;
const FB = { appId: "1000000000061", secret: "fb-concur-secret" };
const HOST = "graph.facebook.com";
const N = 12;
let graph: GraphFake;
let runner: LocalRunner;

beforeAll(async () => {
  graph = await startGraphFake();
  graph.addApp("facebook", FB.appId, FB.secret);
  runner = await startLocalRunner({
    functions: [publishCommentFn, commentActionFn, sendMessageFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  return setEnv({
    NETWORK_FACEBOOK_CLIENT_ID: FB.appId,
    NETWORK_FACEBOOK_CLIENT_SECRET: FB.secret,
    NETWORK_FACEBOOK_GRAPH_URL: graph.base(HOST),
  });
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await graph?.close();
});

// A Page post published on Facebook (held by the fake), with a visitor's comment on it, in a tenant of
// its own; the routes' calls on it.
const world = async () => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const { profile, page } = await seedFacebookPage(graph, tenant, { name: "Acme Bakery", scopes: FACEBOOK_SCOPES });
  const postExternalId = `${page}_${uniqueDigits(8)}`;
  const at = Date.now();
  graph.content.facebook.set(postExternalId, {
    id: postExternalId,
    pageId: page,
    kind: "post",
    published: true,
    fields: {},
    message: "Spring menu",
    createdAt: at,
  });
  const { post, platformPost } = await seedPublishedPost({
    group: tenant.group,
    profile,
    externalId: postExternalId,
    placementId: page,
  });
  const fromId = uniqueDigits(15);
  const stored = await seedComment(
    { platformPost, group: tenant.group },
    { body: "Recipe please?", createdAt: new Date() },
  );
  const comment = await db.comment.update({
    where: { id: stored.id },
    data: { authorExternalId: fromId, postedAt: new Date(at) },
  });
  const externalId = comment.externalId!;
  graph.content.comments.set(externalId, {
    id: externalId,
    objectId: postExternalId,
    message: comment.body,
    createdAt: at,
    family: "facebook",
    pageId: page,
    fromId,
  });
  const query = `?profile_id=${profile.id}`;
  const act = (route: RouteHandler, body?: Json, headers: Record<string, string> = {}) =>
    callRoute(route, {
      path: `/api/posts/${post.id}/comments/${comment.id}${query}`,
      token,
      params: { id: post.id, comment_id: comment.id },
      body,
      headers,
    });
  const create = (body: Json, headers: Record<string, string> = {}) =>
    callRoute(postCommentsRoute.POST, {
      path: `/api/posts/${post.id}/comments${query}`,
      token,
      params: { id: post.id },
      body,
      headers,
    });
  const calls = (path: string, method: string) => graph.calls(HOST, path).filter((r) => r.method === method);
  const onNetwork = () => graph.content.comments.get(externalId);
  const row = () => db.comment.findUnique({ where: { id: comment.id } });
  return { page, post, postExternalId, comment, externalId, act, create, calls, onNetwork, row };
};

describe("toggles raced with their opposites", () => {
  it("hide and unhide at once: each carried out once; the network, is_hidden and the last requested state agree", async () => {
    const w = await world();
    const responses = await whileRunning(
      runner,
      alternating(N, hideRoute.POST, unhideRoute.POST).map((route) => w.act(route)),
    );
    expect(unexpectedStatuses(responses, 200)).toEqual([]);
    for (const r of responses) expect(r.json).toEqual({ accepted: true });
    const row = (await w.row())!;
    expect(row.isHidden).toBe(row.requestedHidden);
    expect(w.onNetwork()!.hidden ?? false).toBe(row.isHidden);
    expect(w.calls(w.externalId, "POST")).toHaveLength(N);
  });

  it("like and unlike at once: the network's like, is_liked, like_count and the last requested state agree", async () => {
    const w = await world();
    const responses = await whileRunning(
      runner,
      alternating(N, likeRoute.POST, unlikeRoute.POST).map((route) => w.act(route)),
    );
    expect(unexpectedStatuses(responses, 200)).toEqual([]);
    for (const r of responses) expect(r.json).toEqual({ accepted: true });
    const row = (await w.row())!;
    expect(row.isLiked).toBe(row.requestedLiked);
    expect(row.likeCount).toBe(row.isLiked ? 1 : 0);
    expect([...(w.onNetwork()!.likedBy ?? [])]).toEqual(row.isLiked ? [w.page] : []);
  });
});

describe("writes that must happen once", () => {
  it("DELETE at once: all accepted, the comment deleted on the network by one call, the row gone", async () => {
    const w = await world();
    const responses = await whileRunning(
      runner,
      Array.from({ length: N }, () => w.act(commentRoute.DELETE)),
    );
    // accepted while the comment is stored; once deleted on the network, it is gone (404)
    expect(unexpectedStatuses(responses, 200, 404)).toEqual([]);
    for (const r of responses) expect(r.json).toEqual(r.status === 200 ? { accepted: true } : { error: "Not found" });
    expect(w.onNetwork()).toBeUndefined();
    expect(w.calls(w.externalId, "DELETE")).toHaveLength(1);
    expect(await w.row()).toBeNull();
  });

  it("DELETE raced with hide and like: 200 or 404, deleted on both sides by one call; later ones answer 404", async () => {
    const w = await world();
    const routes = Array.from({ length: N }, (_, i) => [commentRoute.DELETE, hideRoute.POST, likeRoute.POST][i % 3]!);
    const raced = await whileRunning(
      runner,
      routes.map((route) => w.act(route)),
    );
    // accepted while the comment is stored; once deleted on the network, it is gone (404)
    expect(unexpectedStatuses(raced, 200, 404)).toEqual([]);
    for (const r of raced) expect(r.json).toEqual(r.status === 200 ? { accepted: true } : { error: "Not found" });
    expect(w.onNetwork()).toBeUndefined();
    expect(w.calls(w.externalId, "DELETE")).toHaveLength(1);
    expect(await w.row()).toBeNull();
    const later = await Promise.all(routes.map((route) => w.act(route)));
    for (const r of later) expect([r.status, r.json]).toEqual([404, { error: "Not found" }]);
  });

  it("a private reply asked for at once: one is accepted and sent once, the others answer 422 naming the rule", async () => {
    const w = await world();
    const responses = await Promise.all(
      Array.from({ length: N }, (_, i) => w.act(privateReplyRoute.POST, { text: `We sent you the recipe (${i})` })),
    );
    const accepted = responses.filter((r) => r.status === 202);
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.json).toMatchObject({ status: "pending", direction: "outbound" });
    for (const r of responses.filter((x) => x.status !== 202)) {
      expect(r.status).toBe(422);
      expect(r.json.errors).toEqual([
        "A private reply was already sent to this comment: the network allows one per comment",
      ]);
    }
    expect((await w.row())!.privateReplyMessageId).toBe(accepted[0]!.json.id);
    await runner.drain();
    const sent = graph.messenger.sent.filter((m) => m.commentId === w.externalId);
    expect(sent.map((m) => m.message.text)).toEqual([accepted[0]!.json.body]);
    expect(await db.message.findUniqueOrThrow({ where: { id: String(accepted[0]!.json.id) } })).toMatchObject({
      status: "published",
      externalId: sent[0]!.id,
    });
  });

  it("a private reply repeated at once under one Idempotency-Key: one message sent once, the others 409 or its replay", async () => {
    const w = await world();
    const responses = await Promise.all(
      Array.from({ length: N }, () =>
        w.act(privateReplyRoute.POST, { text: "Recipe sent!" }, { "Idempotency-Key": "pr" }),
      ),
    );
    expect(unexpectedStatuses(responses, 202, 409)).toEqual([]);
    const id = (await w.row())!.privateReplyMessageId;
    for (const r of responses)
      expect(r.json).toEqual(r.status === 202 ? expect.objectContaining({ id }) : { error: expect.any(String) });
    await runner.drain();
    expect(graph.messenger.sent.filter((m) => m.commentId === w.externalId).map((m) => m.message.text)).toEqual([
      "Recipe sent!",
    ]);
  });

  it("one comment POSTed at once under one Idempotency-Key: one row, published by one call, the others 409 or its replay", async () => {
    const w = await world();
    const responses = await Promise.all(
      Array.from({ length: N }, () => w.create({ body: "Thanks, all of you!" }, { "Idempotency-Key": "once" })),
    );
    expect(unexpectedStatuses(responses, 201, 409)).toEqual([]);
    const rows = await db.comment.findMany({ where: { postId: w.post.id, body: "Thanks, all of you!" } });
    expect(rows).toHaveLength(1);
    for (const r of responses.filter((x) => x.status === 201)) expect(r.json).toMatchObject({ id: rows[0]!.id });
    for (const r of responses.filter((x) => x.status === 409)) expect(r.json).toEqual({ error: expect.any(String) });
    await runner.drain();
    const held = [...graph.content.comments.values()].filter((c) => c.message === "Thanks, all of you!");
    expect(held).toHaveLength(1);
    expect(w.calls(`${w.postExternalId}/comments`, "POST")).toHaveLength(1);
    expect(await db.comment.findUniqueOrThrow({ where: { id: rows[0]!.id } })).toMatchObject({
      status: "published",
      externalId: held[0]!.id,
    });
  });

  it("different comments POSTed at once without a key: each stored once and published once", async () => {
    const w = await world();
    const bodies = Array.from({ length: N }, (_, i) => `Thank you, guest ${i}!`);
    const responses = await Promise.all(bodies.map((body) => w.create({ body })));
    expect(unexpectedStatuses(responses, 201)).toEqual([]);
    expect(new Set(responses.map((r) => r.json.id)).size).toBe(N);
    await runner.drain();
    const rows = await db.comment.findMany({ where: { postId: w.post.id, body: { in: bodies } } });
    expect(rows).toHaveLength(N);
    for (const row of rows) {
      expect(row.status).toBe("published");
      const held = [...graph.content.comments.values()].filter((c) => c.message === row.body);
      expect(held.map((c) => c.id)).toEqual([row.externalId]);
    }
  });
});
