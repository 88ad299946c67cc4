import { expect, test, type APIRequestContext } from "@playwright/test";
import { auth, createTenant, type Tenant } from "../support/tenant";

let t: Tenant;
let group: { id: string };
let otherGroup: { id: string };

test.beforeAll(async ({ request }) => {
  t = createTenant();
  group = await (
    await request.post("/api/profile_groups", { headers: auth(t.sandbox), data: { name: "Sandbox brand" } })
  ).json();
  otherGroup = await (
    await request.post("/api/profile_groups", { headers: auth(t.sandbox), data: { name: "Other brand" } })
  ).json();
});

const initialize = (request: APIRequestContext, token: string, groupId: string, data: Record<string, unknown>) =>
  request.post(`/api/profile_groups/${groupId}/initialize_connection`, { headers: auth(token), data });

// What a user's browser does on the sandbox consent screen: submit its "Allow access" form.
const approveOnConsentScreen = async (request: APIRequestContext, url: string, accountName: string) => {
  const consent = await request.get(url);
  expect(consent.status()).toBe(200);
  const html = await consent.text();
  expect(html).toContain("Sandbox network");
  const action = /action="([^"]+)"/.exec(html)![1]!;
  const state = /name="state" value="([^"]+)"/.exec(html)![1]!;
  return request.get(
    `${action}?${new URLSearchParams({ state, code: "sandbox-approved", sandbox_account: accountName })}`,
    { maxRedirects: 0 },
  );
};

