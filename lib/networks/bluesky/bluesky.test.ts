import { afterAll, describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { serializeConnectionStart } from "@/lib/serializers/connection";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { errorMapper } from "@/testing/network-errors";
import { eventsOf, seedTenant, type Tenant } from "@/testing/network-tests";
import { NetworkError } from "../errors";
import { ZBlueskySettings, blueskyConnector } from ".";
import { mapBlueskyError } from "./errors";
import { PNG_1X1, useBlueskyNetwork, type Account } from "./test-network";

// Against a real AT Protocol network: @atproto/dev-env's TestNetworkNoAppView runs a PLC directory and a
// PDS (SQLite) in this process, with no AppView, so app.bsky.actor.getProfile answers 502 UpstreamFailure
// and the connector falls back to the profile record, as it would during an AppView outage.

const bluesky = useBlueskyNetwork();
const { xrpc, createAccount } = bluesky;
afterAll(async () => {
  await db.$disconnect();
});

const createAppPassword = async (account: Account, name = "social-publisher") =>
  (
    await xrpc<{ password: string }>("com.atproto.server.createAppPassword", {
      token: account.accessJwt,
      body: { name },
    })
  ).password;
const revokeAppPassword = (account: Account, name = "social-publisher") =>
  xrpc("com.atproto.server.revokeAppPassword", { token: account.accessJwt, body: { name } });

// --- our side ---
// As POST /api/profile_groups/:id/initialize_connection answers.
const connect = async (t: Tenant, identifier: string, appPassword: string) =>
  serializeConnectionStart(
    await initializeConnection({
      principal: t.principal,
      groupId: t.group.id,
      input: { platform: "bluesky", identifier, app_password: appPassword },
    }),
  );
const claims = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split(".")[1]!, "base64url").toString("utf8")) as {
    sub: string;
    exp: number;
    scope: string;
  };
const sessionOf = (accessJwt: string) =>
  xrpc<{ did: string; handle: string }>("com.atproto.server.getSession", { token: accessJwt, query: {} });
const ctx = (wrap?: (url: string, init?: RequestInit) => Promise<Response> | null) => ({
  settings: ZBlueskySettings.parse({ service_url: bluesky.pds }),
  fetch: (async (input: RequestInfo | URL, init?: RequestInit) =>
    wrap?.(String(input), init) ?? fetch(input, init)) as typeof fetch,
});
const connectedProfile = async () => {
  const tenant = await seedTenant();
  const account = await createAccount({ displayName: "Refresh Me" });
  const appPassword = await createAppPassword(account);
  const result = await connect(tenant, account.handle, appPassword);
  return { tenant, account, appPassword, profileId: (result as { profile: { id: string } }).profile.id };
};

