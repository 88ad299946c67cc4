import { afterAll, describe, expect, it } from "vitest";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as postsRoute from "@/app/api/posts/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";
import { seedKey } from "@/testing/seed";

// GET /api/posts and GET /api/posts/:id (lib/services/posts/read-posts.ts) through the route handlers.
// Each test creates its own tenant and posts: a (draft, bluesky), b (scheduled, twitter), c (draft,
// bluesky and twitter), in that order.

afterAll(() => db.$disconnect());

type Json = Record<string, any>;
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

const threePosts = async () => {
  const mine = await seedSandboxTenant(["bluesky", "twitter"]);
  const make = async (body: Json) =>
    (await callRoute(postsRoute.POST, { path: "/api/posts", token: mine.token, body })).json as Json;
  const a = await make({ post: { body: "a", draft: true }, profiles: ["bluesky"] });
  const b = await make({ post: { body: "b", scheduled_at: inAnHour() }, profiles: ["twitter"] });
  const c = await make({ post: { body: "c", draft: true }, profiles: ["bluesky", "twitter"] });
  const list = (query: string) => callRoute(postsRoute.GET, { path: `/api/posts${query}`, token: mine.token });
  const ids = async (query: string) => ((await list(query)).json.data as Json[]).map((p) => p.id);
  return { mine, a, b, c, list, ids };
};

describe("GET /api/posts", () => {
  it("pages are zero-based and newest first, with total, page and per_page", async () => {
    const { a, b, c, list, ids } = await threePosts();
    const page0 = await list("?per_page=2");
    expect(page0.json).toMatchObject({ total: 3, page: 0, per_page: 2 });
    expect((page0.json.data as Json[]).map((p) => p.id)).toEqual([c.id, b.id]);
    expect(await ids("?per_page=2&page=1")).toEqual([a.id]);
  });

  it("status filters by the post's status", async () => {
    const { a, b, c, ids } = await threePosts();
    expect(await ids("?status=draft")).toEqual([c.id, a.id]);
    expect(await ids("?status=scheduled")).toEqual([b.id]);
  });

  it("an unknown status is a 400", async () => {
    const { list } = await threePosts();
    expect((await list("?status=bogus")).status).toBe(400);
  });

  it.each(["?platforms=twitter", "?platforms[]=twitter", "?platforms=twitter&platforms=telegram"])(
    "platforms filters by network (%s)",
    async (query) => {
      const { b, c, ids } = await threePosts();
      expect(await ids(query)).toEqual([c.id, b.id]);
    },
  );

  it.each(["scheduled_after", "scheduled_at"])("%s keeps the posts scheduled after the time given", async (key) => {
    const { b, ids } = await threePosts();
    const since = new Date(Date.now() + 60_000).toISOString();
    expect(await ids(`?${key}=${since}`)).toEqual([b.id]);
  });

  it("scheduled_from (inclusive) and scheduled_to (exclusive) keep the posts scheduled in that range", async () => {
    const { b, ids, list } = await threePosts();
    const at = Date.parse(b.scheduled_at as string);
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(await ids(`?scheduled_from=${iso(at)}&scheduled_to=${iso(at + 1)}`)).toEqual([b.id]);
    expect(await ids(`?scheduled_from=${iso(at + 1)}`)).toEqual([]);
    expect(await ids(`?scheduled_to=${iso(at)}`)).toEqual([]);
    expect(await ids(`?scheduled_from=${iso(at - 60_000)}&scheduled_after=${iso(at)}`)).toEqual([]);
    const bad = await list("?scheduled_to=tomorrow");
    expect(bad.status).toBe(400);
    expect(bad.json.message).toContain("scheduled_to");
  });
});

describe("GET /api/posts/:id", () => {
  const get = (id: string, token: string) =>
    callRoute(postRoute.GET, { path: `/api/posts/${id}`, token, params: { id } });

  it("another tenant's post is 404", async () => {
    const { a } = await threePosts();
    const other = await seedSandboxTenant([]);
    expect((await get(a.id, other.token)).status).toBe(404);
  });

  it("the same account's other environment does not see the post: 404", async () => {
    const { mine, a } = await threePosts();
    const live = await seedKey({ accountId: mine.account.id, environment: "live" });
    expect((await get(a.id, live.token)).status).toBe(404);
  });
});
