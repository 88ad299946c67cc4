import { expect, test } from "@playwright/test";
import { verifySignature } from "@/lib/services/webhooks/signature";
import { startReceiver } from "@/testing/webhook-receiver";
import { auth, createTenant, emitTestEvent, type Tenant } from "../support/tenant";

let a: Tenant;
let b: Tenant;
const closers: (() => Promise<void>)[] = [];

test.beforeAll(() => {
  a = createTenant();
  b = createTenant();
});
test.afterAll(() => Promise.all(closers.map((c) => c())));

const create = (request: import("@playwright/test").APIRequestContext, token: string, data: Record<string, unknown>) =>
  request.post("/api/webhooks", { headers: auth(token), data });

test.describe("webhooks API", () => {
  test("create returns the secret; list omits it; get and patch include it", async ({ request }) => {
    const res = await create(request, a.live, {
      url: "https://93.184.216.34/hooks",
      events: ["post.processed", "profile.connected"],
      description: "CRM",
    });
    expect(res.status()).toBe(201);
    const hook = await res.json();
    expect(hook).toEqual({
      id: expect.stringMatching(/^whk_/),
      url: "https://93.184.216.34/hooks",
      events: ["post.processed", "profile.connected"],
      enabled: true,
      description: "CRM",
      secret: expect.stringMatching(/^whsec_/),
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });

    const list = (await (await request.get("/api/webhooks", { headers: auth(a.live) })).json()).data;
    expect(list.find((w: { id: string }) => w.id === hook.id)).toEqual({ ...hook, secret: undefined });
    expect(JSON.stringify(list)).not.toContain(hook.secret);

    expect(await (await request.get(`/api/webhooks/${hook.id}`, { headers: auth(a.live) })).json()).toEqual(hook);
    const patched = await request.patch(`/api/webhooks/${hook.id}`, {
      headers: auth(a.live),
      data: { enabled: false, events: ["*"] },
    });
    expect(patched.status()).toBe(200);
    expect(await patched.json()).toMatchObject({
      enabled: false,
      events: ["*"],
      secret: hook.secret,
      description: "CRM",
    });

    const del = await request.delete(`/api/webhooks/${hook.id}`, { headers: auth(a.live) });
    expect(await del.json()).toEqual({ deleted: true });
    expect((await request.get(`/api/webhooks/${hook.id}`, { headers: auth(a.live) })).status()).toBe(404);
  });

  test("validation: HTTPS only, no internal addresses, known events", async ({ request }) => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ url: "http://93.184.216.34/h", events: ["*"] }, /HTTPS/],
      [{ url: "https://10.1.2.3/h", events: ["*"] }, /private, loopback or link-local/],
      [{ url: "https://169.254.169.254/latest", events: ["*"] }, /private, loopback or link-local/],
      [{ url: "https://93.184.216.34/h", events: ["post.exploded"] }, /unknown event/],
      [{ url: "https://93.184.216.34/h", events: [] }, /events can't be empty/],
      [{ url: "https://93.184.216.34/h" }, /events is required/],
      [{ url: "not a url", events: ["*"] }, /url/],
    ];
    for (const [data, message] of cases) {
      const res = await create(request, a.live, data);
      expect(res.status(), JSON.stringify(data)).toBe(422);
      expect((await res.json()).error).toMatch(message);
    }
    const list = (await (await request.get("/api/webhooks", { headers: auth(a.live) })).json()).data;
    expect(list.filter((w: { url: string }) => w.url.includes("10.1.2.3") || w.url.startsWith("http:"))).toEqual([]);
  });

  test("other tenants, the other environment and other groups get 404", async ({ request }) => {
    const hook = await (await create(request, a.live, { url: "https://93.184.216.34/x", events: ["*"] })).json();
    for (const token of [b.live, a.sandbox]) {
      expect((await request.get(`/api/webhooks/${hook.id}`, { headers: auth(token) })).status()).toBe(404);
      expect(
        (await request.patch(`/api/webhooks/${hook.id}`, { headers: auth(token), data: { enabled: false } })).status(),
      ).toBe(404);
      expect((await request.delete(`/api/webhooks/${hook.id}`, { headers: auth(token) })).status()).toBe(404);
      expect((await request.get(`/api/webhooks/${hook.id}/deliveries`, { headers: auth(token) })).status()).toBe(404);
      const list = (await (await request.get("/api/webhooks", { headers: auth(token) })).json()).data;
      expect(list.map((w: { id: string }) => w.id)).not.toContain(hook.id);
    }
    const group = await (
      await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Hooks" } })
    ).json();
    const scoped = await (
      await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: group.id } })
    ).json();
    expect((await request.get(`/api/webhooks/${hook.id}`, { headers: auth(scoped.token) })).status()).toBe(404);
    const own = await (await create(request, scoped.token, { url: "https://93.184.216.34/g", events: ["*"] })).json();
    const scopedList = (await (await request.get("/api/webhooks", { headers: auth(scoped.token) })).json()).data;
    expect(scopedList.map((w: { id: string }) => w.id)).toEqual([own.id]);
  });

  test("deliveries: zero-indexed pagination envelope", async ({ request }) => {
    const hook = await (await create(request, a.live, { url: "https://93.184.216.34/y", events: ["*"] })).json();
    const res = await request.get(`/api/webhooks/${hook.id}/deliveries`, { headers: auth(a.live) });
    expect(await res.json()).toEqual({ total: 0, page: 0, per_page: 20, data: [] });
  });
});