describe("bluesky connector (real PDS from @atproto/dev-env)", () => {
  it("connects with an app password: session tokens and credentials encrypted, identity from the profile record, profile.connected", async () => {
    const tenant = await seedTenant();
    const account = await createAccount({ displayName: "Alice Example", avatar: true });
    const appPassword = await createAppPassword(account);

    const result = await connect(tenant, account.handle, appPassword);
    const profileId = (result as { profile: { id: string } }).profile.id;
    expect(result).toEqual({
      success: true,
      profile: { id: profileId, network: "bluesky", name: "Alice Example", external_username: account.handle },
    });

    const profile = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
    expect(profile).toMatchObject({
      platform: "bluesky",
      environment: "live",
      status: "active",
      externalId: account.did,
      username: account.handle,
      name: "Alice Example",
      scopes: ["com.atproto.appPass"],
      metadata: { app_password_privileged: false, profile_source: "repo" }, // this PDS sends no didDoc with the session (no pds_url)
    });
    const accessJwt = decryptSecret(profile.accessToken!);
    const refreshJwt = decryptSecret(profile.refreshToken!);
    expect(profile.accessToken).not.toContain(accessJwt.slice(0, 20));
    expect(claims(accessJwt)).toMatchObject({ sub: account.did, scope: "com.atproto.appPass" });
    expect(claims(refreshJwt)).toMatchObject({ sub: account.did, scope: "com.atproto.refresh" });
    expect(profile.tokenExpiresAt!.getTime()).toBe(claims(accessJwt).exp * 1000);
    expect(profile.refreshAt!.getTime()).toBe(profile.tokenExpiresAt!.getTime() - 15 * 60 * 1000); // the default lead
    expect(await sessionOf(accessJwt)).toMatchObject({ did: account.did, handle: account.handle });
    expect(profile.credentials).not.toContain(appPassword);
    expect(JSON.parse(decryptSecret(profile.credentials!))).toEqual({
      identifier: account.handle,
      app_password: appPassword,
    });

    // The avatar link serves the uploaded blob from the PDS.
    expect(profile.avatarUrl).toMatch(new RegExp(`^${bluesky.pds}/xrpc/com\\.atproto\\.sync\\.getBlob\\?did=`));
    const avatar = await fetch(profile.avatarUrl!);
    expect(avatar.status).toBe(200);
    expect(Buffer.from(await avatar.arrayBuffer())).toEqual(PNG_1X1);

    const [event] = await eventsOf(tenant.account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profileId,
      name: "Alice Example",
      platform: "bluesky",
      status: "active",
      uid: account.did,
      username: account.handle,
    });
  });

  it("accepts the handle with @, the DID or the email as identifier; an account without a profile record is named by its handle", async () => {
    const account = await createAccount();
    const appPassword = await createAppPassword(account);
    for (const identifier of [`@${account.handle}`, account.did, account.email]) {
      const tenant = await seedTenant();
      expect(await connect(tenant, identifier, appPassword)).toMatchObject({
        success: true,
        profile: { name: account.handle, external_username: account.handle },
      });
      const profile = await db.profile.findFirstOrThrow({ where: { profileGroupId: tenant.group.id } });
      expect(profile).toMatchObject({ externalId: account.did, avatarUrl: null, metadata: { profile_source: "none" } });
    }
  });

  it("refuses a wrong app password and the account password with a 422 giving the reason", async () => {
    const tenant = await seedTenant();
    const account = await createAccount({ displayName: "Bob" });
    await expect(connect(tenant, account.handle, "aaaa-bbbb-cccc-dddd")).rejects.toMatchObject({
      status: 422,
      message: "Bluesky refused the connection: Invalid identifier or password",
    });
    await expect(connect(tenant, "nobody.test", "aaaa-bbbb-cccc-dddd")).rejects.toMatchObject({ status: 422 });
    await expect(connect(tenant, account.handle, account.password)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(
        /^Bluesky refused the connection: That is the account password: create an app password/,
      ),
    });
    await expect(connect(tenant, account.handle, "")).rejects.toMatchObject({
      status: 422,
      details: { errors: [expect.stringMatching(/^app_password: /)] },
    });
    expect(await db.profile.count({ where: { profileGroupId: tenant.group.id } })).toBe(0);
  });

  it("refresh: refreshSession rotates the refresh JWT and the new session works", async () => {
    const { profileId } = await connectedProfile();
    const before = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
    expect(await refreshProfileConnection({ profileId })).toEqual({ state: "refreshed" });
    const after = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
    expect(decryptSecret(after.refreshToken!)).not.toBe(decryptSecret(before.refreshToken!));
    expect(after.tokenExpiresAt!.getTime()).toBe(claims(decryptSecret(after.accessToken!)).exp * 1000);
    expect(await sessionOf(decryptSecret(after.accessToken!))).toMatchObject({ did: before.externalId });
    expect(after.status).toBe("active");
  });

  it("refresh: a refused refresh JWT falls back to a new session opened with the stored app password", async () => {
    const { profileId, account } = await connectedProfile();
    await db.profile.update({ where: { id: profileId }, data: { refreshToken: encryptSecret("not-a-refresh-jwt") } });
    expect(await refreshProfileConnection({ profileId })).toEqual({ state: "refreshed" });
    const after = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
    expect(claims(decryptSecret(after.refreshToken!))).toMatchObject({
      sub: account.did,
      scope: "com.atproto.refresh",
    });
    expect(after.status).toBe("active");
  });

  it("forced disconnect: a revoked app password ends the session and the fallback; the profile is disconnected with profile.disconnected", async () => {
    const { tenant, account, profileId } = await connectedProfile();
    await revokeAppPassword(account);
    expect(await refreshProfileConnection({ profileId })).toEqual({ state: "disconnected" });
    const profile = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
    expect(profile).toMatchObject({
      status: "disconnected",
      accessToken: null,
      refreshToken: null,
      disconnectReason: "The Bluesky session ended and the app password was refused: Invalid identifier or password",
    });
    const [event] = await eventsOf(tenant.account.id, "profile.disconnected");
    expect(event!.data).toEqual({
      id: profileId,
      name: "Refresh Me",
      platform: "bluesky",
      status: "disconnected",
      uid: account.did,
      username: account.handle,
      origin: "automated",
    });
  });

  it("identity(): the session's account; the AppView's profile view when it answers; an expired session propagates", async () => {
    const { profileId, account } = await connectedProfile();
    const stored = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
    const auth = {
      externalId: stored.externalId,
      tokens: { accessToken: decryptSecret(stored.accessToken!) },
      credentials: null,
      metadata: {},
    };
    expect(await blueskyConnector.identity(ctx(), auth)).toMatchObject({
      externalId: account.did,
      username: account.handle,
      name: "Refresh Me",
      metadata: { profile_source: "repo" },
    });

    const appView = ctx((url) =>
      url.includes("app.bsky.actor.getProfile")
        ? Promise.resolve(
            Response.json({
              did: account.did,
              handle: account.handle,
              displayName: "From the AppView",
              avatar: "https://cdn.bsky.app/img/avatar/plain/x/y@jpeg",
            }),
          )
        : null,
    );
    expect(await blueskyConnector.identity(appView, auth)).toMatchObject({
      name: "From the AppView",
      avatarUrl: "https://cdn.bsky.app/img/avatar/plain/x/y@jpeg",
      metadata: { profile_source: "appview" },
    });

    const expired = ctx((url) =>
      url.includes("app.bsky.actor.getProfile")
        ? Promise.resolve(Response.json({ error: "ExpiredToken", message: "Token has expired" }, { status: 400 }))
        : null,
    );
    await expect(blueskyConnector.identity(expired, auth)).rejects.toMatchObject({
      kind: "auth_expired",
      message: "Token has expired",
    });
    await expect(
      blueskyConnector.identity(ctx(), { ...auth, tokens: { accessToken: "garbage" } }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });

  it("connect() records the PDS named in the session's DID document (bsky.social sends one) and a privileged app password", async () => {
    const account = await createAccount({ displayName: "Doc Holder", avatar: true });
    const { password } = await xrpc<{ password: string }>("com.atproto.server.createAppPassword", {
      token: account.accessJwt,
      body: { name: "dms", privileged: true },
    });
    const home = "https://morel.us-east.host.bsky.network";
    const withDidDoc = ctx((url, init) =>
      url.endsWith("com.atproto.server.createSession")
        ? fetch(url, init).then(async (res) =>
            Response.json({
              ...((await res.json()) as object),
              didDoc: {
                id: account.did,
                service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: home }],
              },
            }),
          )
        : null,
    );
    const flow = blueskyConnector.auth;
    if (flow.kind !== "credentials") throw new Error("bluesky connects with a form");
    const { identity, tokens } = await flow.connect(withDidDoc, { identifier: account.handle, app_password: password });
    expect(tokens?.scopes).toEqual(["com.atproto.appPassPrivileged"]);
    expect(identity).toMatchObject({
      externalId: account.did,
      name: "Doc Holder",
      metadata: { pds_url: home, app_password_privileged: true, profile_source: "repo" },
    });
    expect(identity.avatarUrl).toMatch(new RegExp(`^${home}/xrpc/com\\.atproto\\.sync\\.getBlob\\?did=`));
  });

  it("has no placements", () => {
    expect(blueskyConnector.placements).toBeUndefined();
  });
});

