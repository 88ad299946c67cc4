import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { googleApiError, startGoogleFake, type FakeGoogleUser, type GoogleFake } from "@/testing/fakes/google";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { networkSettings } from "@/lib/env";
import { timedFetch } from "@/lib/networks/http";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { connectViaOAuth } from "@/testing/connections";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { YOUTUBE_SCOPES, ZYouTubeSettings, youtubeConnector } from ".";

let google: GoogleFake;

beforeAll(async () => {
  google = await startGoogleFake();
  return setEnv(google.env("youtube"));
});
afterAll(async () => {
  await google?.close();
  await db.$disconnect();
});

// The connector's context as the app builds it, from the NETWORK_YOUTUBE_* variables set above.
const settingsContext = () => ({ settings: ZYouTubeSettings.parse(networkSettings("youtube")), fetch: timedFetch() });

let n = 0;
const newUser = (over: Partial<FakeGoogleUser> = {}) => {
  const i = ++n;
  return google.addUser({
    sub: `1000${i}`,
    email: `creator${i}@example.com`,
    name: `Creator ${i}`,
    channel: {
      id: `UCfakeChannel${i}xxxxxxxxx`,
      title: `Acme Videos ${i}`,
      customUrl: `@acmevideos${i}`,
      thumbnailUrl: `https://yt3.example/${i}`,
    },
    ...over,
  });
};

