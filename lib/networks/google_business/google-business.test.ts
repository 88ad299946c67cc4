import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  fakeLocation,
  googleApiError,
  startGoogleFake,
  type FakeGoogleUser,
  type GoogleFake,
} from "@/testing/fakes/google";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { networkSettings } from "@/lib/env";
import { timedFetch } from "@/lib/networks/http";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { listPlacements } from "@/lib/services/profiles/profiles";
import { connectViaOAuth } from "@/testing/connections";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { ZGoogleBusinessSettings, googleBusinessConnector } from ".";
import { LOCATION_READ_MASK } from "./locations";

let google: GoogleFake;

beforeAll(async () => {
  google = await startGoogleFake();
  google.limits.accountsPerPage = 2; // small pages: every list below takes more than one
  google.limits.locationsPerPage = 2;
  return setEnv(google.env("google_business"));
});
afterAll(async () => {
  await google?.close();
  await db.$disconnect();
});

const BUSINESS_MANAGE = "https://www.googleapis.com/auth/business.manage";
const downtown = fakeLocation("222", "Acme Pizza Downtown", {
  placeId: "ChIJdowntown222",
  storeCode: "DT-1",
  address: {
    addressLines: ["1 Main St", "Suite 2"],
    locality: "Springfield",
    administrativeArea: "IL",
    postalCode: "62701",
  },
  canHaveFoodMenus: true,
});

// The connector's context as the app builds it, from the NETWORK_GOOGLE_BUSINESS_* variables set above.
const settingsContext = () => ({
  settings: ZGoogleBusinessSettings.parse(networkSettings("google_business")),
  fetch: timedFetch(),
});

let n = 0;
// Three accounts (two pages of accounts): the personal one with a service-area location (no map place,
// no address), a location group with three locations (two pages), and an organization that also reaches
// one of the group's locations.
const newUser = (over: Partial<FakeGoogleUser> = {}) => {
  const i = ++n;
  return google.addUser({
    sub: `2000${i}`,
    email: `owner${i}@acme.example`,
    name: `Jane Owner ${i}`,
    picture: `https://lh3.example/a/${i}`,
    accounts: [
      {
        name: `accounts/1${i}`,
        accountName: `Jane Owner ${i}`,
        type: "PERSONAL",
        locations: [fakeLocation("111", "Jane's Plumbing")],
      },
      {
        name: `accounts/2${i}`,
        accountName: "Acme Restaurants",
        type: "LOCATION_GROUP",
        locations: [
          downtown,
          fakeLocation("333", "Acme Pizza Airport", { placeId: "ChIJairport333" }),
          fakeLocation("444", "Acme Pizza Mall", { placeId: "ChIJmall444" }),
        ],
      },
      {
        name: `accounts/3${i}`,
        accountName: "Acme Holdings",
        type: "ORGANIZATION",
        locations: [downtown, fakeLocation("555", "Acme HQ", { storeCode: "HQ" })],
      },
    ],
    ...over,
  });
};