describe("bluesky mapError", () => {
  const map = errorMapper(mapBlueskyError);

  it("session errors are auth_expired whatever the status", () => {
    expect(map(400, { error: "ExpiredToken", message: "Token has expired" })).toMatchObject({
      kind: "auth_expired",
      message: "Token has expired",
      details: {
        platformErrorCode: "ExpiredToken",
        platformErrorSubcode: null,
        platformErrorMessage: "Token has expired",
      },
    });
    expect(map(400, { error: "InvalidToken", message: "Token could not be verified" })).toMatchObject({
      kind: "auth_expired",
    });
    expect(map(401, { error: "AuthenticationRequired", message: "Invalid identifier or password" })).toMatchObject({
      kind: "auth_expired",
    });
    expect(map(401, "Unauthorized")).toMatchObject({ kind: "auth_expired", details: { platformErrorCode: "401" } });
  });

  it("account states are rejected: re-authenticating will not help", () => {
    expect(map(401, { error: "AccountTakedown", message: "Account has been taken down" })).toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "AccountTakedown" },
    });
    expect(map(400, { error: "AccountDeactivated", message: "Account is deactivated" })).toMatchObject({
      kind: "rejected",
    });
  });

  it("rate limits wait until ratelimit-reset (Unix seconds), else Retry-After", () => {
    const reset = Math.floor(Date.now() / 1000) + 120;
    const limited = map(
      429,
      { error: "RateLimitExceeded", message: "Rate Limit Exceeded" },
      { "ratelimit-limit": "30", "ratelimit-remaining": "0", "ratelimit-reset": String(reset) },
    );
    expect(limited).toBeInstanceOf(NetworkError);
    expect(limited.kind).toBe("rate_limited");
    expect(limited.retryAfterMs).toBeGreaterThan(115_000);
    expect(limited.retryAfterMs).toBeLessThanOrEqual(120_000);
    expect(map(429, "Too Many Requests", { "retry-after": "5" })).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 5000,
    });
  });

  it("server and upstream failures are outcome_unknown; other XRPC errors are rejected", () => {
    expect(map(502, { error: "UpstreamFailure", message: "Upstream service unreachable" })).toMatchObject({
      kind: "outcome_unknown",
      details: { platformErrorCode: "UpstreamFailure" },
    });
    expect(map(500, { error: "InternalServerError", message: "Internal Server Error" })).toMatchObject({
      kind: "outcome_unknown",
    });
    expect(
      map(400, { error: "InvalidRequest", message: "Input/text must not be longer than 3000 graphemes" }),
    ).toMatchObject({
      kind: "rejected",
      message: "Input/text must not be longer than 3000 graphemes",
    });
    expect(map(400, { error: "RecordNotFound" })).toMatchObject({ kind: "rejected", message: "RecordNotFound" });
    expect(map(413, null)).toMatchObject({ kind: "rejected", message: "HTTP 413" });
  });
});
