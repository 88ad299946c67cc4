import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as commentsRoute from "@/app/api/comments/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedCommentReadWorld, type Comment } from "@/testing/comment-reads";
import { seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";

// GET /api/comments over its route handler: every comment the key sees, flat and newest first, its
// filters, pages and tenancy. The post-scoped reads: read-comments.test.ts.

afterAll(() => db.$disconnect());

let w: Awaited<ReturnType<typeof seedCommentReadWorld>>;
beforeAll(async () => {
  w = await seedCommentReadWorld();
});

const bulk = (query: string, token = w.token) =>
  callRoute(commentsRoute.GET, { path: `/api/comments?${query}`, token });

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
