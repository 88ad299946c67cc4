import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as publishRoute from "@/app/api/posts/[id]/publish/route";
import * as postsRoute from "@/app/api/posts/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";

// PATCH /api/posts/:id, POST /api/posts/:id/publish and DELETE /api/posts/:id (lib/services/posts/
// update-post.ts) through the route handlers, on sandbox profiles. Each test creates its own posts.

type Tenant = Awaited<ReturnType<typeof seedSandboxTenant>>;
let t: Tenant;

beforeAll(async () => {
  t = await seedSandboxTenant(["bluesky", "twitter"]);
}, 60_000);
afterAll(() => db.$disconnect());

type Json = Record<string, any>;
const create = async (body: unknown) =>
  (await callRoute(postsRoute.POST, { path: "/api/posts", token: t.token, body })).json as Json;
const get = (id: string) => callRoute(postRoute.GET, { path: `/api/posts/${id}`, token: t.token, params: { id } });
const patch = (id: string, body: unknown) =>
  callRoute(postRoute.PATCH, { path: `/api/posts/${id}`, token: t.token, body, params: { id } });
const publish = (id: string) =>
  callRoute(publishRoute.POST, { path: `/api/posts/${id}/publish`, token: t.token, params: { id } });
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const errorsOf = (res: { json: Json }) => (res.json.errors as string[]).join("\n");

const twitterDraft = () =>
  create({ post: { body: "draft", draft: true }, profiles: ["twitter"], platforms: { twitter: { format: "post" } } });

describe("PATCH /api/posts/:id", () => {
  it("edits a draft: post fields merge and profiles are replaced", async () => {
    const draft = await twitterDraft();
    const edited = await patch(draft.id, { post: { body: "edited" }, profiles: ["twitter", "bluesky"] });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ body: "edited", draft: true, status: "draft" });
    expect((edited.json.platforms as Json[]).map((p) => p.platform).sort()).toEqual(["bluesky", "twitter"]);
  });

  it("an edit that breaks a network's rule is a 422 naming the network, and nothing is saved", async () => {
    const draft = await twitterDraft();
    await patch(draft.id, { profiles: ["twitter", "bluesky"] });
    expect(errorsOf(await patch(draft.id, { post: { body: "y".repeat(301) } }))).toMatch(/bluesky: body is too long/);
    expect((await get(draft.id)).json.body).toBe("draft");
  });

  it("a post published at once cannot be edited", async () => {
    const now = await create({ post: { body: "now" }, profiles: ["bluesky"] });
    expect(errorsOf(await patch(now.id, { post: { body: "late" } }))).toBe("Post cannot be edited");
  });

  it("a post scheduled less than 5 minutes ahead cannot be edited", async () => {
    const soon = await create({
      post: { body: "soon", scheduled_at: new Date(Date.now() + 3 * 60_000).toISOString() },
      profiles: ["bluesky"],
    });
    expect((await patch(soon.id, { post: { body: "late" } })).status).toBe(422);
  });

  it("a post scheduled more than 5 minutes ahead can be edited and stays scheduled", async () => {
    const later = await create({ post: { body: "later", scheduled_at: inAnHour() }, profiles: ["bluesky"] });
    expect((await patch(later.id, { post: { body: "changed" } })).json).toMatchObject({
      body: "changed",
      status: "scheduled",
    });
  });
});

describe("POST /api/posts/:id/publish", () => {
  it("a draft with a scheduled_at becomes scheduled", async () => {
    const draft = await create({
      post: { body: "to publish", draft: true, scheduled_at: inAnHour() },
      profiles: ["bluesky"],
    });
    expect((await publish(draft.id)).json).toMatchObject({ draft: false, status: "scheduled" });
  });

  it("a post that is no longer a draft is a 422", async () => {
    const draft = await create({
      post: { body: "to publish", draft: true, scheduled_at: inAnHour() },
      profiles: ["bluesky"],
    });
    await publish(draft.id);
    expect((await publish(draft.id)).status).toBe(422);
  });
});

describe("DELETE /api/posts/:id", () => {
  it("answers {deleted: true}; the post and its per-network entries are gone (404 afterwards)", async () => {
    const draft = await create({ post: { body: "to delete", draft: true }, profiles: ["bluesky"] });
    const del = await callRoute(postRoute.DELETE, {
      path: `/api/posts/${draft.id}`,
      token: t.token,
      params: { id: draft.id },
    });
    expect(del.json).toEqual({ deleted: true });
    expect((await get(draft.id)).status).toBe(404);
    expect(await db.platformPost.count({ where: { rootPostId: draft.id } })).toBe(0);
  });
});
