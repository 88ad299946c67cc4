import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as commentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import * as hideRoute from "@/app/api/posts/[id]/comments/[comment_id]/hide/route";
import * as likeRoute from "@/app/api/posts/[id]/comments/[comment_id]/like/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { act, create, t, useWriteTenant, world, type World } from "@/testing/comment-writes";
import { seedTenant } from "@/testing/network-tests";
import { seedGroup, seedKey } from "@/testing/seed";

// The comment write endpoints over their route handlers, without running the background work:
// 400/404/422 in the spec's order and shapes, tenancy and scoped keys. (The 405 table:
// write-comments-support.test.ts; publishing and the actions on the networks: publish-comments*.test.ts.)

afterAll(() => db.$disconnect());

useWriteTenant();

describe("POST /api/posts/:id/comments", () => {
  it("stores a top-level comment pending and answers 201 with it", async () => {
    const w = await world("facebook");
    const top = await create(w, { body: "  Thank you!  " });
    expect(top.status).toBe(201);
    expect(top.json).toMatchObject({
      id: expect.stringMatching(/^cmt_/),
      external_id: null,
      body: "Thank you!",
      status: "pending",
      error: null,
      parent_external_id: null,
      replies: [],
    });
  });

  it("stores a reply pending under its parent, named by our id or the network's", async () => {
    const w = await world("facebook");
    const reply = await create(w, { body: "Glad you like it", parent_id: w.comment.id });
    expect(reply.json).toMatchObject({
      body: "Glad you like it",
      status: "pending",
      parent_external_id: w.comment.externalId,
    });
    const byExternal = await create(w, { body: "Also", parent_id: w.comment.externalId });
    expect(byExternal.json).toMatchObject({ parent_external_id: w.comment.externalId });
    const stored = await db.comment.findUniqueOrThrow({ where: { id: reply.json.id as string } });
    expect(stored).toMatchObject({
      platformPostId: w.platformPost.id,
      rootExternalId: w.comment.externalId,
      profileId: w.profile.id,
      attempts: 0,
      sendingSince: null,
    });
  });

  it("`text` is an alias of `body`", async () => {
    const w = await world("facebook");
    const reply = await create(w, { text: "Glad you like it", parent_id: w.comment.id });
    expect(reply.json).toMatchObject({ body: "Glad you like it", status: "pending" });
  });

  it("400 without profile_id", async () => {
    const w = await world("facebook");
    const noProfile = await callRoute(postCommentsRoute.POST, {
      path: `/api/posts/${w.post.id}/comments`,
      token: t.token,
      body: { body: "x" },
      params: { id: w.post.id },
    });
    expect(noProfile.status).toBe(400);
    expect(noProfile.json).toMatchObject({
      status: 400,
      error: "Bad Request",
      message: expect.stringContaining("profile_id"),
    });
  });

  it("422 without a body", async () => {
    const w = await world("facebook");
    for (const body of [{}, { body: "   " }, { text: "" }]) {
      const res = await create(w, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json).toEqual({ errors: ["body: body can't be blank"], error: "body: body can't be blank" });
    }
  });

  it("404 for a missing post or profile", async () => {
    const w = await world("facebook");
    expect((await create({ post: { id: "post_missing" }, profile: w.profile }, { body: "x" })).json).toEqual({
      error: "Not found",
    });
    expect((await create({ post: w.post, profile: { id: "prof_missing" } }, { body: "x" })).json).toEqual({
      error: "Not found",
    });
  });

  it("404 for a missing parent", async () => {
    const w = await world("facebook");
    const noParent = await create(w, { body: "x", parent_id: "cmt_nope" });
    expect([noParent.status, noParent.json]).toEqual([404, { error: "Parent comment not found" }]);
  });

  it("422 on a post that is not published, storing nothing", async () => {
    const w = await world("facebook");
    await db.platformPost.update({ where: { id: w.platformPost.id }, data: { status: "processing" } });
    expect(await create(w, { body: "x" })).toMatchObject({ status: 422, json: { errors: ["Post is not published"] } });
    expect(await db.comment.count({ where: { platformPostId: w.platformPost.id, status: "pending" } })).toBe(0);
  });

  it("a parent of ours that is still pending cannot be answered yet (422)", async () => {
    const w = await world("instagram");
    const pending = await create(w, { body: "first" });
    expect(await create(w, { body: "second", parent_id: pending.json.id })).toMatchObject({
      status: 422,
      json: { errors: ["Parent comment has not been published yet"] },
    });
  });
});

