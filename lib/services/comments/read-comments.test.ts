import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as postCommentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedCommentReadWorld, type Comment } from "@/testing/comment-reads";
import { seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import { seedGroup, seedKey } from "@/testing/seed";

// The post-scoped read endpoints of comments over their route handlers: shapes, pagination, from/to,
// 400s, the 405 support table, and tenancy (another tenant's or group's comments answer like missing
// ones). GET /api/comments: list-comments.test.ts.

afterAll(() => db.$disconnect());

let w: Awaited<ReturnType<typeof seedCommentReadWorld>>;
beforeAll(async () => {
  w = await seedCommentReadWorld();
});

const perPost = (postId: string, query: string, token = w.token) =>
  callRoute(postCommentsRoute.GET, { path: `/api/posts/${postId}/comments?${query}`, token, params: { id: postId } });
const single = (postId: string, commentId: string, query: string, token = w.token) =>
  callRoute(postCommentRoute.GET, {
    path: `/api/posts/${postId}/comments/${commentId}?${query}`,
    token,
    params: { id: postId, comment_id: commentId },
  });
describe("GET /api/posts/:id/comments", () => {
  const fbPage = (query = "") => perPost(w.fbPost.post.id, `profile_id=${w.fb.id}${query}`);

  it("pages over top-level comments, oldest first", async () => {
    const page1 = await fbPage("&per_page=2");
    expect(page1.status).toBe(200);
    expect(page1.json).toMatchObject({ total: 4, page: 1, per_page: 2 });
    expect((page1.json.data as Comment[]).map((c) => c.body)).toEqual(["first", "second"]);
    const page2 = await fbPage("&per_page=2&page=2");
    expect((page2.json.data as Comment[]).map((c) => [c.body, c.external_id])).toEqual([
      ["third", w.c3.externalId],
      ["ours, pending", null],
    ]);
  });

  it("gives each top-level comment every reply under it, oldest first", async () => {
    const data = (await fbPage("&per_page=2")).json.data as Comment[];
    expect(data[1]!.replies!.map((r) => [r.body, r.parent_external_id])).toEqual([
      ["reply", w.c2.externalId],
      ["reply to reply", w.r1.externalId],
    ]);
  });

  it("renders a comment's fields, without error_details when it has no error", async () => {
    const data = (await fbPage("&per_page=2")).json.data as Comment[];
    expect(data[0]).toMatchObject({
      id: w.c1.id,
      external_id: w.c1.externalId,
      status: "synced",
      error: null,
      like_count: 0,
      is_hidden: false,
      attachments: [],
      replies: [],
    });
    expect(data[0]).not.toHaveProperty("error_details");
  });

  it("answers page 0 as page 1", async () => {
    expect((await fbPage("&per_page=2&page=0")).json).toMatchObject({
      page: 1,
      data: [{ body: "first" }, { body: "second" }],
    });
  });

  it("from/to filter top-level comments by created_at, a bare date being the start of its day", async () => {
    const { json } = await fbPage("&from=2026-01-02&to=2026-01-03");
    // to=2026-01-03 is midnight: the third comment (noon on the 3rd) is out
    expect((json.data as Comment[]).map((c) => c.body)).toEqual(["second"]);
    expect(json.total).toBe(1);
    const timed = await fbPage(`&from=${encodeURIComponent("2026-01-03T11:00:00+00:00")}`);
    expect((timed.json.data as Comment[]).map((c) => c.body)).toEqual(["third", "ours, pending"]);
  });

  it("a top-level comment within from/to brings its replies", async () => {
    const { json } = await fbPage("&from=2026-01-02&to=2026-01-03");
    expect((json.data as Comment[]).map((c) => [c.body, c.replies!.length])).toEqual([["second", 2]]);
  });

  it("400 without profile_id", async () => {
    const missing = await perPost(w.fbPost.post.id, "");
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ status: 400, error: "Bad Request", message: expect.stringContaining("profile_id") });
  });

  it("400 with an unparseable from/to", async () => {
    for (const bad of ["from=yesterday", "to=2026-13-45", "from=2026-01-01T25:00:00Z"]) {
      const res = await fbPage(`&${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.json).toMatchObject({ status: 400, error: "Bad Request" });
    }
  });

  it("a thread's root includes the comments on its links", async () => {
    const { json } = await perPost(w.root.post.id, `profile_id=${w.th.id}`);
    expect((json.data as Comment[]).map((c) => c.body)).toEqual(["on root", "on child"]);
  });

  it("405 on a network without comments", async () => {
    const x = await seedNetworkProfile({
      group: await seedGroup({ accountId: w.tenant.account.id }),
      platform: "twitter",
    });
    const xPost = await seedPublishedPost({
      group: { id: x.profileGroupId, accountId: x.accountId, environment: "live" },
      profile: x,
      externalId: uniqueDigits(),
    });
    const res = await perPost(xPost.post.id, `profile_id=${x.id}`);
    expect(res.status).toBe(405);
    expect(res.json).toEqual({ error: "Unsupported method for twitter" });
  });

  it("405 on tiktok profiles connected before 2026-09-30, 200 from that day", async () => {
    const group = w.tenant.group;
    const oldTiktok = await seedNetworkProfile({
      group: await seedGroup({ accountId: w.tenant.account.id }),
      platform: "tiktok",
      connectedAt: new Date("2026-09-29T23:59:59Z"),
    });
    const newTiktok = await seedNetworkProfile({
      group,
      platform: "tiktok",
      connectedAt: new Date("2026-09-30T00:00:00Z"),
    });
    const oldPost = await seedPublishedPost({
      group: { id: oldTiktok.profileGroupId, accountId: oldTiktok.accountId, environment: "live" },
      profile: oldTiktok,
      externalId: uniqueDigits(),
    });
    const newPost = await seedPublishedPost({ group, profile: newTiktok, externalId: uniqueDigits() });
    expect((await perPost(oldPost.post.id, `profile_id=${oldTiktok.id}`)).json).toEqual({
      error: "Unsupported method for tiktok",
    });
    expect((await perPost(newPost.post.id, `profile_id=${newTiktok.id}`)).status).toBe(200);
  });

  it("another tenant's post answers 404", async () => {
    const stranger = await seedTenant();
    const { token: strangerToken } = await seedKey({ accountId: stranger.account.id });
    expect((await perPost(w.fbPost.post.id, `profile_id=${w.fb.id}`, strangerToken)).json).toEqual({
      error: "Not found",
    });
  });

  it("another group's post answers 404 to a scoped key, which reaches its own group's", async () => {
    expect((await perPost(w.fbPost.post.id, `profile_id=${w.fb.id}`, w.scopedToken)).status).toBe(404); // group B's key
    expect((await perPost(w.postB.post.id, `profile_id=${w.fbB.id}`, w.scopedToken)).status).toBe(200);
  });

  it("a profile the post did not go to answers 404", async () => {
    expect((await perPost(w.fbPost.post.id, `profile_id=${w.th.id}`)).status).toBe(404);
  });

  it("a thread link's id answers 404", async () => {
    expect((await perPost(w.child.post.id, `profile_id=${w.th.id}`)).status).toBe(404);
  });

  it("an unknown post answers 404", async () => {
    expect((await perPost("post_unknown", `profile_id=${w.fb.id}`)).status).toBe(404);
  });
});

describe("GET /api/posts/:id/comments/:comment_id", () => {
  it.each([
    ["its own id", () => w.c2.id],
    ["the network's id", () => w.c2.externalId!],
  ])("finds a comment by %s", async (_, idOf) => {
    const { status, json } = await single(w.fbPost.post.id, idOf(), `profile_id=${w.fb.id}`);
    expect(status).toBe(200);
    expect(json).toMatchObject({ id: w.c2.id, body: "second" });
    expect((json.replies as Comment[]).map((r) => r.body)).toEqual(["reply"]); // not the reply to the reply
  });

  it("answers a reply with its own direct replies", async () => {
    expect((await single(w.fbPost.post.id, w.r1.externalId!, `profile_id=${w.fb.id}`)).json).toMatchObject({
      body: "reply",
      replies: [{ body: "reply to reply" }],
    });
  });

  it("400 without profile_id", async () => {
    expect((await single(w.fbPost.post.id, w.c1.id, "")).status).toBe(400);
  });

  it("404 for a comment of another post and group", async () => {
    expect((await single(w.fbPost.post.id, w.inB.id, `profile_id=${w.fb.id}`)).json).toEqual({ error: "Not found" });
  });

  it("404 for an unknown comment", async () => {
    expect((await single(w.fbPost.post.id, "cmt_nothing", `profile_id=${w.fb.id}`)).status).toBe(404);
  });

  it("404 for another group's key", async () => {
    expect((await single(w.fbPost.post.id, w.c1.id, `profile_id=${w.fb.id}`, w.scopedToken)).status).toBe(404);
  });
});
