import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { connectViaOAuth } from "@/testing/connections";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { THREADS_SCOPES } from ".";

const CLIENT_ID = "3000000000003";
const CLIENT_SECRET = "th-test-secret";
const DAY = 24 * 3600_000;

let fake: GraphFake;

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("threads", CLIENT_ID, CLIENT_SECRET);
  fake.addThreadsUser({
    id: "9001",
    username: "katherine.j",
    name: "Katherine Johnson",
    threads_profile_picture_url: "https://cdn.example/kj.jpg",
  });
  return setEnv({
    NETWORK_THREADS_CLIENT_ID: CLIENT_ID,
    NETWORK_THREADS_CLIENT_SECRET: CLIENT_SECRET,
    NETWORK_THREADS_AUTH_URL: fake.base("threads.com"),
    NETWORK_THREADS_GRAPH_URL: fake.base("graph.threads.com"),
  });
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

const connect = async () => {
  const { account, group, principal } = await seedTenant();
  return {
    account,
    group,
    ...(await connectViaOAuth({ principal, groupId: group.id, platform: "threads", consent: fake.consent })),
  };
};

describe("threads connector (Graph fake)", () => {
  it("OAuth round trip: threads.com -> short token -> th_exchange_token -> identity, profile.connected", async () => {
    const before = Date.now();
    const { account, authorizeUrl, callbackParams, redirect, profile } = await connect();

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/threads.com/oauth/authorize`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: callbackUrl("threads"),
      scope: THREADS_SCOPES.join(","),
      response_type: "code",
      state: expect.stringMatching(/^conn_\w+\.[\w-]+$/),
    });

    const [exchange] = fake.calls("graph.threads.com", "oauth/access_token");
    expect(exchange).toMatchObject({
      method: "POST",
      form: {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        grant_type: "authorization_code",
        redirect_uri: callbackUrl("threads"),
        code: callbackParams.code,
      },
    });
    const [longLived] = fake.calls("graph.threads.com", "access_token");
    expect(longLived?.query).toMatchObject({ grant_type: "th_exchange_token", client_secret: CLIENT_SECRET });

    const token = decryptSecret(profile!.accessToken!);
    expect(fake.tokenInfo(token)?.kind).toBe("user_long");
    expect(profile!.accessToken).not.toContain(token);
    expect(decryptSecret(profile!.refreshToken!)).toBe(token);
    expect(profile!.tokenExpiresAt!.getTime()).toBeGreaterThanOrEqual(before + 60 * DAY - 5_000);
    expect(profile).toMatchObject({
      platform: "threads",
      status: "active",
      name: "Katherine Johnson",
      externalId: "9001",
      username: "katherine.j",
      avatarUrl: "https://cdn.example/kj.jpg",
      expiresAt: null,
      scopes: THREADS_SCOPES,
    });
    expect(profile!.placements).toEqual([]);
    const [me] = fake.calls("graph.threads.com", "me");
    expect(me).toMatchObject({
      version: "v1.0",
      query: { access_token: token, fields: "id,username,name,threads_profile_picture_url,threads_biography" },
    });

    const [event] = await eventsOf(account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: "Katherine Johnson",
      platform: "threads",
      status: "active",
      uid: "9001",
      username: "katherine.j",
    });
    expect(redirect.searchParams.get("profile_id")).toBe(profile!.id);
  });

  it("refresh renews the token with th_refresh_token", async () => {
    const { profile } = await connect();
    const old = decryptSecret(profile!.accessToken!);
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
    expect(fake.calls("graph.threads.com", "refresh_access_token").at(-1)!.query).toEqual({
      grant_type: "th_refresh_token",
      access_token: old,
    });
    const stored = await db.profile.findUniqueOrThrow({ where: { id: profile!.id } });
    const renewed = decryptSecret(stored.accessToken!);
    expect(renewed).not.toBe(old);
    expect(decryptSecret(stored.refreshToken!)).toBe(renewed);
  });

  it("a revoked token (190/460 on refresh) disconnects the profile with profile.disconnected", async () => {
    const { account, profile } = await connect();
    fake.revoke(decryptSecret(profile!.accessToken!), 460);
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "disconnected" });
    expect(await db.profile.findUniqueOrThrow({ where: { id: profile!.id } })).toMatchObject({
      status: "disconnected",
      accessToken: null,
    });
    const [event] = await eventsOf(account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({
      id: profile!.id,
      platform: "threads",
      status: "disconnected",
      origin: "automated",
    });
  });

  it("a denied consent returns to redirect_url with the error", async () => {
    fake.denyNextConsent();
    const { redirect, profile } = await connect();
    expect(redirect.searchParams.get("error")).toBe("access_denied");
    expect(profile).toBeNull();
  });
});
