import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { connectViaOAuth } from "@/testing/connections";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { INSTAGRAM_SCOPES } from ".";

const CLIENT_ID = "2000000000002";
const CLIENT_SECRET = "ig-test-secret";
const DAY = 24 * 3600_000;

let fake: GraphFake;

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("instagram", CLIENT_ID, CLIENT_SECRET);
  fake.addInstagramUser({
    id: "app-scoped-501",
    user_id: "17841400000000501",
    username: "grace.codes",
    name: "Grace Hopper",
    account_type: "BUSINESS",
    profile_picture_url: "https://cdn.example/grace.jpg",
  });
  return setEnv({
    NETWORK_INSTAGRAM_CLIENT_ID: CLIENT_ID,
    NETWORK_INSTAGRAM_CLIENT_SECRET: CLIENT_SECRET,
    NETWORK_INSTAGRAM_AUTH_URL: fake.base("www.instagram.com"),
    NETWORK_INSTAGRAM_API_URL: fake.base("api.instagram.com"),
    NETWORK_INSTAGRAM_GRAPH_URL: fake.base("graph.instagram.com"),
  });
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

const connect = async () => {
  const tenant = await seedTenant();
  const result = await connectViaOAuth({
    principal: tenant.principal,
    groupId: tenant.group.id,
    platform: "instagram",
    consent: fake.consent,
  });
  return { ...tenant, ...result };
};

describe("instagram connector (API with Instagram Login, Graph fake)", () => {
  it("OAuth round trip: authorization window -> short token -> long-lived token -> identity, profile.connected", async () => {
    const before = Date.now();
    const { account, authorizeUrl, callbackParams, redirect, profile } = await connect();

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/www.instagram.com/oauth/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: callbackUrl("instagram"),
      response_type: "code",
      scope: INSTAGRAM_SCOPES.join(","),
      state: expect.stringMatching(/^conn_\w+\.[\w-]+$/),
    });

    const [exchange] = fake.calls("api.instagram.com", "oauth/access_token");
    expect(exchange).toMatchObject({
      method: "POST",
      form: {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: "authorization_code",
        redirect_uri: callbackUrl("instagram"),
        code: callbackParams.code,
      },
    });
    const [longLived] = fake.calls("graph.instagram.com", "access_token");
    expect(longLived).toMatchObject({
      method: "GET",
      query: { grant_type: "ig_exchange_token", client_secret: CLIENT_SECRET },
    });
    expect(fake.tokenInfo(longLived!.token!)?.kind).toBe("user_short");

    const token = decryptSecret(profile!.accessToken!);
    expect(fake.tokenInfo(token)?.kind).toBe("user_long");
    expect(profile!.accessToken).not.toContain(token);
    expect(decryptSecret(profile!.refreshToken!)).toBe(token); // the long-lived token renews itself
    expect(profile!.scopes).toEqual(INSTAGRAM_SCOPES); // from the exchange's `permissions`
    expect(profile!.tokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 60 * DAY - 5_000);
    expect(profile).toMatchObject({
      platform: "instagram",
      status: "active",
      name: "Grace Hopper",
      externalId: "17841400000000501",
      username: "grace.codes",
      avatarUrl: "https://cdn.example/grace.jpg",
      expiresAt: null,
      metadata: { app_scoped_id: "app-scoped-501", account_type: "BUSINESS" },
    });
    expect(profile!.placements).toEqual([]);

    const [me] = fake.calls("graph.instagram.com", "me");
    expect(me).toMatchObject({ version: "v25.0", token, headers: { authorization: `Bearer ${token}` } });

    const [event] = await eventsOf(account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: "Grace Hopper",
      platform: "instagram",
      status: "active",
      uid: "17841400000000501",
      username: "grace.codes",
    });
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      profile_id: profile!.id,
      platform: "instagram",
      status: "connected",
    });
  });

  it("refresh renews the long-lived token with ig_refresh_token", async () => {
    const { profile } = await connect();
    const old = decryptSecret(profile!.accessToken!);
    fake.advanceTime(59 * DAY);

    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
    const call = fake.calls("graph.instagram.com", "refresh_access_token").at(-1)!;
    expect(call.query).toEqual({ grant_type: "ig_refresh_token", access_token: old });

    const stored = await db.profile.findUniqueOrThrow({ where: { id: profile!.id } });
    const renewed = decryptSecret(stored.accessToken!);
    expect(renewed).not.toBe(old);
    expect(fake.tokenInfo(renewed)?.kind).toBe("user_long");
    expect(decryptSecret(stored.refreshToken!)).toBe(renewed);
    expect(stored.tokenExpiresAt!.getTime()).toBeGreaterThan(profile!.tokenExpiresAt!.getTime());
    expect(stored.scopes).toEqual(INSTAGRAM_SCOPES); // kept
  });

  it("a throttled or transient refresh leaves the profile for the next round", async () => {
    const { profile } = await connect();
    fake.failNext({
      host: "graph.instagram.com",
      path: "refresh_access_token",
      error: { code: 4, message: "Application request limit reached" },
      headers: { "x-app-usage": '{"call_count":100}' },
    });
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "retry_later" });
    fake.failNext({
      host: "graph.instagram.com",
      path: "refresh_access_token",
      status: 500,
      error: { code: 2, message: "Service temporarily unavailable", is_transient: true },
    });
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "retry_later" });
    expect((await db.profile.findUniqueOrThrow({ where: { id: profile!.id } })).status).toBe("active");
  });

  it("a refresh answered with code 190 disconnects the profile (profile.disconnected)", async () => {
    const { account, profile } = await connect();
    fake.failNext({
      host: "graph.instagram.com",
      path: "refresh_access_token",
      error: {
        code: 190,
        error_subcode: 460,
        message:
          "Error validating access token: The session has been invalidated because the user changed their password.",
      },
    });
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "disconnected" });
    const stored = await db.profile.findUniqueOrThrow({ where: { id: profile!.id } });
    expect(stored).toMatchObject({
      status: "disconnected",
      accessToken: null,
      refreshToken: null,
      disconnectReason: expect.stringContaining("code 190/460"),
    });
    const [event] = await eventsOf(account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({
      id: profile!.id,
      platform: "instagram",
      status: "disconnected",
      uid: "17841400000000501",
      origin: "automated",
    });
  });

  it("a denied consent returns to redirect_url with the error", async () => {
    fake.denyNextConsent();
    const { group, redirect, profile } = await connect();
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(profile).toBeNull();
    expect(await db.profile.count({ where: { profileGroupId: group.id } })).toBe(0);
  });

  it("a refused code exchange (Instagram's older error shape) fails the connection with its message", async () => {
    const { group, principal } = await seedTenant();
    fake.failNext({
      host: "api.instagram.com",
      path: "oauth/access_token",
      body: { error_type: "OAuthException", code: 400, error_message: "Invalid platform app" },
    });
    const { redirect, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "instagram",
      consent: fake.consent,
    });
    expect(profile).toBeNull();
    expect(Object.fromEntries(redirect.searchParams)).toMatchObject({
      error: "connection_failed",
      error_description: "Instagram: Invalid platform app",
    });
  });
});
