import { expect, test, type APIRequestContext } from "@playwright/test";
import { startReceiver } from "@/testing/webhook-receiver";
import { auth, createTenant, type Tenant } from "../support/tenant";

// The posts API through the running server (next start, with its in-process job runner): sandbox
// profiles publish to the simulated network, and the webhooks receive post.processed and
// platform_post.published.

let t: Tenant;
let groupId: string;
const closers: (() => Promise<void>)[] = [];

const connect = async (request: APIRequestContext, data: Record<string, string>) => {
  const res = await request.post(`/api/profile_groups/${groupId}/initialize_connection`, {
    headers: auth(t.sandbox),
    data,
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { profile: { id: string } }).profile.id;
};

test.beforeAll(async ({ request }) => {
  t = createTenant();
  const group = await request.post("/api/profile_groups", {
    headers: auth(t.sandbox),
    data: { profile_group: { name: "Posts e2e" } },
  });
  groupId = ((await group.json()) as { id: string }).id;
  await connect(request, {
    platform: "bluesky",
    identifier: "posts-e2e.bsky.social",
    app_password: "abcd-efgh-ijkl-mnop",
  });
  await connect(request, { platform: "telegram", bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWX" });
});
test.afterAll(() => Promise.all(closers.map((c) => c())));

test.describe("posts API", () => {
  test("a post is published on each network, with events delivered to webhooks", async ({ request }) => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    expect(
      (
        await request.post("/api/webhooks", {
          headers: auth(t.sandbox),
          data: { url: receiver.url, events: ["post.processed", "platform_post.published"] },
        })
      ).status(),
    ).toBe(201);
    const chats = await (
      await request.get(`/api/profiles?profile_group_id=${groupId}`, { headers: auth(t.sandbox) })
    ).json();
    const telegram = (chats.data as { id: string; platform: string }[]).find((p) => p.platform === "telegram")!;
    const chat = (
      (await (await request.get(`/api/profiles/${telegram.id}/placements`, { headers: auth(t.sandbox) })).json())
        .data as { id: string }[]
    )[0]!.id;

    const res = await request.post("/api/posts", {
      headers: auth(t.sandbox),
      data: {
        post: { body: "Hello from e2e" },
        profiles: ["bluesky", "telegram"],
        platforms: { telegram: { chat_id: chat, parse_mode: "HTML" } },
      },
    });
    expect(res.status()).toBe(200);
    const post = await res.json();
    expect(post).toMatchObject({ body: "Hello from e2e", status: "pending", draft: false });

    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/posts/${post.id}`, { headers: auth(t.sandbox) })).json()).platforms as {
              status: string;
            }[]
          ).map((p) => p.status),
        { timeout: 20_000 },
      )
      .toEqual(["published", "published"]);
    const done = await (await request.get(`/api/posts/${post.id}`, { headers: auth(t.sandbox) })).json();
    expect(done.status).toBe("processed");
    for (const p of done.platforms)
      expect(p).toMatchObject({
        platform_id: expect.stringMatching(/^sbx_post_/),
        url: expect.stringContaining("https://sandbox.invalid/"),
        error: null,
      });
    expect(done.platforms.find((p: { platform: string }) => p.platform === "telegram").params).toMatchObject({
      chat_id: chat,
      parse_mode: "HTML",
    });

    await expect
      .poll(() => receiver.received.map((r) => r.headers["x-service-event"]).sort(), { timeout: 20_000 })
      .toEqual(["platform_post.published", "platform_post.published", "post.processed"]);
    const published = receiver.received
      .filter((r) => r.headers["x-service-event"] === "platform_post.published")
      .map((r) => JSON.parse(r.rawBody).data);
    expect(published.map((d: { post_id: string }) => d.post_id)).toEqual([post.id, post.id]);
  });

  test("422 lists every broken rule by network; list and delete work over HTTP", async ({ request }) => {
    const bad = await request.post("/api/posts", {
      headers: auth(t.sandbox),
      data: { post: { body: "x".repeat(301) }, profiles: ["bluesky", "telegram"] },
    });
    expect(bad.status()).toBe(422);
    const { errors } = await bad.json();
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^bluesky: body is too long/),
        "platforms.telegram.chat_id is required",
      ]),
    );

    const draft = await (
      await request.post("/api/posts", {
        headers: auth(t.sandbox),
        data: { post: { body: "Draft", draft: true }, profiles: ["bluesky"] },
      })
    ).json();
    const page = await (
      await request.get("/api/posts?status=draft&page=0&per_page=5", { headers: auth(t.sandbox) })
    ).json();
    expect(page).toMatchObject({ page: 0, per_page: 5 });
    expect(page.data.map((p: { id: string }) => p.id)).toContain(draft.id);
    expect(await (await request.delete(`/api/posts/${draft.id}`, { headers: auth(t.sandbox) })).json()).toEqual({
      deleted: true,
    });
    expect((await request.get(`/api/posts/${draft.id}`, { headers: auth(t.sandbox) })).status()).toBe(404);
    expect((await request.get(`/api/posts/${draft.id}`, { headers: auth(t.live) })).status()).toBe(404);
  });
});
