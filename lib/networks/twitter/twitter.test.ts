import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXFake, xProblem, xRateLimited, type XFake } from "@/testing/fakes/x";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { connectViaOAuth } from "@/testing/connections";
import { errorMapper } from "@/testing/network-errors";
import { eventsOf, seedTenant, setEnv, type Tenant } from "@/testing/network-tests";
import type { OAuthFlow } from "../types";
import { ZTwitterSettings, twitterConnector, type TwitterSettings } from ".";

let fake: XFake;

beforeAll(async () => {
  fake = await startXFake({ redirectUris: [callbackUrl("twitter")] });
  return setEnv({
    NETWORK_TWITTER_WEB_URL: fake.url,
    NETWORK_TWITTER_API_URL: fake.url,
  });
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

const connect = (t: Tenant, keys: Record<string, string>) =>
  connectViaOAuth({
    principal: t.principal,
    groupId: t.group.id,
    platform: "twitter",
    extra: keys,
    consent: fake.consent,
  });
const basicOf = (keys: { client_id: string; client_secret: string }) => ({
  id: keys.client_id,
  secret: keys.client_secret,
});

describe("twitter connector (OAuth 2.0 PKCE with the account's own developer keys, against the fake)", () => {
  it("OAuth round trip: authorize URL with PKCE, Basic-auth token request with the body's keys, encrypted keys and tokens, identity", async () => {
    const tenant = await seedTenant();
    const keys = fake.registerApp();
    const { authorizeUrl, redirect, profile } = await connect(tenant, keys);

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/i/oauth2/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      response_type: "code",
      client_id: keys.client_id,
      redirect_uri: callbackUrl("twitter"),
      scope: "tweet.read tweet.write users.read media.write offline.access",
      state: expect.stringMatching(/^conn_/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: "S256",
    });
    const request = fake.tokenRequests.at(-1)!;
    expect(request.client).toEqual(basicOf(keys));
    expect(request.contentType).toBe("application/x-www-form-urlencoded");
    expect(request.form).toEqual({
      code: expect.any(String),
      grant_type: "authorization_code",
      redirect_uri: callbackUrl("twitter"),
      code_verifier: expect.stringMatching(/^[\w-]{43,128}$/), // the fake checked it against the challenge
      client_id: keys.client_id,
    });

    expect(profile).toMatchObject({
      platform: "twitter",
      status: "active",
      externalId: fake.user.id,
      name: "Night Owl Coffee",
      username: "nightowlcoffee",
      avatarUrl: fake.user.profile_image_url,
      scopes: ["tweet.read", "tweet.write", "users.read", "media.write", "offline.access"],
      metadata: { subscription_type: "None" }, // the post length limit depends on it (post-rules.ts)
    });
    expect(profile!.credentials).not.toContain(keys.client_secret);
    expect(JSON.parse(decryptSecret(profile!.credentials!))).toEqual(keys);
    expect(fake.isAccessTokenValid(decryptSecret(profile!.accessToken!))).toBe(true);
    expect(profile!.accessToken).not.toBe(decryptSecret(profile!.accessToken!));
    expect(profile!.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(7000 * 1000);
    expect(profile!.placements).toEqual([]);

    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      profile_id: profile!.id,
      platform: "twitter",
      status: "connected",
    });
    const [event] = await eventsOf(tenant.account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: "Night Owl Coffee",
      platform: "twitter",
      status: "active",
      uid: fake.user.id,
      username: "nightowlcoffee",
    });
  });

  it("stores the account's X Premium tier (subscription_type) in the identity metadata", async () => {
    fake.user.subscription_type = "PremiumPlus";
    try {
      const { profile } = await connect(await seedTenant(), fake.registerApp());
      expect(profile!.metadata).toEqual({ subscription_type: "PremiumPlus" });
    } finally {
      fake.user.subscription_type = "None";
    }
  });

  it("without a server app, initialize_connection requires both keys; the 422 names the missing field", async () => {
    const { group, principal } = await seedTenant();
    const start = (input: Record<string, unknown>) =>
      initializeConnection({
        principal,
        groupId: group.id,
        input: { platform: "twitter", redirect_url: "https://app.example.com/cb", ...input },
      });
    await expect(start({ client_id: "abc" })).rejects.toMatchObject({
      status: 422,
      details: { errors: ["client_secret is required"] },
    });
    await expect(start({})).rejects.toMatchObject({
      status: 422,
      details: { errors: ["client_id is required", "client_secret is required"] },
    });
    await expect(start({ client_id: " ", client_secret: "s" })).rejects.toMatchObject({
      status: 422,
      details: { errors: ["client_id: client_id can't be blank"] },
    });
    expect(await db.connectionAttempt.count({ where: { profileGroupId: group.id } })).toBe(0);
  });

  it("with a server app, the keys are optional (both or neither): without them the server's app connects and refreshes", async () => {
    const server = fake.registerApp();
    const restoreEnv = setEnv({
      NETWORK_TWITTER_CLIENT_ID: server.client_id,
      NETWORK_TWITTER_CLIENT_SECRET: server.client_secret,
    });
    try {
      const tenant = await seedTenant();
      const start = (input: Record<string, unknown>) =>
        initializeConnection({
          principal: tenant.principal,
          groupId: tenant.group.id,
          input: { platform: "twitter", redirect_url: "https://a.example/cb", ...input },
        });
      await expect(start({ client_id: "abc" })).rejects.toMatchObject({
        status: 422,
        details: { errors: ["client_secret is required"] },
      });
      await expect(start({ client_secret: "abc" })).rejects.toMatchObject({
        status: 422,
        details: { errors: ["client_id is required"] },
      });

      const { authorizeUrl, profile } = await connect(tenant, {});
      expect(authorizeUrl.searchParams.get("client_id")).toBe(server.client_id);
      expect(fake.tokenRequests.at(-1)!.client).toEqual(basicOf(server));
      expect(profile).toMatchObject({ status: "active", externalId: fake.user.id });
      expect(JSON.parse(decryptSecret(profile!.credentials!))).toEqual({});
      expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
      expect(fake.tokenRequests.at(-1)!.client).toEqual(basicOf(server));

      const own = fake.registerApp(); // an account's own keys still win
      await connect(await seedTenant(), own);
      expect(fake.tokenRequests.at(-1)!.client).toEqual(basicOf(own));
    } finally {
      restoreEnv();
    }
  });

  it("refresh authenticates with the profile's own keys and rotates the refresh token; a revoked grant disconnects", async () => {
    const tenant = await seedTenant();
    const keys = fake.registerApp();
    const { profile } = await connect(tenant, keys);
    const before = { access: decryptSecret(profile!.accessToken!), refresh: decryptSecret(profile!.refreshToken!) };

    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
    const request = fake.tokenRequests.at(-1)!;
    expect(request.client).toEqual(basicOf(keys));
    expect(request.form).toEqual({
      grant_type: "refresh_token",
      refresh_token: before.refresh,
      client_id: keys.client_id,
    });
    const after = await db.profile.findUniqueOrThrow({ where: { id: profile!.id } });
    expect(decryptSecret(after.accessToken!)).not.toBe(before.access);
    expect(decryptSecret(after.refreshToken!)).not.toBe(before.refresh);

    fake.revokeAll();
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "disconnected" });
    expect(await db.profile.findUniqueOrThrow({ where: { id: profile!.id } })).toMatchObject({
      status: "disconnected",
      accessToken: null,
      disconnectReason: expect.stringContaining("invalid"),
    });
    const [event] = await eventsOf(tenant.account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({
      id: profile!.id,
      status: "disconnected",
      origin: "automated",
      uid: fake.user.id,
    });
  });

  it("wrong developer keys or consent refused end at redirect_url with the error", async () => {
    const tenant = await seedTenant();
    const keys = fake.registerApp();
    fake.denyNextConsent();
    const denied = await connect(tenant, keys);
    expect(denied.profile).toBeNull();
    expect(denied.redirect.searchParams.get("error")).toBe("access_denied");

    // The user typed the secret wrong: X refuses the code exchange.
    const wrong = await connect(tenant, { ...keys, client_secret: "not-the-secret" });
    expect(wrong.profile).toBeNull();
    expect(wrong.redirect.searchParams.get("error")).toBe("connection_failed");
    expect(wrong.redirect.searchParams.get("error_description")).toContain("unauthorized_client");
  });

  it("PKCE is enforced: a wrong code_verifier is refused", async () => {
    const keys = fake.registerApp();
    const oauth = twitterConnector.auth as OAuthFlow<TwitterSettings>;
    const ctx = { settings: ZTwitterSettings.parse({ web_url: fake.url, api_url: fake.url }), fetch };
    const start = {
      redirectUri: callbackUrl("twitter"),
      state: "s",
      codeChallenge: "A".repeat(43),
      options: {},
      credentials: keys,
    };
    const params = await fake.consent(new URL(oauth.authorizeUrl(ctx, start)));
    await expect(
      oauth.exchangeCode(ctx, {
        code: params.code!,
        redirectUri: callbackUrl("twitter"),
        codeVerifier: "B".repeat(43),
        credentials: keys,
        callbackParams: params,
      }),
    ).rejects.toMatchObject({
      kind: "rejected",
      details: {
        platformErrorCode: "invalid_request",
        platformErrorMessage: "Value passed for the code verifier was invalid.",
      },
    });
  });

  it("a rate-limited identity call fails the connection; the reset header sets the retry delay", async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    fake.failNext("/2/users/me", xRateLimited(reset));
    const { redirect } = await connect(await seedTenant(), fake.registerApp());
    expect(redirect.searchParams.get("error")).toBe("connection_failed");
    expect(redirect.searchParams.get("error_description")).toContain("429");
  });
});

