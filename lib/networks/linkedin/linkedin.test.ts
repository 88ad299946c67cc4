import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startLinkedInFake, type LinkedInFake } from "@/testing/fakes/linkedin";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { connectViaOAuth } from "@/testing/connections";
import { errorMapper } from "@/testing/network-errors";
import { eventsOf, seedTenant, setEnv, type Tenant } from "@/testing/network-tests";
import { linkedinConnector } from ".";

let fake: LinkedInFake;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  fake = await startLinkedInFake({ redirectUris: [callbackUrl("linkedin")] });
  return setEnv({
    NETWORK_LINKEDIN_CLIENT_ID: fake.clientId,
    NETWORK_LINKEDIN_CLIENT_SECRET: fake.clientSecret,
    NETWORK_LINKEDIN_WEB_URL: fake.url,
    NETWORK_LINKEDIN_API_URL: fake.url,
  });
});
afterEach(() => {
  delete process.env.NETWORK_LINKEDIN_SCOPES;
  delete process.env.NETWORK_LINKEDIN_VERSION;
  fake.organizations = [];
  fake.issueRefreshTokens = false;
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

const connect = (t: Tenant) =>
  connectViaOAuth({ principal: t.principal, groupId: t.group.id, platform: "linkedin", consent: fake.consent });
const organizations = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: 2414183 + i, localizedName: `Org ${i + 1}`, vanityName: `org-${i + 1}` }));

