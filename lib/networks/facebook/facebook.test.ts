import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto";
import { NetworkError } from "@/lib/networks/errors";
import type { AnyConnector } from "@/lib/networks/types";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { contextFor } from "@/lib/services/connections/context";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { connectViaOAuth } from "@/testing/connections";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { bucUsageHeader, startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { FACEBOOK_SCOPES, facebookConnector } from ".";

const CLIENT_ID = "1000000000001";
const CLIENT_SECRET = "fb-test-secret";
const DAY = 24 * 3600_000;

let fake: GraphFake;

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("facebook", CLIENT_ID, CLIENT_SECRET);
  fake.addFacebookUser({
    id: "10150001",
    name: "Ada Lovelace",
    pictureUrl: "https://cdn.example/ada.jpg",
    pages: [
      { id: "20001", name: "Analytical Engines", category: "Engineering Service", username: "analyticalengines" },
      { id: "20002", name: "Poetical Science", category: "Community" },
    ],
  });
  return setEnv({
    NETWORK_FACEBOOK_CLIENT_ID: CLIENT_ID,
    NETWORK_FACEBOOK_CLIENT_SECRET: CLIENT_SECRET,
    NETWORK_FACEBOOK_AUTH_URL: fake.base("www.facebook.com"),
    NETWORK_FACEBOOK_GRAPH_URL: fake.base("graph.facebook.com"),
  });
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

describe("facebook connector (Graph fake)", () => {
  it("OAuth round trip: dialog -> code -> long-lived token -> identity, pages with page tokens, profile.connected, redirect", async () => {
    const { account, group, principal } = await seedTenant();
    fake.consentAs("facebook", "10150001");
    const before = Date.now();
    const { authorizeUrl, callbackParams, redirect, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "facebook",
      redirectUrl: "https://crm.example.com/done?x=1",
      consent: fake.consent,
    });

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/www.facebook.com/v25.0/dialog/oauth`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: callbackUrl("facebook"),
      state: expect.stringMatching(/^conn_\w+\.[\w-]+$/),
      response_type: "code",
      scope: FACEBOOK_SCOPES.join(","),
    });
    expect(callbackParams.state).toBe(authorizeUrl.searchParams.get("state"));

    // code -> short-lived user token -> fb_exchange_token long-lived token, both on the pinned version
    const [exchange, longLived] = fake.calls("graph.facebook.com", "oauth/access_token");
    expect(exchange).toMatchObject({
      version: "v25.0",
      query: {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uri: callbackUrl("facebook"),
        code: callbackParams.code,
      },
    });
    expect(longLived?.query).toMatchObject({
      grant_type: "fb_exchange_token",
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
    });
    expect(fake.tokenInfo(longLived!.query.fb_exchange_token!)?.kind).toBe("user_short");

    // the long-lived token, encrypted at rest
    expect(profile).toMatchObject({
      platform: "facebook",
      status: "active",
      name: "Ada Lovelace",
      externalId: "10150001",
      username: null,
      avatarUrl: "https://cdn.example/ada.jpg",
    });
    const token = decryptSecret(profile!.accessToken!);
    expect(fake.tokenInfo(token)).toMatchObject({ kind: "user_long", userId: "10150001" });
    expect(profile!.accessToken).not.toContain(token);
    expect(profile!.refreshToken).toBeNull();
    expect(profile!.scopes).toEqual(FACEBOOK_SCOPES);
    // no refresh token: the connection expires with the ~60-day user token (debug_token's expires_at)
    expect(profile!.expiresAt!.getTime()).toBeGreaterThanOrEqual(before + 60 * DAY - 5_000);
    expect(profile!.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + 60 * DAY);
    expect(profile!.tokenExpiresAt).toEqual(profile!.expiresAt);

    // /me and /me/accounts with the token as a Bearer header plus appsecret_proof (the fake checks it)
    const [me] = fake.calls("graph.facebook.com", "me");
    expect(me).toMatchObject({
      version: "v25.0",
      token,
      query: { fields: "id,name,picture{url}", appsecret_proof: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
    expect(me!.query.access_token).toBeUndefined();

    expect(profile!.placements.map((p) => ({ externalId: p.externalId, name: p.name, metadata: p.metadata }))).toEqual([
      {
        externalId: "20001",
        name: "Analytical Engines",
        metadata: { category: "Engineering Service", username: "analyticalengines" },
      },
      { externalId: "20002", name: "Poetical Science", metadata: { category: "Community" } },
    ]);
    for (const placement of profile!.placements) {
      const pageToken = decryptSecret(placement.accessToken!);
      expect(placement.accessToken).not.toContain(pageToken);
      expect(fake.tokenInfo(pageToken)).toMatchObject({ kind: "page", pageId: placement.externalId, expiresAt: null });
    }

    const [event] = await eventsOf(account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: "Ada Lovelace",
      platform: "facebook",
      status: "active",
      uid: "10150001",
      username: null,
    });
    expect(redirect.origin + redirect.pathname).toBe("https://crm.example.com/done");
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      x: "1",
      profile_id: profile!.id,
      platform: "facebook",
      status: "connected",
    });

    // no refresh tokens on facebook: the refresh job leaves the profile alone
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "skipped" });
  });

  it("reads every page of /me/accounts with cursor paging", async () => {
    const { group, principal } = await seedTenant();
    const pages = Array.from({ length: 130 }, (_, i) => ({
      id: String(30000 + i),
      name: `Page ${i}`,
      category: "Brand",
    }));
    fake.addFacebookUser({ id: "10150002", name: "Many Pages", pages });
    fake.consentAs("facebook", "10150002");
    const { profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "facebook",
      consent: fake.consent,
    });
    expect(profile!.placements.map((p) => p.externalId)).toEqual(pages.map((p) => p.id));
    const calls = fake.calls("graph.facebook.com", "me/accounts").slice(-2);
    expect(calls[0]!.query).toMatchObject({ limit: "100" });
    expect(calls[0]!.query.after).toBeUndefined();
    expect(calls[1]!.query.after).toEqual(expect.any(String));
  });

  it("a denied consent returns to redirect_url with the error and creates nothing", async () => {
    const { group, principal } = await seedTenant();
    fake.denyNextConsent();
    const { redirect, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "facebook",
      consent: fake.consent,
    });
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(profile).toBeNull();
    expect(await db.profile.count({ where: { profileGroupId: group.id } })).toBe(0);
  });

  it("codes are single use: a replayed code is rejected with Graph's code and subcode", async () => {
    const { group, principal } = await seedTenant();
    fake.consentAs("facebook", "10150001");
    const { callbackParams, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "facebook",
      consent: fake.consent,
    });
    expect(profile).not.toBeNull();
    const connector: AnyConnector = facebookConnector;
    if (connector.auth.kind !== "oauth") throw new Error("oauth expected");
    const replay = connector.auth.exchangeCode(contextFor(connector), {
      code: callbackParams.code!,
      redirectUri: callbackUrl("facebook"),
      codeVerifier: "",
      credentials: null,
      callbackParams,
    });
    await expect(replay).rejects.toBeInstanceOf(NetworkError);
    await expect(replay).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "100", platformErrorSubcode: "36009" },
    });
  });

  it("a throttled Graph call fails the connection with the network's reason", async () => {
    const { group, principal } = await seedTenant();
    fake.failNext({
      host: "graph.facebook.com",
      path: "me/accounts",
      error: { code: 80001, message: "There have been too many calls to this Page account." },
      headers: bucUsageHeader("20001", 5),
    });
    const { redirect, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "facebook",
      consent: fake.consent,
    });
    expect(profile).toBeNull();
    expect(redirect.searchParams.get("error")).toBe("connection_failed");
    expect(redirect.searchParams.get("error_description")).toContain("too many calls");
  });

  it("an unconfigured server answers 422 naming the missing variables", async () => {
    const { group, principal } = await seedTenant();
    const restoreEnv = setEnv({ NETWORK_FACEBOOK_CLIENT_SECRET: undefined });
    try {
      await expect(
        initializeConnection({
          principal,
          groupId: group.id,
          input: { platform: "facebook", redirect_url: "https://a.example/cb" },
        }),
      ).rejects.toMatchObject({
        status: 422,
        details: { errors: [expect.stringContaining("NETWORK_FACEBOOK_CLIENT_SECRET")] },
      });
    } finally {
      restoreEnv();
    }
  });
});