// Events carry their documented payloads (emitEvent checks them against lib/schemas/events.ts).
const PROFILE_EVENT = {
  id: "prof_1",
  name: "Bluesky profile",
  platform: "bluesky",
  status: "active",
  uid: null,
  username: null,
};

test.describe("webhook delivery by the running app", () => {
  test("an emitted event reaches the receiver signed; a disabled webhook receives nothing", async ({ request }) => {
    const receiver = await startReceiver();
    closers.push(receiver.close);
    const hook = await (await create(request, a.live, { url: receiver.url, events: ["profile.connected"] })).json();
    const off = await (
      await create(request, a.live, { url: receiver.url.replace("/hook", "/off"), events: ["*"] })
    ).json();
    await request.patch(`/api/webhooks/${off.id}`, { headers: auth(a.live), data: { enabled: false } });

    const eventId = emitTestEvent({
      accountId: a.accountId,
      type: "profile.connected",
      data: PROFILE_EVENT,
    });

    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const [req] = receiver.received;
    expect(req!.headers).toMatchObject({
      "user-agent": "Service-Webhooks/1.0",
      "x-service-event": "profile.connected",
    });
    expect(
      verifySignature({ secret: hook.secret, body: req!.rawBody, header: String(req!.headers["x-service-signature"]) }),
    ).toBe(true);
    expect(JSON.parse(req!.rawBody)).toMatchObject({
      id: eventId,
      type: "profile.connected",
      data: PROFILE_EVENT,
    });

    await expect
      .poll(
        async () =>
          (await (await request.get(`/api/webhooks/${hook.id}/deliveries`, { headers: auth(a.live) })).json()).data,
        { timeout: 10_000 },
      )
      .toEqual([
        expect.objectContaining({
          event_id: eventId,
          event_type: "profile.connected",
          attempt_number: 1,
          response_status: 200,
          success: true,
        }),
      ]);
    expect(
      (await (await request.get(`/api/webhooks/${off.id}/deliveries`, { headers: auth(a.live) })).json()).total,
    ).toBe(0);
    expect(receiver.received.every((r) => !r.rawBody.includes("/off"))).toBe(true);
  });

  test("a failing receiver's first attempt is recorded with its status; the retry waits a minute", async ({
    request,
  }) => {
    const receiver = await startReceiver(() => ({ status: 503 }));
    closers.push(receiver.close);
    const hook = await (await create(request, b.live, { url: receiver.url, events: ["*"] })).json();
    emitTestEvent({
      accountId: b.accountId,
      type: "media.failed",
      data: { id: "med_1", post_id: "post_1", content_type: "image/png", status: "failed", error_message: null },
    });

    await expect
      .poll(
        async () =>
          (await (await request.get(`/api/webhooks/${hook.id}/deliveries`, { headers: auth(b.live) })).json()).data,
        { timeout: 15_000 },
      )
      .toEqual([expect.objectContaining({ attempt_number: 1, response_status: 503, success: false })]);
    expect(receiver.received).toHaveLength(1);
  });
});