test.describe("connecting profiles (sandbox network over HTTP)", () => {
  test("OAuth: initialize -> consent screen -> callback redirect -> profile and placements", async ({ request }) => {
    const res = await initialize(request, t.sandbox, group.id, {
      platform: "facebook",
      redirect_url: "https://crm.example.com/connected",
    });
    expect(res.status()).toBe(200);
    const { url, success } = await res.json();
    expect(success).toBe(true);
    expect(new URL(url).pathname).toBe("/connect/sandbox/consent");

    const callback = await approveOnConsentScreen(request, url, "Acme");
    expect(callback.status()).toBe(302);
    const back = new URL(callback.headers().location!);
    expect(back.origin + back.pathname).toBe("https://crm.example.com/connected");
    const profileId = back.searchParams.get("profile_id")!;
    expect(back.searchParams.get("status")).toBe("connected");

    const profiles = (
      await (await request.get(`/api/profiles?profile_group_id=${group.id}`, { headers: auth(t.sandbox) })).json()
    ).data;
    expect(profiles).toEqual([
      {
        id: profileId,
        name: "Acme",
        platform: "facebook",
        status: "active",
        profile_group_id: group.id,
        expires_at: null,
        post_count: 0,
        avatar_url: null,
        username: "acme",
        created_at: expect.any(String),
      },
    ]);
    expect(JSON.stringify(profiles)).not.toMatch(/token|sandbox\./);
    const placements = (
      await (await request.get(`/api/profiles/${profileId}/placements`, { headers: auth(t.sandbox) })).json()
    ).data;
    expect(placements).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        name: "Acme Page 1",
        avatar_url: null,
        metadata: expect.objectContaining({ category: "Brand" }),
      },
      {
        id: expect.stringMatching(/^\d+$/),
        name: "Acme Page 2",
        avatar_url: null,
        metadata: expect.objectContaining({ category: "Brand" }),
      },
    ]);
    const groups = (await (await request.get("/api/profile_groups", { headers: auth(t.sandbox) })).json()).data;
    expect(groups.find((g: { id: string }) => g.id === group.id).profiles_count).toBe(1);

    // the same link cannot be used twice
    const replay = await approveOnConsentScreen(request, url, "Acme");
    expect(replay.status()).toBe(400);
  });

  test("form networks connect at once: bluesky and telegram", async ({ request }) => {
    const bluesky = await initialize(request, t.sandbox, group.id, {
      platform: "bluesky",
      identifier: "alice.test",
      app_password: "aaaa-bbbb-cccc-dddd",
    });
    expect(await bluesky.json()).toEqual({
      success: true,
      profile: {
        id: expect.stringMatching(/^prof_/),
        network: "bluesky",
        name: "alice.test",
        external_username: "alice_test",
      },
    });
    const telegram = await initialize(request, t.sandbox, group.id, {
      platform: "telegram",
      bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWX",
    });
    expect(await telegram.json()).toMatchObject({
      success: true,
      profile: { network: "telegram" },
      next_step: expect.any(String),
    });
    const badToken = await initialize(request, t.sandbox, otherGroup.id, { platform: "telegram", bot_token: "x" });
    expect(badToken.status()).toBe(422);
    expect((await badToken.json()).errors).toEqual([expect.stringMatching(/^bot_token: /)]);
  });

  test("the spec's 422s", async ({ request }) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ redirect_url: "https://a.example/cb" }, "Missing platform"],
      [{ platform: "instagram" }, "Missing redirect_url"],
    ];
    for (const [data, message] of cases) {
      const res = await initialize(request, t.sandbox, otherGroup.id, data);
      expect(res.status()).toBe(422);
      expect((await res.json()).errors).toEqual([message]);
    }
    const again = await initialize(request, t.sandbox, group.id, {
      platform: "facebook",
      redirect_url: "https://a.example/cb",
    });
    expect(again.status()).toBe(422);
    expect((await again.json()).errors).toEqual(["Platform already connected"]);
  });

  test("tenancy: scoped keys, other groups, environments and accounts", async ({ request }) => {
    const scoped = await (
      await request.post("/api/api_keys", { headers: auth(t.sandbox), data: { profile_group_id: otherGroup.id } })
    ).json();
    const own = await initialize(request, scoped.token, otherGroup.id, {
      platform: "pinterest",
      redirect_url: "https://a.example/cb",
    });
    expect(own.status()).toBe(200);
    const foreign = await initialize(request, scoped.token, group.id, {
      platform: "pinterest",
      redirect_url: "https://a.example/cb",
    });
    expect(foreign.status()).toBe(404);

    const profiles = (await (await request.get("/api/profiles", { headers: auth(t.sandbox) })).json()).data as {
      id: string;
      profile_group_id: string;
    }[];
    const inGroup = profiles.filter((p) => p.profile_group_id === group.id);
    expect(inGroup.length).toBeGreaterThan(0);
    expect((await (await request.get("/api/profiles", { headers: auth(scoped.token) })).json()).data).toEqual([]);
    const stranger = createTenant();
    for (const token of [scoped.token, t.live, stranger.sandbox]) {
      expect((await request.get(`/api/profiles/${inGroup[0]!.id}/placements`, { headers: auth(token) })).status()).toBe(
        404,
      );
      expect((await request.delete(`/api/profiles/${inGroup[0]!.id}`, { headers: auth(token) })).status()).toBe(404);
    }
    expect(
      (
        await initialize(request, t.live, group.id, { platform: "facebook", redirect_url: "https://a.example/cb" })
      ).status(),
    ).toBe(404);
  });

  test("disconnecting removes the profile; the platform can be connected again", async ({ request }) => {
    const profiles = (
      await (await request.get(`/api/profiles?profile_group_id=${group.id}`, { headers: auth(t.sandbox) })).json()
    ).data;
    const bluesky = profiles.find((p: { platform: string }) => p.platform === "bluesky");
    const del = await request.delete(`/api/profiles/${bluesky.id}`, { headers: auth(t.sandbox) });
    expect(await del.json()).toEqual({ success: true });
    expect((await request.get(`/api/profiles/${bluesky.id}`, { headers: auth(t.sandbox) })).status()).toBe(404);
    const again = await initialize(request, t.sandbox, group.id, {
      platform: "bluesky",
      identifier: "alice.test",
      app_password: "x-y",
    });
    expect(again.status()).toBe(200);
  });

  test("live networks without app credentials on this server answer a clear 422", async ({ request }) => {
    const liveGroup = await (
      await request.post("/api/profile_groups", { headers: auth(t.live), data: { name: "Live" } })
    ).json();
    const res = await initialize(request, t.live, liveGroup.id, {
      platform: "facebook",
      redirect_url: "https://a.example/cb",
    });
    expect(res.status()).toBe(422);
    expect((await res.json()).error).toMatch(/not (configured|available) on this server/);
  });
});