describe("actions on a comment", () => {
  let w: World;
  beforeAll(async () => {
    w = await world("facebook");
  });

  it.each([
    ["its own id", () => w.comment.id],
    ["its external id", () => w.comment.externalId!],
  ])("answer {accepted: true} for the comment named by %s", async (_, idOf) => {
    expect(await act(hideRoute.POST, w, idOf())).toMatchObject({ status: 200, json: { accepted: true } });
  });

  it("answer 404 for an unknown comment", async () => {
    expect(await act(commentRoute.DELETE, w, "cmt_unknown")).toMatchObject({
      status: 404,
      json: { error: "Not found" },
    });
  });

  it("answer 422 on a comment of ours before it is published", async () => {
    const ours = await create(w, { body: "pending one" });
    for (const route of [commentRoute.DELETE, hideRoute.POST, likeRoute.POST]) {
      expect(await act(route, w, ours.json.id as string)).toMatchObject({
        status: 422,
        json: { errors: ["Comment has not been published yet"], error: "Comment has not been published yet" },
      });
    }
  });
});

describe("tenancy", () => {
  let w: World;
  let inB: World;
  let strangerToken: string;
  let scopedB: string;
  beforeAll(async () => {
    w = await world("facebook");
    const stranger = await seedTenant();
    strangerToken = (await seedKey({ accountId: stranger.account.id })).token;
    const groupB = await seedGroup({ accountId: t.account.id });
    inB = await world("facebook", { group: groupB });
    scopedB = (await seedKey({ accountId: t.account.id, kind: "scoped", profileGroupId: groupB.id })).token;
  });
  // Every refused write leaves group A's post with its one comment.
  const expectNothingAddedToA = async () =>
    expect(await db.comment.count({ where: { platformPostId: w.platformPost.id } })).toBe(1);

  it("another tenant's post answers a new comment like a missing one", async () => {
    expect((await create(w, { body: "x" }, { token: strangerToken })).json).toEqual({ error: "Not found" });
    await expectNothingAddedToA();
  });

  it("another group's post answers a scoped key's new comment like a missing one", async () => {
    expect((await create(w, { body: "x" }, { token: scopedB })).json).toEqual({ error: "Not found" });
    await expectNothingAddedToA();
  });

  it("another tenant's comment answers an action like a missing one", async () => {
    expect((await act(hideRoute.POST, w, w.comment.id, strangerToken)).json).toEqual({ error: "Not found" });
  });

  it("another group's comment answers a scoped key's action like a missing one", async () => {
    expect((await act(commentRoute.DELETE, w, w.comment.id, scopedB)).json).toEqual({ error: "Not found" });
  });

  it("a comment of another group named on this post is not in its thread", async () => {
    expect((await act(hideRoute.POST, w, inB.comment.id)).json).toEqual({ error: "Not found" });
    expect(await create(w, { body: "x", parent_id: inB.comment.id })).toMatchObject({
      status: 404,
      json: { error: "Parent comment not found" },
    });
    await expectNothingAddedToA();
  });

  it("the sandbox environment's key does not see live posts", async () => {
    const sandboxKey = (await seedKey({ accountId: t.account.id, environment: "sandbox" })).token;
    expect((await create(w, { body: "x" }, { token: sandboxKey })).json).toEqual({ error: "Not found" });
    await expectNothingAddedToA();
  });

  it("a scoped key reaches its own group's posts and comments", async () => {
    expect((await create(inB, { body: "from B's key" }, { token: scopedB })).status).toBe(201);
    expect((await act(likeRoute.POST, inB, inB.comment.id, scopedB)).json).toEqual({ accepted: true });
    await expectNothingAddedToA();
  });
});
