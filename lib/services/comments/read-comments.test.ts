import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as commentsRoute from "@/app/api/comments/route";
import * as postCommentsRoute from "@/app/api/posts/[id]/comments/route";
import * as postCommentRoute from "@/app/api/posts/[id]/comments/[comment_id]/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/lib/testing/call-route";
import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/lib/testing/comments";
import { seedTenant } from "@/lib/testing/network-tests";
import { seedGroup, seedKey } from "@/lib/testing/seed";

// The read endpoints of comments over their route handlers: shapes, pagination, from/to, 400s, the
// 405 support table, and tenancy (another tenant's or group's comments answer like missing ones).

afterAll(() => db.$disconnect());

const day = (d: number, h = 12) => new Date(Date.UTC(2026, 0, d, h));

type Comment = {
  id: string;
  external_id: string | null;
  body: string;
  replies?: Comment[];
  parent_external_id: string | null;
  post_id?: string;
  profile_id?: string;
  platform?: string;
};

// One account: group A with a facebook post (3 top-level comments, replies at two depths) and an
// instagram thread root + child with comments; group B with a facebook post and one comment.
const world = async () => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const group = tenant.group;
  const fb = await seedNetworkProfile({ group, platform: "facebook" });
  const pageId = uniqueDigits(15);
  const fbPost = await seedPublishedPost({
    group,
    profile: fb,
    externalId: `${pageId}_${uniqueDigits()}`,
    placementId: pageId,
  });
  const on = { platformPost: fbPost.platformPost, group };
  const c1 = await seedComment(on, { body: "first", createdAt: day(1) });
  const c2 = await seedComment(on, { body: "second", createdAt: day(2) });
  const c3 = await seedComment(on, { body: "third", createdAt: day(3) });
  const r1 = await seedComment(on, {
    body: "reply",
    parentExternalId: c2.externalId,
    rootExternalId: c2.externalId,
    createdAt: day(4),
  });
  const r2 = await seedComment(on, {
    body: "reply to reply",
    parentExternalId: r1.externalId,
    rootExternalId: c2.externalId,
    createdAt: day(5),
  });
  const pending = await seedComment(on, {
    body: "ours, pending",
    externalId: null,
    status: "pending",
    createdAt: day(6),
  });

  const th = await seedNetworkProfile({ group, platform: "threads" });
  const root = await seedPublishedPost({ group, profile: th, externalId: uniqueDigits() });
  const child = await seedPublishedPost({ group, profile: th, externalId: uniqueDigits(), parentId: root.post.id });
  const onRoot = await seedComment({ platformPost: root.platformPost, group }, { body: "on root", createdAt: day(7) });
  const onChild = await seedComment(
    { platformPost: child.platformPost, group },
    { body: "on child", createdAt: day(8) },
  );

  const groupB = await seedGroup({ accountId: tenant.account.id });
  const fbB = await seedNetworkProfile({ group: groupB, platform: "facebook" });
  const postB = await seedPublishedPost({
    group: groupB,
    profile: fbB,
    externalId: `${pageId}_${uniqueDigits()}`,
    placementId: pageId,
  });
  const inB = await seedComment(
    { platformPost: postB.platformPost, group: groupB },
    { body: "group B", createdAt: day(9) },
  );
  const scoped = await seedKey({ accountId: tenant.account.id, kind: "scoped", profileGroupId: groupB.id });
  return {
    tenant,
    token,
    scopedToken: scoped.token,
    fb,
    fbPost,
    c1,
    c2,
    c3,
    r1,
    r2,
    pending,
    th,
    root,
    child,
    onRoot,
    onChild,
    groupB,
    fbB,
    postB,
    inB,
  };
};

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

const perPost = (postId: string, query: string, token = w.token) =>
  callRoute(postCommentsRoute.GET, { path: `/api/posts/${postId}/comments?${query}`, token, params: { id: postId } });
const single = (postId: string, commentId: string, query: string, token = w.token) =>
  callRoute(postCommentRoute.GET, {
    path: `/api/posts/${postId}/comments/${commentId}?${query}`,
    token,
    params: { id: postId, comment_id: commentId },
  });
const bulk = (query: string, token = w.token) =>
  callRoute(commentsRoute.GET, { path: `/api/comments?${query}`, token });

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

