import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as postsRoute from "@/app/api/posts/route";
import * as profileRoute from "@/app/api/profiles/[id]/route";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";

// POST /api/posts (createPost) through the route handler, on sandbox profiles (the rules are the real
// networks'). Listing is in read-posts.test.ts, editing, publishing drafts and deleting in
// update-post.test.ts, publishing itself in publish.test.ts.

type Tenant = Awaited<ReturnType<typeof seedSandboxTenant>>;
let t: Tenant;
let other: Tenant;

beforeAll(async () => {
  t = await seedSandboxTenant(["bluesky", "twitter", "facebook", "telegram"]);
  other = await seedSandboxTenant(["bluesky"]);
}, 60_000);
afterAll(() => db.$disconnect());

type Json = Record<string, any>;
const create = async (
  body: unknown,
  { token = t.token, headers = {} }: { token?: string; headers?: Record<string, string> } = {},
) => {
  const res = await callRoute(postsRoute.POST, { path: "/api/posts", token, body, headers });
  return res as typeof res & { json: Json };
};
const get = (id: string, token = t.token) =>
  callRoute(postRoute.GET, { path: `/api/posts/${id}`, token, params: { id } });
const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();
const errorsOf = (res: { json: Json }) => (res.json.errors as string[]).join("\n");

describe("POST /api/posts", () => {
  it("creates an immediate post to profiles named by id and by network, with normalised params per platform", async () => {
    const res = await create({
      post: { body: "Hello networks" },
      profiles: [t.profiles.bluesky!.id, "twitter"],
      platforms: { twitter: { format: "post" } },
    });
    expect(res.status).toBe(200);
    const post = res.json as Json;
    expect(post).toMatchObject({
      body: "Hello networks",
      draft: false,
      scheduled_at: null,
      status: "pending",
      media: [],
      thread: [],
      queue_id: null,
      profile_group_id: t.group.id,
    });
    expect(post.id).toMatch(/^post_/);
    expect(post.platforms.map((p: Json) => [p.platform, p.status, p.profile_id]).sort()).toEqual(
      [
        ["bluesky", "pending", t.profiles.bluesky!.id],
        ["twitter", "pending", t.profiles.twitter!.id],
      ].sort(),
    );
    expect(post.platforms.find((p: Json) => p.platform === "twitter").params).toMatchObject({ format: "post" });
    expect((await get(post.id)).json).toMatchObject({ id: post.id, body: "Hello networks" });
    const postCount = async () =>
      (
        await callRoute(profileRoute.GET, {
          path: `/api/profiles/${t.profiles.twitter!.id}`,
          token: t.token,
          params: { id: t.profiles.twitter!.id },
        })
      ).json.post_count as number;
    const before = await postCount();
    await create({
      post: { body: "One more", draft: true },
      profiles: ["twitter"],
      thread: [{ body: "a reply is not a post of its own" }],
    });
    expect(await postCount()).toBe(before + 1);
  });

  it("answers 422 naming each network and field for every broken rule, and writes nothing", async () => {
    const before = await db.post.count({ where: { accountId: t.account.id } });
    const res = await create({
      post: { body: "x".repeat(301) },
      profiles: ["bluesky", "facebook", "telegram"],
      thread: [{ body: "second" }],
      platforms: { facebook: { format: "carousel" } },
    });
    expect(res.status).toBe(422);
    const errors = errorsOf(res);
    expect(errors).toMatch(/bluesky: body is too long \(301 graphemes, maximum 300\)/);
    expect(errors).toMatch(/platforms\.facebook\.format/);
    expect(errors).toMatch(/platforms\.telegram\.chat_id is required/);
    expect(errors).toMatch(/telegram: thread is not supported/);
    expect(res.json.error).toBe((res.json.errors as string[]).join("; "));
    expect(await db.post.count({ where: { accountId: t.account.id } })).toBe(before);
  });

  it("refuses threads on networks without chains, whatsapp profiles, unknown and foreign profiles, and queue with scheduled_at", async () => {
    const fb = t.profiles.facebook!;
    const page = fb.placements[0]!.externalId;
    expect(
      errorsOf(
        await create({
          post: { body: "a" },
          profiles: ["facebook"],
          thread: [{ body: "b" }],
          platforms: { facebook: { page_id: page } },
        }),
      ),
    ).toMatch(/facebook: thread is not supported/);
    const wa = await db.profile.create({
      data: {
        id: newId("profile"),
        accountId: t.account.id,
        environment: "sandbox",
        profileGroupId: t.group.id,
        platform: "whatsapp",
        name: "WA",
      },
    });
    expect(errorsOf(await create({ post: { body: "a" }, profiles: [wa.id] }))).toMatch(
      /WhatsApp profile, which cannot be posted to/,
    );
    await db.profile.delete({ where: { id: wa.id } });
    const foreign = await create({ post: { body: "a" }, profiles: [other.profiles.bluesky!.id] });
    expect(foreign.status).toBe(422);
    expect(errorsOf(foreign)).toContain(`profile ${other.profiles.bluesky!.id} not found`);
    expect((await create({ post: { body: "a" }, profiles: [] })).status).toBe(422);
    expect(
      errorsOf(
        await create({
          post: { body: "a", scheduled_at: inAnHour() },
          profiles: ["bluesky"],
          queue_id: "que_1111111111111111",
        }),
      ),
    ).toMatch(/cannot be combined/);
    expect(errorsOf(await create({ post: { body: "a" }, profiles: ["pinterest"] }))).toMatch(/no Pinterest profile/);
  });

  it("honours Idempotency-Key: replay, and 422 for another body", async () => {
    const key = `idem-${newId("post")}`;
    const first = await create(
      { post: { body: "once" }, profiles: ["bluesky"] },
      { headers: { "idempotency-key": key } },
    );
    const again = await create(
      { post: { body: "once" }, profiles: ["bluesky"] },
      { headers: { "idempotency-key": key } },
    );
    expect(again.status).toBe(200);
    expect(again.json.id).toBe(first.json.id);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(
      (await create({ post: { body: "twice" }, profiles: ["bluesky"] }, { headers: { "idempotency-key": key } }))
        .status,
    ).toBe(422);
    expect(await db.post.count({ where: { body: "once", accountId: t.account.id } })).toBe(1);
  });

  it("accepts multipart bodies in Rails bracket style with files and URLs under media[]", async () => {
    const form = new FormData();
    form.append("post[body]", "multipart hello");
    form.append("post[draft]", "true");
    form.append("profiles[]", "twitter");
    form.append("media[]", "https://cdn.example.com/a.jpg");
    form.append(
      "media[]",
      new File(
        [
          Uint8Array.from(
            Buffer.from(
              "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
              "base64",
            ),
          ),
        ],
        "dot.png",
        { type: "image/png" },
      ),
    );
    form.append("platforms[twitter][format]", "post");
    const res = await postsRoute.POST(
      new Request("http://localhost/api/posts", {
        method: "POST",
        headers: { authorization: `Bearer ${t.token}` },
        body: form,
      }),
      { params: Promise.resolve({}) },
    );
    const post = (await res.json()) as Json;
    expect(res.status).toBe(200);
    expect(post).toMatchObject({ body: "multipart hello", draft: true, status: "draft" });
    expect(post.media.map((m: Json) => [m.status, m.source_url, m.content_type])).toEqual([
      ["pending", "https://cdn.example.com/a.jpg", "application/octet-stream"],
      ["processed", null, "image/png"],
    ]);
    expect(post.media[1].url).toMatch(/\/media\/.+\.png$/);
  });
});