describe("google_business connector (against the Google fake)", () => {
  it("OAuth round trip: Google account profile, every location of every account as placements, profile.connected, redirect", async () => {
    const { account, group, principal } = await seedTenant();
    const user = newUser();
    const accountsCallsBefore = google.requestsTo("accounts").length;
    const locationCallsBefore = google.requestsTo("locations").length;
    const { authorizeUrl, redirect, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "google_business",
      consent: google.consent({ user }),
    });

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${google.url("accounts")}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: callbackUrl("google_business"),
      response_type: "code",
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: "S256",
    });
    expect(authorizeUrl.searchParams.get("scope")!.split(" ").sort()).toEqual(
      ["email", "openid", "profile", BUSINESS_MANAGE].sort(),
    );
    expect(google.requestsTo("token").at(-1)!.form!.get("code_verifier")).toMatch(/^[\w-]{43}$/);

    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      profile_id: profile!.id,
      platform: "google_business",
      status: "connected",
    });
    expect(profile).toMatchObject({
      platform: "google_business",
      status: "active",
      externalId: user.sub,
      name: user.name,
      username: user.email,
      avatarUrl: user.picture,
      metadata: { email: user.email },
    });
    expect(decryptSecret(profile!.accessToken!)).toBe(google.accessTokensOf(user.sub)[0]);
    expect(decryptSecret(profile!.refreshToken!)).toMatch(/^1\/\/fake-/);
    expect(profile!.scopes).toContain(BUSINESS_MANAGE);

    const i = n;
    expect(profile!.placements.map((p) => [p.externalId, p.name])).toEqual([
      [`accounts/1${i}/locations/111`, "Jane's Plumbing"],
      [`accounts/2${i}/locations/222`, "Acme Pizza Downtown"],
      [`accounts/2${i}/locations/333`, "Acme Pizza Airport"],
      [`accounts/2${i}/locations/444`, "Acme Pizza Mall"],
      [`accounts/3${i}/locations/555`, "Acme HQ"], // downtown again under the organization: listed once
    ]);
    const [plumbing, pizza] = await listPlacements({ principal, id: profile!.id });
    expect(pizza!.metadata).toEqual({
      account: `accounts/2${i}`,
      account_name: "Acme Restaurants",
      place_id: "ChIJdowntown222",
      store_code: "DT-1",
      address: "1 Main St, Suite 2, Springfield, IL, 62701, US",
      maps_uri: "https://maps.google.com/maps?cid=222",
      can_modify_service_list: true,
      can_have_food_menus: true,
    });
    expect(plumbing!.metadata).not.toHaveProperty("place_id");
    expect(plumbing!.metadata).toEqual({
      account: `accounts/1${i}`,
      account_name: user.name,
      can_modify_service_list: true,
      can_have_food_menus: false,
    });

    // Both lists were followed page by page; every location read named its readMask.
    const accountCalls = google.requestsTo("accounts").slice(accountsCallsBefore);
    expect(accountCalls.map((r) => r.url.searchParams.has("pageToken"))).toEqual([false, true]);
    const locationCalls = google.requestsTo("locations").slice(locationCallsBefore);
    expect(locationCalls.map((r) => r.url.pathname.split("/v1/")[1])).toEqual([
      `accounts/1${i}/locations`,
      `accounts/2${i}/locations`,
      `accounts/2${i}/locations`,
      `accounts/3${i}/locations`,
    ]);
    expect(
      locationCalls.every(
        (r) =>
          r.url.searchParams.get("readMask") === LOCATION_READ_MASK && r.url.searchParams.get("pageSize") === "100",
      ),
    ).toBe(true);

    const [event] = await eventsOf(account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: user.name,
      platform: "google_business",
      status: "active",
      uid: user.sub,
      username: user.email,
    });
  });

  it("the fake answers like Google: readMask is required", async () => {
    const { group, principal } = await seedTenant();
    const user = newUser();
    await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "google_business",
      consent: google.consent({ user }),
    });
    const token = google.accessTokensOf(user.sub)[0]!;
    const res = await fetch(`${google.url("businessInformation")}/${user.accounts![0]!.name}/locations`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 400, status: "INVALID_ARGUMENT", details: [{ fieldViolations: [{ field: "read_mask" }] }] },
    });
  });

  it("an account without Business Profile accounts connects with no placements", async () => {
    const { group, principal } = await seedTenant();
    const { profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "google_business",
      consent: google.consent({ user: newUser({ accounts: [] }) }),
    });
    expect(profile).toMatchObject({ status: "active", placements: [] });
  });

  it("refresh keeps the refresh token; invalid_grant disconnects with profile.disconnected", async () => {
    const { account, group, principal } = await seedTenant();
    const user = newUser();
    const { profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "google_business",
      consent: google.consent({ user }),
    });
    const refreshToken = decryptSecret(profile!.refreshToken!);

    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "refreshed" });
    const refreshed = await db.profile.findUniqueOrThrow({ where: { id: profile!.id } });
    expect(decryptSecret(refreshed.accessToken!)).not.toBe(decryptSecret(profile!.accessToken!));
    expect(google.accessTokensOf(user.sub)).toContain(decryptSecret(refreshed.accessToken!));
    expect(decryptSecret(refreshed.refreshToken!)).toBe(refreshToken);

    google.failNext("token", {
      status: 400,
      body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
    });
    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "disconnected" });
    expect(await db.profile.findUniqueOrThrow({ where: { id: profile!.id } })).toMatchObject({
      status: "disconnected",
      accessToken: null,
      refreshToken: null,
    });
    const [event] = await eventsOf(account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({
      id: profile!.id,
      platform: "google_business",
      status: "disconnected",
      uid: user.sub,
      username: user.email,
      origin: "automated",
    });
  });

  it("denied consent and an unticked business.manage both return to redirect_url without a profile", async () => {
    const { group, principal } = await seedTenant();
    const connect = (consent: ReturnType<GoogleFake["consent"]>) =>
      connectViaOAuth({ principal, groupId: group.id, platform: "google_business", consent });
    const denied = await connect(google.consent({ user: newUser(), deny: true }));
    expect(Object.fromEntries(denied.redirect.searchParams)).toEqual({
      error: "access_denied",
      platform: "google_business",
    });
    const unticked = await connect(google.consent({ user: newUser(), untick: [BUSINESS_MANAGE] }));
    expect(unticked.redirect.searchParams.get("error")).toBe("connection_failed");
    expect(unticked.redirect.searchParams.get("error_description")).toContain(BUSINESS_MANAGE);
    expect(await db.profile.count({ where: { profileGroupId: group.id } })).toBe(0);
  });

  it("placement reads: rate limits carry Retry-After, an expired token is auth_expired", async () => {
    const { group, principal } = await seedTenant();
    const user = newUser();
    await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "google_business",
      consent: google.consent({ user }),
    });
    const ctx = settingsContext();
    const auth = {
      externalId: user.sub,
      tokens: { accessToken: google.accessTokensOf(user.sub)[0]! },
      credentials: null,
      metadata: {},
    };
    google.failNext("locations", {
      status: 429,
      headers: { "retry-after": "17" },
      body: googleApiError(
        429,
        "RESOURCE_EXHAUSTED",
        "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'",
        {
          errorInfo: "RATE_LIMIT_EXCEEDED",
        },
      ),
    });
    await expect(googleBusinessConnector.placements!(ctx, auth)).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 17_000,
      details: { platformErrorCode: "RATE_LIMIT_EXCEEDED" },
    });
    expect(await googleBusinessConnector.placements!(ctx, auth)).toHaveLength(5);
    await expect(
      googleBusinessConnector.identity(ctx, { ...auth, tokens: { accessToken: "ya29.expired" } }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});
