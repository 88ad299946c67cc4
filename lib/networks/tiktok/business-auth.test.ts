import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTikTokFake, type TikTokFake } from "@/testing/fakes/tiktok";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { isPermanentRefreshFailure, refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { connectViaOAuth } from "@/testing/connections";
import { seedTenant, setEnv } from "@/testing/network-tests";
import type { OAuthFlow, ProfileAuth } from "../types";
import { ZTikTokSettings, tiktokConnector, type TikTokSettings } from ".";

// Connections through TikTok's Authorization for Business (business-auth.ts) against the TikTok fake, on a
// server with a Business app configured.

let fake: TikTokFake;

beforeAll(async () => {
  fake = await startTikTokFake({ redirectUris: [callbackUrl("tiktok")] });
  return setEnv({
    NETWORK_TIKTOK_CLIENT_KEY: fake.clientKey,
    NETWORK_TIKTOK_CLIENT_SECRET: fake.clientSecret,
    NETWORK_TIKTOK_WEB_URL: fake.url,
    NETWORK_TIKTOK_API_URL: fake.url,
    NETWORK_TIKTOK_BUSINESS_API_URL: fake.url,
    NETWORK_TIKTOK_BUSINESS_APP_ID: fake.business.appId,
    NETWORK_TIKTOK_BUSINESS_APP_SECRET: fake.business.appSecret,
    NETWORK_TIKTOK_BUSINESS_AUTHORIZE_URL: `${fake.url}/v2/auth/authorize/`,
  });
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

const connect = async () => {
  const tenant = await seedTenant();
  return connectViaOAuth({
    principal: tenant.principal,
    groupId: tenant.group.id,
    platform: "tiktok",
    consent: fake.consent,
  });
};
// The connector's context, counting the calls it makes.
const counted = (settings: Partial<TikTokSettings> = {}) => {
  const calls: string[] = [];
  const ctx = {
    settings: ZTikTokSettings.parse({
      client_key: fake.clientKey,
      client_secret: fake.clientSecret,
      web_url: fake.url,
      api_url: fake.url,
      business_api_url: fake.url,
      business_app_id: fake.business.appId,
      business_app_secret: fake.business.appSecret,
      business_authorize_url: `${fake.url}/v2/auth/authorize/`,
      ...settings,
    }),
    fetch: (input: string | URL | Request, init?: RequestInit) => (calls.push(String(input)), fetch(input, init)),
  };
  return { ctx, calls };
};
const authOf = (metadata: Record<string, unknown>, accessToken = "x"): ProfileAuth => ({
  externalId: fake.user.open_id,
  tokens: { accessToken, refreshToken: "y" },
  credentials: null,
  metadata,
});

describe("tiktok connections through the Authorization for Business", () => {
  it("authorize URL, JSON code exchange, identity from /business/get/ and the business grant in the metadata", async () => {
    const loginKitTokens = fake.tokenRequests.length;
    const { authorizeUrl, profile } = await connect();

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/v2/auth/authorize/`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      client_key: fake.business.appId,
      scope:
        "user.info.basic,user.info.username,user.info.stats,user.insights,video.list,video.insights," +
        "video.publish,comment.list,comment.list.manage",
      response_type: "code",
      redirect_uri: callbackUrl("tiktok"),
      state: expect.stringMatching(/^conn_\w+\.[\w-]+$/),
    });
    expect(fake.business.requestsTo("/tt_user/oauth2/token/").at(-1)!.body).toEqual({
      client_id: fake.business.appId,
      client_secret: fake.business.appSecret,
      grant_type: "authorization_code",
      auth_code: expect.stringMatching(/^code\./),
      redirect_uri: callbackUrl("tiktok"),
    });
    expect(fake.business.requestsTo("/business/get/").at(-1)!.query).toEqual({
      business_id: fake.user.open_id,
      fields: '["username","display_name","profile_image","is_business_account"]',
    });
    expect(fake.tokenRequests).toHaveLength(loginKitTokens);

    expect(profile).toMatchObject({
      status: "active",
      externalId: fake.user.open_id,
      name: "Trail Cams",
      username: "trailcams",
      avatarUrl: fake.user.avatar_url,
      metadata: { grant: "business", is_business_account: true, connected_at: expect.any(String) },
    });
    expect(profile!.scopes).toContain("comment.list.manage");
    expect(decryptSecret(profile!.accessToken!)).toMatch(/^bat\./);
    expect(fake.business.isAccessTokenValid(decryptSecret(profile!.accessToken!))).toBe(true);
    expect(profile!.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
  });

  it("refresh goes to tt_user/oauth2/refresh_token/ and rotates both tokens", async () => {
    const { profile } = await connect();
    const before = { access: decryptSecret(profile!.accessToken!), refresh: decryptSecret(profile!.refreshToken!) };

    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
    expect(fake.business.requestsTo("/tt_user/oauth2/refresh_token/").at(-1)!.body).toEqual({
      client_id: fake.business.appId,
      client_secret: fake.business.appSecret,
      grant_type: "refresh_token",
      refresh_token: before.refresh,
    });
    const after = await db.profile.findUniqueOrThrow({ where: { id: profile!.id } });
    expect(decryptSecret(after.accessToken!)).not.toBe(before.access);
    expect(decryptSecret(after.refreshToken!)).not.toBe(before.refresh);
    expect(fake.business.isAccessTokenValid(decryptSecret(after.accessToken!))).toBe(true);
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
  });

  it("a used code is refused as an expired grant (40110)", async () => {
    const oauth = tiktokConnector.auth as OAuthFlow<TikTokSettings>;
    const { ctx } = counted();
    const start = { redirectUri: callbackUrl("tiktok"), state: "s", codeChallenge: "", options: {}, credentials: null };
    const params = await fake.consent(new URL(oauth.authorizeUrl(ctx, start)));
    const input = { code: params.code!, redirectUri: start.redirectUri, codeVerifier: "", credentials: null };
    const exchange = () => oauth.exchangeCode(ctx, { ...input, callbackParams: params });
    await expect(exchange()).resolves.toMatchObject({ accessToken: expect.stringMatching(/^bat\./) });
    await expect(exchange()).rejects.toMatchObject({ kind: "auth_expired", details: { platformErrorCode: "40110" } });
  });

  it("a wrong Business app secret is our misconfiguration, not a reason to disconnect the profile", async () => {
    const { ctx } = counted({ business_app_secret: "wrong" });
    const err = await tiktokConnector.refresh!(ctx, authOf({ grant: "business" })).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: "rejected", details: { platformErrorCode: "invalid_client" } });
    expect(isPermanentRefreshFailure(err)).toBe(false);
  });

  it("a Business app id without its secret is a settings error naming the secret", () => {
    const result = ZTikTokSettings.safeParse({ client_key: "k", client_secret: "s", business_app_id: "biz" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path)).toEqual([["business_app_secret"]]);
  });

  it("a Login Kit profile's comment is refused with a reconnect message before any call to TikTok", async () => {
    const { ctx, calls } = counted();
    const draft = {
      auth: authOf({ connected_at: "2026-10-02T00:00:00Z" }, fake.grant()),
      placement: null,
      postExternalId: "7300000000000000001",
      parentExternalId: null,
      rootExternalId: null,
      body: "hi",
      clientReference: "cmt_1",
      since: new Date(),
    };
    for (const call of [tiktokConnector.comments!.create!, tiktokConnector.comments!.findCreated!])
      await expect(call(ctx, draft)).rejects.toMatchObject({
        kind: "rejected",
        message: expect.stringContaining("reconnect the profile through TikTok's API for Business"),
      });
    expect(calls).toEqual([]);
  });
});