describe("linkedin connector (against the fake)", () => {
  it("OAuth round trip: authorize URL, token request, member identity, personal profile + organizations, profile.connected", async () => {
    const tenant = await seedTenant();
    fake.organizations = [
      ...organizations(2),
      { id: 99, localizedName: "Just an analyst", vanityName: "x", role: "ANALYST" },
    ];
    const { authorizeUrl, redirect, profile } = await connect(tenant);

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/oauth/v2/authorization`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      response_type: "code",
      client_id: fake.clientId,
      redirect_uri: callbackUrl("linkedin"),
      state: expect.stringMatching(/^conn_/),
      scope: "openid profile email w_member_social r_organization_social w_organization_social rw_organization_admin",
    });
    const request = fake.tokenRequests.at(-1)!;
    expect(request.contentType).toBe("application/x-www-form-urlencoded");
    expect(request.form).toEqual({
      grant_type: "authorization_code",
      code: expect.any(String),
      redirect_uri: callbackUrl("linkedin"),
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });

    expect(profile).toMatchObject({
      platform: "linkedin",
      status: "active",
      externalId: fake.member.sub,
      name: "Ada Lovelace",
      username: null,
      avatarUrl: fake.member.picture,
      refreshToken: null,
      metadata: { person_urn: `urn:li:person:${fake.member.sub}`, email: "ada@example.com" },
    });
    // No refresh token: the connection ends with the 60-day access token.
    expect(Math.abs(profile!.expiresAt!.getTime() - (Date.now() + 60 * DAY))).toBeLessThan(60_000);
    expect(profile!.tokenExpiresAt!.getTime()).toBe(profile!.expiresAt!.getTime());
    expect(fake.isAccessTokenValid(decryptSecret(profile!.accessToken!))).toBe(true);
    expect(profile!.accessToken).not.toBe(decryptSecret(profile!.accessToken!));

    expect(profile!.placements.map((p) => [p.externalId, p.name, p.metadata])).toEqual([
      [null, "Ada Lovelace", { type: "person", urn: `urn:li:person:${fake.member.sub}` }],
      ["2414183", "Org 1", { type: "organization", urn: "urn:li:organization:2414183", vanity_name: "org-1" }],
      ["2414184", "Org 2", { type: "organization", urn: "urn:li:organization:2414184", vanity_name: "org-2" }],
    ]);
    const rest = fake.restRequests.slice(-2);
    expect(rest.map((r) => [r.path, r.version, r.restli])).toEqual([
      ["/rest/organizationAcls", "202609", "2.0.0"],
      ["/rest/organizations", "202609", "2.0.0"],
    ]);
    expect(rest[0]!.rawQuery).toBe("q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=0&count=100");
    expect(rest[1]!.rawQuery).toBe("ids=List(2414183,2414184)");

    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      profile_id: profile!.id,
      platform: "linkedin",
      status: "connected",
    });
    const [event] = await eventsOf(tenant.account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: "Ada Lovelace",
      platform: "linkedin",
      status: "active",
      uid: fake.member.sub,
      username: null,
    });
  });

  it("pages through the ACL finder and batches organization names", async () => {
    fake.organizations = organizations(120);
    const before = fake.restRequests.length;
    const { profile } = await connect(await seedTenant());
    expect(profile!.placements).toHaveLength(121);
    expect(profile!.placements.at(-1)).toMatchObject({ externalId: String(2414183 + 119), name: "Org 120" });
    const calls = fake.restRequests.slice(before).map((r) => `${r.path}?${r.rawQuery.slice(0, 60)}`);
    expect(calls.filter((c) => c.startsWith("/rest/organizationAcls")).map((c) => c.match(/start=\d+/)![0])).toEqual([
      "start=0",
      "start=100",
    ]);
    expect(calls.filter((c) => c.startsWith("/rest/organizations?"))).toHaveLength(3); // 50 + 50 + 20
  });

  it("a member without organization rights gets the personal profile only", async () => {
    fake.organizations = organizations(2);
    process.env.NETWORK_LINKEDIN_SCOPES = "openid profile w_member_social r_organization_social"; // the finder answers 403
    const { profile, authorizeUrl } = await connect(await seedTenant());
    expect(authorizeUrl.searchParams.get("scope")).toBe("openid profile w_member_social r_organization_social");
    expect(profile!.placements.map((p) => p.externalId)).toEqual([null]);

    process.env.NETWORK_LINKEDIN_SCOPES = "openid profile w_member_social";
    const before = fake.restRequests.length;
    const second = await connect(await seedTenant());
    expect(second.profile!.placements.map((p) => p.externalId)).toEqual([null]);
    expect(fake.restRequests.length).toBe(before); // not even asked
  });

  it("the fake refuses REST calls without the required headers, as LinkedIn does", async () => {
    const res = await fetch(`${fake.url}/rest/organizationAcls?q=roleAssignee`, {
      headers: { authorization: "Bearer x" },
    });
    const body = await res.json();
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ status: 400, code: "VERSION_MISSING" });
    expect(linkedinConnector.mapError({ status: 400, body, headers: res.headers })).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "VERSION_MISSING" },
    });
  });

  it("a sunset LinkedIn-Version fails the connection with a message naming the setting", async () => {
    fake.organizations = organizations(1);
    process.env.NETWORK_LINKEDIN_VERSION = "202401";
    const { redirect, profile } = await connect(await seedTenant());
    expect(profile).toBeNull();
    expect(redirect.searchParams.get("error")).toBe("connection_failed");
    expect(redirect.searchParams.get("error_description")).toMatch(
      /Requested version 202401 is not active.*NETWORK_LINKEDIN_VERSION/,
    );
  });

  it("partner apps refresh; a revoked grant disconnects the profile", async () => {
    fake.issueRefreshTokens = true;
    const tenant = await seedTenant();
    const { profile } = await connect(tenant);
    expect(profile!.expiresAt).toBeNull();
    const refreshToken = decryptSecret(profile!.refreshToken!);

    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
    expect(fake.tokenRequests.at(-1)!.form).toEqual({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: fake.clientId,
      client_secret: fake.clientSecret,
    });
    const after = await db.profile.findUniqueOrThrow({ where: { id: profile!.id } });
    expect(decryptSecret(after.accessToken!)).not.toBe(decryptSecret(profile!.accessToken!));
    expect(fake.isAccessTokenValid(decryptSecret(after.accessToken!))).toBe(true);

    fake.revokeAll();
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "disconnected" });
    expect(await db.profile.findUniqueOrThrow({ where: { id: profile!.id } })).toMatchObject({
      status: "disconnected",
      accessToken: null,
    });
    const [event] = await eventsOf(tenant.account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({ id: profile!.id, status: "disconnected", origin: "automated" });
  });

  it("a cancelled consent returns to redirect_url with LinkedIn's error", async () => {
    const tenant = await seedTenant();
    fake.denyNextConsent();
    const { redirect, profile } = await connect(tenant);
    expect(profile).toBeNull();
    expect(redirect.searchParams.get("error")).toBe("user_cancelled_authorize");
    expect(await db.profile.count({ where: { profileGroupId: tenant.group.id } })).toBe(0);
  });
});

describe("linkedin mapError", () => {
  const map = errorMapper(linkedinConnector.mapError);

  it("maps the documented errors", () => {
    expect(
      map(401, { status: 401, serviceErrorCode: 65600, code: "INVALID_ACCESS_TOKEN", message: "Invalid access token" }),
    ).toMatchObject({
      kind: "auth_expired",
      details: {
        platformErrorCode: "INVALID_ACCESS_TOKEN",
        platformErrorSubcode: "65600",
        platformErrorMessage: "Invalid access token",
      },
    });
    const limited = map(429, {
      status: 429,
      message: "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
    });
    expect(limited.kind).toBe("rate_limited");
    expect(limited.retryAfterMs).toBeGreaterThan(0);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(DAY);
    expect(map(429, {}, { "retry-after": "30" }).retryAfterMs).toBe(30_000);
    const sunset = map(426, {
      status: 426,
      code: "NONEXISTENT_VERSION",
      message: "Requested version 20241101 is not active",
    });
    expect(sunset).toMatchObject({ kind: "rejected", details: { platformErrorCode: "NONEXISTENT_VERSION" } });
    expect(sunset.message).toContain("NETWORK_LINKEDIN_VERSION");
    expect(
      map(403, { status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED", message: "Not enough permissions" }),
    ).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "ACCESS_DENIED", platformErrorSubcode: "100" },
    });
    expect(map(422, { status: 422, code: "UNPROCESSABLE_ENTITY", message: "commentary too long" }).kind).toBe(
      "rejected",
    );
    expect(
      map(400, { error: "invalid_request", error_description: "The provided authorization grant is invalid" }),
    ).toMatchObject({ kind: "rejected", details: { platformErrorCode: "invalid_request" } });
    expect(map(504, "Gateway Timeout").kind).toBe("outcome_unknown");
  });
});
