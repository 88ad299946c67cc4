import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTikTokFake, tiktokApiError, tiktokOAuthError, type TikTokFake } from "@/testing/fakes/tiktok";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { connectViaOAuth } from "@/testing/connections";
import { errorMapper } from "@/testing/network-errors";
import { eventsOf, seedTenant, setEnv, type Tenant } from "@/testing/network-tests";
import { NetworkError } from "../errors";
import type { OAuthFlow } from "../types";
import { ZTikTokSettings, tiktokConnector, type TikTokSettings } from ".";

let fake: TikTokFake;

beforeAll(async () => {
  fake = await startTikTokFake({ redirectUris: [callbackUrl("tiktok")] });
  return setEnv({
    NETWORK_TIKTOK_CLIENT_KEY: fake.clientKey,
    NETWORK_TIKTOK_CLIENT_SECRET: fake.clientSecret,
    NETWORK_TIKTOK_WEB_URL: fake.url,
    NETWORK_TIKTOK_API_URL: fake.url,
  });
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

const connect = (t: Tenant) =>
  connectViaOAuth({ principal: t.principal, groupId: t.group.id, platform: "tiktok", consent: fake.consent });
const ctx = () => ({
  settings: ZTikTokSettings.parse({
    client_key: fake.clientKey,
    client_secret: fake.clientSecret,
    web_url: fake.url,
    api_url: fake.url,
  }),
  fetch,
});

describe("tiktok connector (Login Kit v2 against the fake)", () => {
  it("OAuth round trip: authorize URL, form token request, encrypted tokens, identity, profile.connected, redirect", async () => {
    const tenant = await seedTenant();
    const { authorizeUrl, redirect, profile } = await connect(tenant);

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/v2/auth/authorize/`);
    const query = Object.fromEntries(authorizeUrl.searchParams);
    expect(query).toEqual({
      client_key: fake.clientKey,
      scope: "user.info.basic,user.info.profile,user.info.stats,video.publish,video.upload,video.list",
      response_type: "code",
      redirect_uri: callbackUrl("tiktok"),
      state: expect.stringMatching(/^conn_\w+\.[\w-]+$/),
    });

    const request = fake.tokenRequests.at(-1)!;
    expect(request.contentType).toBe("application/x-www-form-urlencoded");
    expect(request.form).toEqual({
      client_key: fake.clientKey,
      client_secret: fake.clientSecret,
      code: expect.stringMatching(/^code\./),
      grant_type: "authorization_code",
      redirect_uri: callbackUrl("tiktok"),
    });

    expect(profile).toMatchObject({
      platform: "tiktok",
      status: "active",
      externalId: fake.user.open_id,
      name: "Trail Cams",
      username: "trailcams",
      avatarUrl: fake.user.avatar_url,
      metadata: { union_id: fake.user.union_id, connected_at: expect.any(String) },
      scopes: [
        "user.info.basic",
        "user.info.profile",
        "user.info.stats",
        "video.publish",
        "video.upload",
        "video.list",
      ],
    });
    // The connection moment, which decides the profile's TikTok features, is kept in the metadata.
    expect(
      Math.abs(
        Date.parse((profile!.metadata as { connected_at: string }).connected_at) - profile!.connectedAt.getTime(),
      ),
    ).toBeLessThan(5_000);
    expect(profile!.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect(profile!.accessToken).not.toMatch(/act\./);
    expect(fake.isAccessTokenValid(decryptSecret(profile!.accessToken!))).toBe(true);
    expect(decryptSecret(profile!.refreshToken!)).toMatch(/^rft\./);
    expect(profile!.placements).toEqual([]);
    // No Business app configured: Login Kit only, nothing asked of the Authorization for Business.
    expect(profile!.metadata).not.toHaveProperty("grant");
    expect(fake.business.requests).toEqual([]);

    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      profile_id: profile!.id,
      platform: "tiktok",
      status: "connected",
    });
    const [event] = await eventsOf(tenant.account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: "Trail Cams",
      platform: "tiktok",
      status: "active",
      uid: fake.user.open_id,
      username: "trailcams",
    });
  });

  it("a user who grants only user.info.basic connects without a username", async () => {
    fake.setNextConsent({ scopes: ["user.info.basic", "video.publish"] });
    const { profile } = await connect(await seedTenant());
    expect(profile).toMatchObject({ status: "active", username: null, scopes: ["user.info.basic", "video.publish"] });
    expect(fake.userInfoRequests.at(-1)!.get("fields")).toBe("open_id,union_id,avatar_url,display_name");
  });

  it("refresh rotates the refresh token; a revoked grant disconnects the profile", async () => {
    const tenant = await seedTenant();
    const { profile } = await connect(tenant);
    const before = { access: decryptSecret(profile!.accessToken!), refresh: decryptSecret(profile!.refreshToken!) };

    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
    expect(fake.tokenRequests.at(-1)!.form).toEqual({
      client_key: fake.clientKey,
      client_secret: fake.clientSecret,
      grant_type: "refresh_token",
      refresh_token: before.refresh,
    });
    const after = await db.profile.findUniqueOrThrow({ where: { id: profile!.id } });
    expect(decryptSecret(after.accessToken!)).not.toBe(before.access);
    expect(decryptSecret(after.refreshToken!)).not.toBe(before.refresh);
    expect(fake.isAccessTokenValid(decryptSecret(after.accessToken!))).toBe(true);

    fake.revokeAll();
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "disconnected" });
    expect(await db.profile.findUniqueOrThrow({ where: { id: profile!.id } })).toMatchObject({
      status: "disconnected",
      accessToken: null,
      disconnectReason: expect.stringContaining("invalid_grant"),
    });
    const [event] = await eventsOf(tenant.account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({
      id: profile!.id,
      status: "disconnected",
      origin: "automated",
      uid: fake.user.open_id,
    });
  });

  it("a rate-limited refresh is left for the next round", async () => {
    const { profile } = await connect(await seedTenant());
    fake.failNext("/v2/oauth/token/", tiktokApiError("rate_limit_exceeded", "The API rate limit was exceeded.", 429));
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "retry_later" });
    expect((await db.profile.findUniqueOrThrow({ where: { id: profile!.id } })).status).toBe("active");
  });

  it("denied consent returns to redirect_url with the error and creates no profile", async () => {
    const tenant = await seedTenant();
    fake.setNextConsent({ deny: true });
    const { redirect, profile } = await connect(tenant);
    expect(profile).toBeNull();
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(await db.profile.count({ where: { profileGroupId: tenant.group.id } })).toBe(0);
  });

  it("a failing identity call ends at redirect_url with connection_failed", async () => {
    fake.failNext("/v2/user/info/", tiktokApiError("rate_limit_exceeded", "The API rate limit was exceeded.", 429));
    const { redirect, profile } = await connect(await seedTenant());
    expect(profile).toBeNull();
    expect(redirect.searchParams.get("error")).toBe("connection_failed");
    expect(redirect.searchParams.get("error_description")).toContain("rate_limit_exceeded");
  });

  it("codes are single use, and an OAuth error sent with HTTP 200 is still an error", async () => {
    const oauth = tiktokConnector.auth as OAuthFlow<TikTokSettings>;
    const start = { redirectUri: callbackUrl("tiktok"), state: "s", codeChallenge: "", options: {}, credentials: null };
    const params = await fake.consent(new URL(oauth.authorizeUrl(ctx(), start)));
    const exchange = () =>
      oauth.exchangeCode(ctx(), {
        code: params.code!,
        redirectUri: callbackUrl("tiktok"),
        codeVerifier: "",
        credentials: null,
        callbackParams: params,
      });
    await expect(exchange()).resolves.toMatchObject({ accessToken: expect.stringMatching(/^act\./) });
    await expect(exchange()).rejects.toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "invalid_grant" },
    });
    fake.failNext("/v2/oauth/token/", {
      ...tiktokOAuthError("invalid_client", "Client key or secret is incorrect."),
      status: 200,
    });
    const auth = { externalId: null, tokens: { accessToken: "x", refreshToken: "y" }, credentials: null, metadata: {} };
    await expect(tiktokConnector.refresh!(ctx(), auth)).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "invalid_client" },
    });
  });
});

describe("tiktok mapError", () => {
  const map = errorMapper(tiktokConnector.mapError);
  const envelope = (code: string, message = "m") => ({ data: {}, error: { code, message, log_id: "202611230000" } });

  it("maps the documented API v2 and OAuth errors", () => {
    expect(map(401, envelope("access_token_invalid"))).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "access_token_invalid" },
    });
    expect(map(401, envelope("scope_not_authorized"))).toMatchObject({ kind: "auth_expired" });
    const limited = map(429, envelope("rate_limit_exceeded"));
    expect(limited).toMatchObject({ kind: "rate_limited", retryAfterMs: 60_000 });
    expect(map(429, envelope("rate_limit_exceeded"), { "retry-after": "5" }).retryAfterMs).toBe(5000);
    for (const code of [
      "spam_risk_too_many_posts",
      "spam_risk_user_banned_from_posting",
      "invalid_params",
      "privacy_level_option_mismatch",
      "url_ownership_unverified",
      "unaudited_client_can_only_post_to_private_accounts",
    ]) {
      expect(map(code === "invalid_params" ? 400 : 403, envelope(code, `about ${code}`))).toMatchObject({
        kind: "rejected",
        details: { platformErrorCode: code, platformErrorMessage: `about ${code}` },
      });
    }
    expect(map(500, envelope("internal_error"))).toMatchObject({ kind: "outcome_unknown" });
    expect(
      map(400, { error: "invalid_grant", error_description: "Refresh token is invalid or expired.", log_id: "x" }),
    ).toMatchObject({ kind: "auth_expired" });
    expect(map(401, { error: "invalid_client", error_description: "bad" })).toMatchObject({ kind: "auth_expired" });
    expect(map(400, { error: "invalid_request", error_description: "bad" })).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "invalid_request" },
    });
    expect(map(502, "<html>Bad gateway</html>")).toBeInstanceOf(NetworkError);
    expect(map(502, "<html>Bad gateway</html>").kind).toBe("outcome_unknown");
  });
});
