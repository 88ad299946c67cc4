import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  pinterestError,
  startPinterestFake,
  type PinterestFake,
  type PinterestFakeBoard,
} from "@/testing/fakes/pinterest";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { connectViaOAuth } from "@/testing/connections";
import { errorMapper } from "@/testing/network-errors";
import { eventsOf, seedTenant, setEnv, type Tenant } from "@/testing/network-tests";
import { pinterestConnector } from ".";

let fake: PinterestFake;

const boards = (n: number): PinterestFakeBoard[] =>
  Array.from({ length: n }, (_, i) => ({
    id: String(1_000_000 + i),
    name: `Board ${i + 1}`,
    description: i === 0 ? "Summer recipes" : "",
    privacy: i === 1 ? "PROTECTED" : "PUBLIC",
  }));

beforeAll(async () => {
  fake = await startPinterestFake({ redirectUris: [callbackUrl("pinterest")] });
  fake.boards = [...boards(260), { id: "777", name: "Hidden", description: "", privacy: "SECRET" }];
  return setEnv({
    NETWORK_PINTEREST_CLIENT_ID: fake.clientId,
    NETWORK_PINTEREST_CLIENT_SECRET: fake.clientSecret,
    NETWORK_PINTEREST_WEB_URL: fake.url,
    NETWORK_PINTEREST_API_URL: fake.url,
  });
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

const connect = (t: Tenant) =>
  connectViaOAuth({ principal: t.principal, groupId: t.group.id, platform: "pinterest", consent: fake.consent });
const basic = () => `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString("base64")}`;

describe("pinterest connector (against the fake)", () => {
  it("OAuth round trip: authorize URL, Basic-auth token request, account identity, boards across pages, profile.connected", async () => {
    const tenant = await seedTenant();
    const boardRequestsBefore = fake.boardRequests.length;
    const { authorizeUrl, redirect, profile } = await connect(tenant);

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/oauth/`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      client_id: fake.clientId,
      redirect_uri: callbackUrl("pinterest"),
      response_type: "code",
      scope: "boards:read,boards:write,pins:read,pins:write,user_accounts:read",
      state: expect.stringMatching(/^conn_/),
    });
    const request = fake.tokenRequests.at(-1)!;
    expect(request.authorization).toBe(basic());
    expect(request.contentType).toBe("application/x-www-form-urlencoded");
    expect(request.form).toEqual({
      grant_type: "authorization_code",
      code: expect.any(String),
      redirect_uri: callbackUrl("pinterest"),
      continuous_refresh: "true",
    });

    expect(profile).toMatchObject({
      platform: "pinterest",
      status: "active",
      externalId: "549755885175",
      name: "Plants & Pots",
      username: "plantsandpots",
      avatarUrl: fake.account.profile_image,
      metadata: { account_type: "BUSINESS", website_url: "https://plants.example" },
      scopes: ["boards:read", "boards:write", "pins:read", "pins:write", "user_accounts:read"],
    });
    expect(profile!.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
    expect(profile!.accessToken).not.toContain("pina_");
    expect(fake.isAccessTokenValid(decryptSecret(profile!.accessToken!))).toBe(true);
    expect(decryptSecret(profile!.refreshToken!)).toMatch(/^pinr_/);

    expect(profile!.placements).toHaveLength(260); // the secret board needs boards:read_secret
    expect(profile!.placements.slice(0, 3).map((p) => [p.externalId, p.name, p.metadata])).toEqual([
      ["1000000", "Board 1", { privacy: "PUBLIC", description: "Summer recipes" }],
      ["1000001", "Board 2", { privacy: "PROTECTED" }],
      ["1000002", "Board 3", { privacy: "PUBLIC" }],
    ]);
    expect(profile!.placements.at(-1)).toMatchObject({ externalId: "1000259", name: "Board 260" });
    const pages = fake.boardRequests.slice(boardRequestsBefore);
    expect(pages.map((q) => [q.get("page_size"), q.has("bookmark")])).toEqual([
      ["250", false],
      ["250", true],
    ]);

    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      profile_id: profile!.id,
      platform: "pinterest",
      status: "connected",
    });
    const [event] = await eventsOf(tenant.account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: "Plants & Pots",
      platform: "pinterest",
      status: "active",
      uid: "549755885175",
      username: "plantsandpots",
    });
  });

  it("refresh (Basic auth, continuous refresh) renews both tokens; a revoked grant disconnects the profile", async () => {
    const tenant = await seedTenant();
    const { profile } = await connect(tenant);
    const before = { access: decryptSecret(profile!.accessToken!), refresh: decryptSecret(profile!.refreshToken!) };

    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
    const request = fake.tokenRequests.at(-1)!;
    expect(request.authorization).toBe(basic());
    expect(request.form).toEqual({
      grant_type: "refresh_token",
      refresh_token: before.refresh,
      continuous_refresh: "true",
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
      refreshToken: null,
    });
    const [event] = await eventsOf(tenant.account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({
      id: profile!.id,
      status: "disconnected",
      origin: "automated",
      uid: "549755885175",
    });
  });

  it("a rate-limited refresh is left for the next round", async () => {
    const { profile } = await connect(await seedTenant());
    fake.failNext(
      "/v5/oauth/token",
      pinterestError(429, 8, "This request exceeded a rate limit.", { "retry-after": "2" }),
    );
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "retry_later" });
  });

  it("denied consent returns to redirect_url with the error; a wrong client secret fails the connection", async () => {
    const tenant = await seedTenant();
    fake.denyNextConsent();
    const denied = await connect(tenant);
    expect(denied.profile).toBeNull();
    expect(denied.redirect.searchParams.get("error")).toBe("access_denied");

    const restoreEnv = setEnv({ NETWORK_PINTEREST_CLIENT_SECRET: "wrong" });
    try {
      const failed = await connect(tenant);
      expect(failed.redirect.searchParams.get("error")).toBe("connection_failed");
      expect(failed.redirect.searchParams.get("error_description")).toContain("Authentication failed.");
    } finally {
      restoreEnv();
    }
    expect(await db.profile.count({ where: { profileGroupId: tenant.group.id } })).toBe(0);
  });
});

describe("pinterest mapError", () => {
  const map = errorMapper(pinterestConnector.mapError);

  it("maps the documented {code, message} errors", () => {
    expect(map(401, { code: 2, message: "Authentication failed." })).toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "2", platformErrorMessage: "Authentication failed." },
    });
    expect(map(401, { code: 3, message: "Your token does not have sufficient permissions" }).kind).toBe("auth_expired");
    expect(map(429, { code: 8, message: "This request exceeded a rate limit." })).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 60_000,
    });
    expect(map(429, { code: 8, message: "x" }, { "retry-after": "7" }).retryAfterMs).toBe(7000);
    expect(map(403, { code: 29, message: "You are not permitted to access that resource." })).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "29" },
    });
    expect(map(400, { code: 1, message: "Invalid parameters." }).kind).toBe("rejected");
    expect(map(404, { code: 40, message: "Board not found." }).kind).toBe("rejected");
    expect(map(400, { error: "invalid_grant", error_description: "expired" }).kind).toBe("auth_expired");
    expect(map(503, { code: 503, message: "ramped down" }).kind).toBe("outcome_unknown");
  });
});
