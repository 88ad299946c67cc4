import { expect, test } from "@playwright/test";
import { auth, createTenant, type Tenant } from "../support/tenant";

let a: Tenant;
let b: Tenant;

test.beforeAll(() => {
  a = createTenant();
  b = createTenant();
});

test.describe("profile groups", () => {
  test("create accepts {profile_group:{name}} and {name}, list and get return them", async ({ request }) => {
    const wrapped = await request.post("/api/profile_groups", {
      headers: auth(a.live),
      data: { profile_group: { name: "Acme" } },
    });
    expect(wrapped.status()).toBe(201);
    const acme = await wrapped.json();
    expect(acme).toEqual({ id: expect.stringMatching(/^grp_/), name: "Acme", profiles_count: 0 });

    const bare = await request.post("/api/profile_groups", {
      headers: auth(a.live),
      data: { name: "Globex", colour: "ignored" },
    });
    expect(bare.status()).toBe(201);
    const globex = await bare.json();
    expect(globex).toEqual({ id: expect.any(String), name: "Globex", profiles_count: 0 });

    const list = await request.get("/api/profile_groups", { headers: auth(a.live) });
    expect(list.status()).toBe(200);
    expect(list.headers()["x-request-id"]).toBeTruthy();
    expect((await list.json()).data).toEqual([acme, globex]);

    // client-compat: mcp and n8n call the list with a trailing slash and page params
    const slash = await request.get("/api/profile_groups/?page=0&per_page=10", { headers: auth(a.live) });
    expect(slash.status()).toBe(200);
    expect((await slash.json()).data).toHaveLength(2);

    const one = await request.get(`/api/profile_groups/${acme.id}`, { headers: auth(a.live) });
    expect(await one.json()).toEqual(acme);
  });

  test("bad input: 422 naming the field, 400 for malformed JSON, nothing written", async ({ request }) => {
    const before = (await (await request.get("/api/profile_groups", { headers: auth(b.live) })).json()).data.length;
    const blank = await request.post("/api/profile_groups", {
      headers: auth(b.live),
      data: { profile_group: { name: "  " } },
    });
    expect(blank.status()).toBe(422);
    expect((await blank.json()).errors).toEqual([expect.stringContaining("name")]);

    const wrongType = await request.post("/api/profile_groups", { headers: auth(b.live), data: { name: 42 } });
    expect(wrongType.status()).toBe(422);
    expect(await wrongType.json()).toMatchObject({
      errors: [expect.stringMatching(/^name/)],
      error: expect.any(String),
    });

    const malformed = await request.post("/api/profile_groups", {
      headers: { ...auth(b.live), "content-type": "application/json" },
      data: Buffer.from('{"name": "x"'), // a string would be JSON-encoded by Playwright
    });
    expect(malformed.status()).toBe(400);
    expect(await malformed.json()).toMatchObject({ status: 400, error: "Bad Request", message: expect.any(String) });

    const after = (await (await request.get("/api/profile_groups", { headers: auth(b.live) })).json()).data.length;
    expect(after).toBe(before);
  });

  test("other tenants and the other environment see nothing: 404 like a missing id", async ({ request }) => {
    const group = await (
      await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Private" } })
    ).json();

    for (const token of [b.live, a.sandbox]) {
      const list = await (await request.get("/api/profile_groups", { headers: auth(token) })).json();
      expect(list.data.map((g: { id: string }) => g.id)).not.toContain(group.id);
      const get = await request.get(`/api/profile_groups/${group.id}`, { headers: auth(token) });
      expect(get.status()).toBe(404);
      expect(await get.json()).toEqual({ error: "Not found" });
      const del = await request.delete(`/api/profile_groups/${group.id}`, { headers: auth(token) });
      expect(del.status()).toBe(404);
    }
    const missing = await request.get("/api/profile_groups/grp_1111111111111111", { headers: auth(a.live) });
    expect(missing.status()).toBe(404);
    expect((await request.get(`/api/profile_groups/${group.id}`, { headers: auth(a.live) })).status()).toBe(200);
  });

  test("delete answers {deleted: true} and the group is gone", async ({ request }) => {
    const group = await (
      await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Temp" } })
    ).json();
    const del = await request.delete(`/api/profile_groups/${group.id}`, {
      headers: auth(a.live),
      data: { ignored: true },
    });
    expect(del.status()).toBe(200);
    expect(await del.json()).toEqual({ deleted: true });
    expect((await request.get(`/api/profile_groups/${group.id}`, { headers: auth(a.live) })).status()).toBe(404);
    expect((await request.delete(`/api/profile_groups/${group.id}`, { headers: auth(a.live) })).status()).toBe(404);
  });

  test("a scoped key lists and reads only its own group and cannot manage groups", async ({ request }) => {
    const own = await (
      await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Own" } })
    ).json();
    const sibling = await (
      await request.post("/api/profile_groups", { headers: auth(a.live), data: { name: "Sibling" } })
    ).json();
    const key = await (
      await request.post("/api/api_keys", { headers: auth(a.live), data: { profile_group_id: own.id } })
    ).json();

    const list = await request.get("/api/profile_groups", { headers: auth(key.token) });
    expect((await list.json()).data).toEqual([own]);
    expect((await request.get(`/api/profile_groups/${own.id}`, { headers: auth(key.token) })).status()).toBe(200);
    expect((await request.get(`/api/profile_groups/${sibling.id}`, { headers: auth(key.token) })).status()).toBe(404);

    const create = await request.post("/api/profile_groups", { headers: auth(key.token), data: { name: "Nope" } });
    expect(create.status()).toBe(422);
    expect((await create.json()).errors).toEqual(["Your API key has no such permission"]);
    const del = await request.delete(`/api/profile_groups/${own.id}`, { headers: auth(key.token) });
    expect(del.status()).toBe(422);
    expect((await request.get(`/api/profile_groups/${own.id}`, { headers: auth(a.live) })).status()).toBe(200);
  });

  test("missing, invalid and malformed credentials get 401", async ({ request }) => {
    for (const headers of [{}, auth("sk_live_thisisnotarealkeyatall123456789"), { Authorization: "Token abc" }]) {
      const res = await request.get("/api/profile_groups", { headers });
      expect(res.status()).toBe(401);
      expect(await res.json()).toEqual({ error: "Invalid API key" });
    }
  });

  test("unknown API paths answer a JSON 404", async ({ request }) => {
    const res = await request.get("/api/nothing_here", { headers: auth(a.live) });
    expect(res.status()).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});