describe("youtube connector (against the Google fake)", () => {
  it("OAuth round trip: Google consent with PKCE -> channel profile with encrypted tokens, profile.connected, redirect", async () => {
    const { account, group, principal } = await seedTenant();
    const user = newUser();
    const { authorizeUrl, redirect, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "youtube",
      redirectUrl: "https://crm.example.com/done?x=1",
      consent: google.consent({ user }),
    });

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${google.url("accounts")}/o/oauth2/v2/auth`);
    const q = Object.fromEntries(authorizeUrl.searchParams);
    expect(q).toMatchObject({
      client_id: google.clientId,
      redirect_uri: callbackUrl("youtube"),
      response_type: "code",
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      code_challenge_method: "S256",
      state: expect.stringMatching(/^conn_\w+\.[\w-]+$/),
    });
    expect(q.scope!.split(" ").sort()).toEqual(
      ["youtube.upload", "youtube.force-ssl", "youtube.readonly"]
        .map((s) => `https://www.googleapis.com/auth/${s}`)
        .sort(),
    );
    expect(YOUTUBE_SCOPES).toHaveLength(3);

    // The code exchange carried the verifier of the challenge (the fake refuses a wrong one, see below).
    const [exchange] = google.requestsTo("token");
    expect(exchange!.form!.get("grant_type")).toBe("authorization_code");
    expect(exchange!.form!.get("client_secret")).toBe(google.clientSecret);
    expect(createHash("sha256").update(exchange!.form!.get("code_verifier")!).digest("base64url")).toBe(
      q.code_challenge,
    );

    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      x: "1",
      profile_id: profile!.id,
      platform: "youtube",
      status: "connected",
    });
    expect(profile).toMatchObject({
      platform: "youtube",
      environment: "live",
      status: "active",
      externalId: user.channel!.id,
      name: user.channel!.title,
      username: user.channel!.customUrl,
      avatarUrl: "https://yt3.example/1=s800",
      metadata: { custom_url: user.channel!.customUrl, country: "US", published_at: "2020-01-02T03:04:05Z" },
    });
    expect(profile!.placements).toEqual([]);
    expect(profile!.scopes.sort()).toEqual([...YOUTUBE_SCOPES].sort());
    expect(profile!.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(3500_000);
    expect(profile!.accessToken).not.toContain("ya29.");
    expect(decryptSecret(profile!.accessToken!)).toBe(google.accessTokensOf(user.sub)[0]);
    expect(profile!.refreshToken).not.toContain("1//");
    expect(decryptSecret(profile!.refreshToken!)).toMatch(/^1\/\/fake-/);
    const [channels] = google.requestsTo("channels");
    expect(Object.fromEntries(channels!.url.searchParams)).toEqual({ part: "snippet", mine: "true" });

    const [event] = await eventsOf(account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: user.channel!.title,
      platform: "youtube",
      status: "active",
      uid: user.channel!.id,
      username: user.channel!.customUrl,
    });
  });

  it("the fake's token endpoint enforces PKCE and single-use codes", async () => {
    const ctx = settingsContext();
    const flow = youtubeConnector.auth;
    if (flow.kind !== "oauth") throw new Error("oauth expected");
    const verifier = "a-verifier-that-is-long-enough-0123456789abcdef";
    const codeChallenge = createHash("sha256").update(verifier).digest("base64url");
    const redirectUri = callbackUrl("youtube");
    const consent = google.consent({ user: newUser() });
    const newCode = async () =>
      (
        await consent(
          new URL(flow.authorizeUrl(ctx, { redirectUri, state: "s", codeChallenge, options: {}, credentials: null })),
        )
      ).code!;
    const exchange = (code: string, codeVerifier: string) =>
      flow.exchangeCode(ctx, { code, codeVerifier, redirectUri, credentials: null, callbackParams: {} });

    const code = await newCode();
    await expect(exchange(code, "wrong-verifier")).rejects.toMatchObject({
      kind: "auth_expired",
      details: { platformErrorMessage: "Invalid code verifier." },
    });
    await expect(exchange(code, verifier)).rejects.toMatchObject({
      details: { platformErrorCode: "invalid_grant", platformErrorMessage: "Bad Request" },
    }); // spent
    await expect(exchange(await newCode(), verifier)).resolves.toMatchObject({
      accessToken: expect.stringMatching(/^ya29\./),
    });
  });

  it("refresh stores the new access token and keeps the refresh token Google does not resend", async () => {
    const { group, principal } = await seedTenant();
    const user = newUser();
    const { profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "youtube",
      consent: google.consent({ user }),
    });
    const before = decryptSecret(profile!.refreshToken!);
    await db.profile.update({ where: { id: profile!.id }, data: { tokenExpiresAt: new Date(Date.now() + 60_000) } });

    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
    const refreshed = await db.profile.findUniqueOrThrow({ where: { id: profile!.id } });
    const refreshCall = google.requestsTo("token").at(-1)!;
    expect(Object.fromEntries(refreshCall.form!)).toEqual({
      client_id: google.clientId,
      client_secret: google.clientSecret,
      grant_type: "refresh_token",
      refresh_token: before,
    });
    expect(decryptSecret(refreshed.accessToken!)).not.toBe(decryptSecret(profile!.accessToken!));
    expect(google.accessTokensOf(user.sub)).toContain(decryptSecret(refreshed.accessToken!));
    expect(decryptSecret(refreshed.refreshToken!)).toBe(before);
    expect(refreshed.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3500_000);
  });

  it("a revoked grant (invalid_grant) disconnects the profile with profile.disconnected; a Google outage does not", async () => {
    const { account, group, principal } = await seedTenant();
    const user = newUser();
    const { profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "youtube",
      consent: google.consent({ user }),
    });

    google.failNext("token", {
      status: 503,
      body: googleApiError(503, "UNAVAILABLE", "The service is currently unavailable."),
    });
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "retry_later" });

    google.revoke(user.sub);
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "disconnected" });
    expect(await db.profile.findUniqueOrThrow({ where: { id: profile!.id } })).toMatchObject({
      status: "disconnected",
      accessToken: null,
      refreshToken: null,
      disconnectReason: expect.stringContaining("invalid_grant"),
    });
    const [event] = await eventsOf(account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({
      id: profile!.id,
      platform: "youtube",
      status: "disconnected",
      uid: user.channel!.id,
      origin: "automated",
    });
  });

  it("denied consent returns to redirect_url with access_denied and creates nothing", async () => {
    const { group, principal } = await seedTenant();
    const { redirect, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "youtube",
      consent: google.consent({ user: newUser(), deny: true }),
    });
    expect(profile).toBeNull();
    expect(Object.fromEntries(redirect.searchParams)).toEqual({ error: "access_denied", platform: "youtube" });
    expect(await db.profile.count({ where: { profileGroupId: group.id } })).toBe(0);
  });

  it("fails the connection with a reason: no channel, unticked permissions, exhausted quota", async () => {
    const { group, principal } = await seedTenant();
    const attempt = async (consent: ReturnType<GoogleFake["consent"]>) => {
      const { redirect, profile } = await connectViaOAuth({
        principal,
        groupId: group.id,
        platform: "youtube",
        consent,
      });
      expect(profile).toBeNull();
      expect(redirect.searchParams.get("error")).toBe("connection_failed");
      return redirect.searchParams.get("error_description");
    };
    expect(await attempt(google.consent({ user: newUser({ channel: null }) }))).toMatch(/has no YouTube channel/);
    expect(
      await attempt(google.consent({ user: newUser(), untick: ["https://www.googleapis.com/auth/youtube.upload"] })),
    ).toMatch(/youtube\.upload/);
    google.failNext("channels", {
      status: 403,
      body: googleApiError(
        403,
        "PERMISSION_DENIED",
        "The request cannot be completed because you have exceeded your quota.",
        {
          reason: "quotaExceeded",
          domain: "youtube.quota",
        },
      ),
    });
    expect(await attempt(google.consent({ user: newUser() }))).toMatch(/exceeded your quota/);
    expect(await db.profile.count({ where: { profileGroupId: group.id } })).toBe(0);
  });

  it("identity reads: an expired token is auth_expired, a 5xx is retry-later", async () => {
    const ctx = settingsContext();
    const auth = { externalId: null, tokens: { accessToken: "ya29.unknown" }, credentials: null, metadata: {} };
    await expect(youtubeConnector.identity(ctx, auth)).rejects.toMatchObject({
      kind: "auth_expired",
      details: { platformErrorCode: "authError" },
    });
    google.failNext("channels", {
      status: 500,
      body: googleApiError(500, "INTERNAL", "Internal error encountered.", { reason: "backendError" }),
    });
    await expect(youtubeConnector.identity(ctx, auth)).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 30_000,
    });
  });
});
