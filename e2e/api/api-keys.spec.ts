import { expect, test } from "@playwright/test";
import { auth, createTenant, type Tenant } from "../support/tenant";

let a: Tenant;
let b: Tenant;
let liveGroup: { id: string };
let sandboxGroup: { id: string };

test.beforeAll(async ({ request }) => {
  a = createTenant();
  b = createTenant();
  liveGroup = await (
    await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Live brand" } })
  ).json();
  sandboxGroup = await (
    await request.post("/api/profile_groups", { headers: auth(a.sandbox), data: { name: "Sandbox brand" } })
  ).json();
});

test.describe("scoped API keys", () => {
  test("create returns the token once; list is newest first without tokens", async ({ request }) => {
    const first = await request.post("/api/api_keys", {
      headers: auth(a.live),
      data: { profile_group_id: liveGroup.id, name: "first" },
    });
    expect(first.status()).toBe(201);
    const k1 = await first.json();
    expect(k1).toMatchObject({
      id: expect.stringMatching(/^key_/),
      name: "first",
      profile_group_id: liveGroup.id,
      sandbox: false,
      token: expect.stringMatching(/^sk_live_/),
      created_at: expect.any(String),
    });
    const k2 = await (
      await request.post("/api/api_keys", {
        headers: auth(a.live),
        data: { profile_group_id: liveGroup.id, name: "second" },
      })
    ).json();

    const list = (await (await request.get("/api/api_keys", { headers: auth(a.live) })).json()).data;
    const mine = list.filter((k: { id: string }) => [k1.id, k2.id].includes(k.id));
    expect(mine.map((k: { name: string }) => k.name)).toEqual(["second", "first"]);
    for (const k of list) expect(k).not.toHaveProperty("token");
    expect(JSON.stringify(list)).not.toContain(k1.token);
  });

  test("a scoped key reaches its group only", async ({ request }) => {
    const key = await (
      await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: liveGroup.id } })
    ).json();
    const groups = (await (await request.get("/api/profile_groups", { headers: auth(key.token) })).json()).data;
    expect(groups.map((g: { id: string }) => g.id)).toEqual([liveGroup.id]);
  });

  test("environments are separate: sandbox keys see and revoke only sandbox keys", async ({ request }) => {
    const live = await (
      await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: liveGroup.id } })
    ).json();
    const sandbox = await (
      await request.post("/api/api_keys", { headers: auth(a.sandbox), data: { profile_group_id: sandboxGroup.id } })
    ).json();
    expect(sandbox).toMatchObject({ sandbox: true, token: expect.stringMatching(/^sk_sandbox_/) });

    const sandboxList = (await (await request.get("/api/api_keys", { headers: auth(a.sandbox) })).json()).data;
    expect(sandboxList.map((k: { id: string }) => k.id)).toContain(sandbox.id);
    expect(sandboxList.map((k: { id: string }) => k.id)).not.toContain(live.id);

    expect((await request.delete(`/api/api_keys/${live.id}`, { headers: auth(a.sandbox) })).status()).toBe(404);
    expect((await request.get("/api/profile_groups", { headers: auth(live.token) })).status()).toBe(200);
  });

  test("the target group must be of this account and environment", async ({ request }) => {
    const missing = await request.post("/api/api_keys", { headers: auth(a.live), data: { name: "no group" } });
    expect(missing.status()).toBe(422);
    expect((await missing.json()).errors).toEqual([expect.stringMatching(/profile group not found/i)]);

    const foreignGroup = await (
      await request.post("/api/profile_groups", { headers: auth(b.live), data: { name: "B" } })
    ).json();
    for (const [token, groupId] of [
      [a.live, sandboxGroup.id],
      [a.sandbox, liveGroup.id],
      [a.live, foreignGroup.id],
      [a.live, "grp_1111111111111111"],
    ] as const) {
      const res = await request.post("/api/api_keys", { headers: auth(token), data: { profile_group_id: groupId } });
      expect(res.status()).toBe(401);
      expect((await res.json()).error).toMatch(/^Invalid API key or profile group/);
    }
    const wrongType = await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: 7 } });
    expect(wrongType.status()).toBe(422);
    expect((await wrongType.json()).errors).toEqual([expect.stringContaining("profile_group_id")]);
  });

  test("revocation is effective on the next request", async ({ request }) => {
    const key = await (
      await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: liveGroup.id } })
    ).json();
    expect((await request.get("/api/profile_groups", { headers: auth(key.token) })).status()).toBe(200);

    const del = await request.delete(`/api/api_keys/${key.id}`, { headers: auth(a.live) });
    expect(del.status()).toBe(200);
    expect(await del.json()).toEqual({ deleted: true });
    const after = await request.get("/api/profile_groups", { headers: auth(key.token) });
    expect(after.status()).toBe(401);
    expect((await request.delete(`/api/api_keys/${key.id}`, { headers: auth(a.live) })).status()).toBe(404);
    const list = (await (await request.get("/api/api_keys", { headers: auth(a.live) })).json()).data;
    expect(list.map((k: { id: string }) => k.id)).not.toContain(key.id);
  });

  test("other tenants and unknown ids get 404", async ({ request }) => {
    const key = await (
      await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: liveGroup.id } })
    ).json();
    expect((await request.delete(`/api/api_keys/${key.id}`, { headers: auth(b.live) })).status()).toBe(404);
    expect((await request.delete("/api/api_keys/key_1111111111111111", { headers: auth(a.live) })).status()).toBe(404);
    expect((await request.delete("/api/api_keys/not-an-id", { headers: auth(a.live) })).status()).toBe(404);
    const listB = (await (await request.get("/api/api_keys", { headers: auth(b.live) })).json()).data;
    expect(listB.map((k: { id: string }) => k.id)).not.toContain(key.id);
    expect((await request.get("/api/profile_groups", { headers: auth(key.token) })).status()).toBe(200);
  });

  test("scoped keys cannot list, create or revoke keys", async ({ request }) => {
    const key = await (
      await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: liveGroup.id } })
    ).json();
    const other = await (
      await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: liveGroup.id } })
    ).json();
    const attempts = [
      request.get("/api/api_keys", { headers: auth(key.token) }),
      request.post("/api/api_keys", { headers: auth(key.token), data: { profile_group_id: liveGroup.id } }),
      request.delete(`/api/api_keys/${other.id}`, { headers: auth(key.token) }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status()).toBe(422);
      expect((await res.json()).errors).toEqual(["Your API key has no such permission"]);
    }
    expect((await request.get("/api/profile_groups", { headers: auth(other.token) })).status()).toBe(200);
  });

  test("Idempotency-Key: a retried create returns the original key; another body is 422", async ({ request }) => {
    const headers = { ...auth(a.live), "Idempotency-Key": `create-${Date.now()}` };
    const body = { profile_group_id: liveGroup.id, name: "idempotent" };
    const first = await request.post("/api/api_keys", { headers, data: body });
    const retry = await request.post("/api/api_keys", {
      headers,
      data: { name: "idempotent", profile_group_id: liveGroup.id },
    });
    expect(first.status()).toBe(201);
    expect(retry.status()).toBe(201);
    const [k1, k2] = [await first.json(), await retry.json()];
    expect(k2).toEqual(k1);
    expect(retry.headers()["idempotent-replayed"]).toBe("true");
    const list = (await (await request.get("/api/api_keys", { headers: auth(a.live) })).json()).data;
    expect(list.filter((k: { name: string }) => k.name === "idempotent")).toHaveLength(1);

    const conflict = await request.post("/api/api_keys", { headers, data: { ...body, name: "changed" } });
    expect(conflict.status()).toBe(422);

    // the same key from the other environment is another scope: it must not replay a live token
    const sandbox = await request.post("/api/api_keys", {
      headers: { ...auth(a.sandbox), "Idempotency-Key": headers["Idempotency-Key"] },
      data: { profile_group_id: sandboxGroup.id, name: "idempotent" },
    });
    expect(sandbox.status()).toBe(201);
    expect((await sandbox.json()).token).toMatch(/^sk_sandbox_/);
  });

  test("deleting a group revokes the keys scoped to it", async ({ request }) => {
    const group = await (
      await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Short-lived" } })
    ).json();
    const key = await (
      await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: group.id } })
    ).json();
    expect((await request.delete(`/api/profile_groups/${group.id}`, { headers: auth(a.live) })).status()).toBe(200);
    expect((await request.get("/api/profile_groups", { headers: auth(key.token) })).status()).toBe(401);
  });
});

test("GET /api/openapi.json describes every endpoint", async ({ request }) => {
  const res = await request.get("/api/openapi.json");
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toBe("3.1.0");
  for (const path of ["/api/profile_groups", "/api/profile_groups/{id}", "/api/api_keys", "/api/api_keys/{id}"]) {
    expect(doc.paths).toHaveProperty([path]);
  }
});