describe("twitter mapError", () => {
  const map = errorMapper(twitterConnector.mapError);

  it("maps Problem+JSON, old-style and OAuth errors", () => {
    expect(map(401, xProblem(401, "Unauthorized", "Unauthorized").body)).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "Unauthorized" },
    });
    const reset = Math.floor(Date.now() / 1000) + 300;
    const limited = map(429, xRateLimited(reset).body, xRateLimited(reset).headers);
    expect(limited.kind).toBe("rate_limited");
    expect(limited.retryAfterMs).toBeGreaterThan(298_000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(300_000);
    expect(map(429, { title: "Too Many Requests" }).retryAfterMs).toBe(15 * 60 * 1000);
    const capped = map(429, {
      title: "UsageCapExceeded",
      detail: "Usage cap exceeded: Monthly product cap",
      type: "https://api.x.com/2/problems/usage-capped",
      status: 429,
    });
    expect(capped).toMatchObject({ kind: "rate_limited", details: { platformErrorCode: "usage-capped" } });
    expect(
      map(403, {
        title: "Forbidden",
        detail: "You are not allowed to create a Tweet with duplicate content.",
        type: "about:blank",
        status: 403,
      }),
    ).toMatchObject({
      kind: "rejected",
      details: { platformErrorMessage: "You are not allowed to create a Tweet with duplicate content." },
    });
    expect(
      map(403, { title: "Client Forbidden", detail: "…", type: "https://api.x.com/2/problems/client-forbidden" }),
    ).toMatchObject({ kind: "rejected", details: { platformErrorCode: "client-forbidden" } });
    expect(map(400, { errors: [{ code: 89, message: "Invalid or expired token." }] })).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "89" },
    });
    expect(map(429, { errors: [{ code: 88, message: "Rate limit exceeded" }] }).kind).toBe("rate_limited");
    expect(map(403, { errors: [{ code: 187, message: "Status is a duplicate." }] })).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "187" },
    });
    expect(
      map(400, { error: "invalid_request", error_description: "Value passed for the token was invalid." }),
    ).toMatchObject({ kind: "rejected", details: { platformErrorCode: "invalid_request" } });
    expect(
      map(401, { error: "unauthorized_client", error_description: "Missing valid authorization header" }).kind,
    ).toBe("auth_expired");
    expect(map(503, { title: "Service Unavailable", type: "about:blank" }).kind).toBe("outcome_unknown");
  });
});