describe("GET /api/comments", () => {
  const bodies = async (query: string) => ((await bulk(query)).json.data as Comment[]).map((c) => c.body);

  it("lists every comment flat, newest first", async () => {
    const { json } = await bulk("per_page=100");
    expect(json).toMatchObject({ total: 9, page: 1, per_page: 100 });
    expect((json.data as Comment[]).map((c) => c.body)).toEqual([
      "group B",
      "on child",
      "on root",
      "ours, pending",
      "reply to reply",
      "reply",
      "third",
      "second",
      "first",
    ]);
  });

  it("says where each comment is: the thread's root post_id, profile_id and platform", async () => {
    const data = (await bulk("per_page=100")).json.data as Comment[];
    expect(data.find((c) => c.body === "on child")).toMatchObject({
      post_id: w.root.post.id,
      profile_id: w.th.id,
      platform: "threads",
    });
  });

  it("gives no replies", async () => {
    const data = (await bulk("per_page=100")).json.data as Comment[];
    expect(data.every((c) => !("replies" in c))).toBe(true);
  });

  it("filters by post_ids, a root bringing its links", async () => {
    expect(await bodies(`post_ids=${w.root.post.id}`)).toEqual(["on child", "on root"]);
  });

  it("an unknown post id matches nothing beside the known ones", async () => {
    expect(await bodies(`post_ids=${w.root.post.id},post_unknown,${w.postB.post.id}`)).toEqual([
      "group B",
      "on child",
      "on root",
    ]);
  });

  it("filters by profiles given as network names", async () => {
    expect(await bodies(`profiles=threads`)).toEqual(["on child", "on root"]);
  });

  it("filters by profiles given as ids, mixed with names", async () => {
    expect(await bodies(`profiles=${w.fbB.id},threads`)).toEqual(["group B", "on child", "on root"]);
  });

  it("an unknown profile id matches nothing", async () => {
    expect(await bodies(`profiles=prof_unknown`)).toEqual([]);
  });

  it("filters by from/to", async () => {
    expect(await bodies(`from=2026-01-07&to=2026-01-09`)).toEqual(["on child", "on root"]);
  });

  it("filters by profile_group_id", async () => {
    expect(await bodies(`profile_group_id=${w.groupB.id}`)).toEqual(["group B"]);
  });

  it("400 with an unparseable from/to", async () => {
    expect((await bulk("to=not-a-date")).status).toBe(400);
  });

  it("post_ids pages newest first over a listed child post and other posts, counting each comment once", async () => {
    const page = async (query: string) => {
      const { json } = await bulk(query);
      return { total: json.total, bodies: (json.data as Comment[]).map((c) => c.body) };
    };
    const listed = `post_ids=${w.child.post.id},${w.postB.post.id}&per_page=1`;
    expect(await page(listed)).toEqual({ total: 2, bodies: ["group B"] });
    expect(await page(`${listed}&page=2`)).toEqual({ total: 2, bodies: ["on child"] });
    expect(await page(`post_ids=${w.child.post.id},${w.root.post.id}`)).toEqual({
      total: 2,
      bodies: ["on child", "on root"],
    });
  });

  it("pages by per_page", async () => {
    const { json } = await bulk("per_page=2&page=2");
    expect(json).toMatchObject({ total: 9, page: 2, per_page: 2 });
    expect((json.data as Comment[]).map((c) => c.body)).toEqual(["on root", "ours, pending"]);
  });

  it("caps per_page at 100", async () => {
    expect((await bulk("per_page=500")).json.per_page).toBe(100);
  });

  it("answers page 0 as page 1", async () => {
    expect((await bulk("page=0&per_page=1")).json).toMatchObject({ page: 1, data: [{ body: "group B" }] });
  });

  it("a scoped key sees only its group, whatever profile_group_id asks", async () => {
    expect(((await bulk("", w.scopedToken)).json.data as Comment[]).map((c) => c.body)).toEqual(["group B"]);
    expect(
      ((await bulk(`profile_group_id=${w.tenant.group.id}`, w.scopedToken)).json.data as Comment[]).map((c) => c.body),
    ).toEqual(["group B"]);
  });

  it("another tenant sees nothing of this one", async () => {
    const stranger = await seedTenant();
    const { token } = await seedKey({ accountId: stranger.account.id });
    expect((await bulk(`post_ids=${w.fbPost.post.id}`, token)).json).toMatchObject({ total: 0, data: [] });
  });
});
