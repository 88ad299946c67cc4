import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto";
import { callbackUrl } from "@/lib/services/connections/callback-url";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";
import { refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { listPlacements } from "@/lib/services/profiles/profiles";
import { connectViaOAuth } from "@/testing/connections";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { fakePhoneNumber } from "@/testing/whatsapp";
import { startGraphFake, type FakePhoneNumber, type FakeWaba, type GraphFake } from "@/testing/fakes/graph";
import { COEXISTENCE_FEATURE, WHATSAPP_SCOPES } from ".";

const CLIENT_ID = "4000000000004";
const CLIENT_SECRET = "wa-test-secret";
const CONFIG_ID = "cfg-embedded-signup-1";
const METADATA_KEYS = [
  "display_phone_number",
  "quality_rating",
  "messaging_limit_tier",
  "name_status",
  "status",
  "platform_type",
  "is_official_business_account",
  "throughput",
];

const number = (id: string, display: string, extra: Partial<FakePhoneNumber> = {}): FakePhoneNumber =>
  fakePhoneNumber(id, { display_phone_number: display, verified_name: "Babbage Bakery", ...extra });
const bakery: FakeWaba = {
  id: "1050000000000001",
  name: "Babbage Bakery",
  message_template_namespace: "ns_bakery",
  phoneNumbers: [
    number("1060000000000001", "+1 555-0100"),
    number("1060000000000002", "+44 20 7946 0958", {
      platform_type: "SMB_APP",
      quality_rating: "YELLOW",
      messaging_limit_tier: "TIER_250",
      throughput: { level: "HIGH" },
      is_official_business_account: true,
    }),
  ],
};

let fake: GraphFake;

beforeAll(async () => {
  fake = await startGraphFake();
  fake.addApp("facebook", CLIENT_ID, CLIENT_SECRET);
  fake.addFacebookUser({
    id: "10160001",
    name: "Charles Babbage",
    businesses: [{ id: "1040000000000001", name: "Babbage Ltd", wabas: [bakery] }],
  });
  fake.addFacebookUser({ id: "10160002", name: "Nobody Shares", businesses: [] });
  return setEnv({
    NETWORK_WHATSAPP_CLIENT_ID: CLIENT_ID,
    NETWORK_WHATSAPP_CLIENT_SECRET: CLIENT_SECRET,
    NETWORK_WHATSAPP_CONFIG_ID: CONFIG_ID,
    NETWORK_WHATSAPP_AUTH_URL: fake.base("www.facebook.com"),
    NETWORK_WHATSAPP_GRAPH_URL: fake.base("graph.facebook.com"),
  });
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

const extrasOf = (url: URL) => JSON.parse(url.searchParams.get("extras") ?? "null") as Record<string, unknown>;

describe("whatsapp connector (Embedded Signup, Graph fake)", () => {
  it("OAuth round trip: Embedded Signup -> business token -> WABA profile, numbers as placements, events", async () => {
    const { account, group, principal } = await seedTenant();
    fake.consentAs("facebook", "10160001");
    fake.shareWabas(null);
    const { authorizeUrl, callbackParams, redirect, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "whatsapp",
      extra: { onboarding: "business_app" },
      consent: fake.consent,
    });

    expect(authorizeUrl.origin + authorizeUrl.pathname).toBe(`${fake.url}/www.facebook.com/v25.0/dialog/oauth`);
    expect(Object.fromEntries(authorizeUrl.searchParams)).toEqual({
      client_id: CLIENT_ID,
      redirect_uri: callbackUrl("whatsapp"),
      state: expect.stringMatching(/^conn_\w+\.[\w-]+$/),
      response_type: "code",
      config_id: CONFIG_ID,
      override_default_response_type: "true",
      scope: WHATSAPP_SCOPES.join(","),
      extras: expect.any(String),
    });
    expect(extrasOf(authorizeUrl)).toEqual({
      setup: {},
      version: "v4",
      sessionInfoVersion: "3",
      featureType: COEXISTENCE_FEATURE,
    });

    const [exchange] = fake.calls("graph.facebook.com", "oauth/access_token");
    expect(exchange?.query).toEqual({
      client_id: CLIENT_ID,
      client_secret: CLIENT_SECRET,
      redirect_uri: callbackUrl("whatsapp"),
      code: callbackParams.code,
    });
    const token = decryptSecret(profile!.accessToken!);
    expect(fake.tokenInfo(token)).toMatchObject({ kind: "business", wabaIds: [bakery.id] });
    expect(profile!.accessToken).not.toContain(token);
    // the WABA comes from the token's granular scopes, asked with the app token
    const debug = fake.calls("graph.facebook.com", "debug_token");
    expect(debug.length).toBeGreaterThan(0);
    expect(debug.every((d) => d.query.input_token === token && d.token === `${CLIENT_ID}|${CLIENT_SECRET}`)).toBe(true);
    expect(fake.calls("graph.facebook.com", "me/businesses")).toHaveLength(0);

    expect(profile).toMatchObject({
      platform: "whatsapp",
      status: "active",
      name: "Babbage Bakery",
      externalId: bakery.id,
      username: null,
      refreshToken: null,
      expiresAt: null, // business integration tokens do not expire
      tokenExpiresAt: null,
      scopes: WHATSAPP_SCOPES,
      metadata: { granted_waba_ids: [bakery.id], message_template_namespace: "ns_bakery" },
    });

    const placements = await listPlacements({ principal, id: profile!.id });
    expect(placements.map((p) => [p.externalId, p.name])).toEqual([
      ["1060000000000001", "+1 555-0100"],
      ["1060000000000002", "+44 20 7946 0958"],
    ]);
    for (const p of placements) expect(Object.keys(p.metadata as object).sort()).toEqual([...METADATA_KEYS].sort());
    expect(placements[1]!.metadata).toEqual({
      display_phone_number: "+44 20 7946 0958",
      quality_rating: "YELLOW",
      messaging_limit_tier: "TIER_250",
      name_status: "APPROVED",
      status: "CONNECTED",
      platform_type: "SMB_APP",
      is_official_business_account: true,
      throughput: { level: "HIGH" },
    });
    const numbersCall = fake.calls("graph.facebook.com", `${bakery.id}/phone_numbers`).at(-1)!;
    expect(numbersCall).toMatchObject({ version: "v25.0", token, query: { appsecret_proof: expect.any(String) } });

    const [connected] = await eventsOf(account.id, "profile.connected");
    expect(connected!.data).toEqual({
      id: profile!.id,
      name: "Babbage Bakery",
      platform: "whatsapp",
      status: "active",
      uid: bakery.id,
      username: null,
    });
    const [synced] = await eventsOf(account.id, "profile.placements_synced");
    expect(synced!.data).toEqual({ id: profile!.id, platform: "whatsapp", placements_count: 2 });
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      profile_id: profile!.id,
      platform: "whatsapp",
      status: "connected",
    });

    expect(await refreshProfileConnection({ profileId: profile!.id })).toEqual({ state: "skipped" }); // no refresh grant
  });

  it("onboarding is validated (422 names the field) and reaches the authorize URL as the Embedded Signup feature", async () => {
    const { group, principal } = await seedTenant();
    const start = (extra: Record<string, unknown>) =>
      initializeConnection({
        principal,
        groupId: group.id,
        input: { platform: "whatsapp", redirect_url: "https://a.example/cb", ...extra },
      });
    await expect(start({ onboarding: "cloud" })).rejects.toMatchObject({
      status: 422,
      details: { errors: [expect.stringMatching(/^onboarding: .*business_app or api/)] },
    });
    await expect(start({ onboarding: 7 })).rejects.toMatchObject({ status: 422 });
    const api = new URL((await start({ onboarding: "api" })).url!);
    expect(extrasOf(api)).toEqual({ setup: {}, version: "v4", sessionInfoVersion: "3" });
    const omitted = new URL((await start({})).url!);
    expect(extrasOf(omitted).featureType).toBe(COEXISTENCE_FEATURE);
  });

  it("refresh_connection reconnects an active profile, keeping its id and pulling the current numbers", async () => {
    const { group, principal } = await seedTenant();
    fake.consentAs("facebook", "10160001");
    const first = (await connectViaOAuth({ principal, groupId: group.id, platform: "whatsapp", consent: fake.consent }))
      .profile!;
    await expect(
      initializeConnection({
        principal,
        groupId: group.id,
        input: { platform: "whatsapp", redirect_url: "https://a.example/cb" },
      }),
    ).rejects.toMatchObject({
      status: 422,
      details: { errors: ["Platform already connected"] },
    });
    bakery.phoneNumbers.push(number("1060000000000003", "+1 555-0199"));
    try {
      const again = (
        await connectViaOAuth({
          principal,
          groupId: group.id,
          platform: "whatsapp",
          extra: { refresh_connection: true },
          consent: fake.consent,
        })
      ).profile!;
      expect(again.id).toBe(first.id);
      expect(again.placements.map((p) => p.externalId)).toEqual([
        "1060000000000001",
        "1060000000000002",
        "1060000000000003",
      ]);
    } finally {
      bakery.phoneNumbers.pop();
    }
  });

  it("several business accounts granted at once give one profile each, with their own numbers", async () => {
    const { account, group, principal } = await seedTenant();
    const pastry: FakeWaba = {
      id: "1050000000000009",
      name: "Babbage Pastry",
      phoneNumbers: [number("1060000000000009", "+1 555-0909")],
    };
    fake.addFacebookUser({
      id: "10160009",
      name: "Two Accounts",
      businesses: [{ id: "1040000000000009", name: "Babbage Group", wabas: [bakery, pastry] }],
    });
    fake.consentAs("facebook", "10160009");
    fake.shareWabas(null);
    const { profile, redirect } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "whatsapp",
      consent: fake.consent,
    });
    const profiles = await db.profile.findMany({
      where: { profileGroupId: group.id, platform: "whatsapp" },
      include: { placements: true },
      orderBy: { name: "asc" },
    });
    expect(profiles.map((p) => [p.externalId, p.name, p.placements.map((x) => x.externalId).sort()])).toEqual([
      [bakery.id, "Babbage Bakery", ["1060000000000001", "1060000000000002"]],
      [pastry.id, "Babbage Pastry", ["1060000000000009"]],
    ]);
    expect(redirect.searchParams.get("profile_id")).toBe(profile!.id);
    expect(
      (await eventsOf(account.id, "profile.connected")).map((e) => (e.data as { uid: string }).uid).sort(),
    ).toEqual([bakery.id, pastry.id].sort());

    // A reconnect updates both profiles in place.
    const again = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "whatsapp",
      extra: { refresh_connection: true },
      consent: fake.consent,
    });
    expect(again.profile!.id).toBe(profile!.id);
    expect(await db.profile.count({ where: { profileGroupId: group.id, platform: "whatsapp" } })).toBe(2);
  });

  it("without granular target ids the WABA is found through /me/businesses", async () => {
    const { group, principal } = await seedTenant();
    fake.consentAs("facebook", "10160001");
    fake.shareWabas(null, { granular: false });
    try {
      const { profile } = await connectViaOAuth({
        principal,
        groupId: group.id,
        platform: "whatsapp",
        consent: fake.consent,
      });
      expect(profile).toMatchObject({ externalId: bakery.id, name: "Babbage Bakery" });
      expect(fake.calls("graph.facebook.com", "me/businesses").at(-1)!.query.fields).toBe(
        "id,name,owned_whatsapp_business_accounts{id,name}",
      );
    } finally {
      fake.shareWabas(null);
    }
  });

  it("a signup that shares no business account, or a denied consent, creates nothing", async () => {
    const { group, principal } = await seedTenant();
    fake.consentAs("facebook", "10160002");
    const none = await connectViaOAuth({ principal, groupId: group.id, platform: "whatsapp", consent: fake.consent });
    expect(Object.fromEntries(none.redirect.searchParams)).toMatchObject({
      error: "connection_failed",
      error_description: "No WhatsApp Business Account was shared with the app",
    });
    fake.denyNextConsent();
    const denied = await connectViaOAuth({ principal, groupId: group.id, platform: "whatsapp", consent: fake.consent });
    expect(denied.redirect.searchParams.get("error")).toBe("access_denied");
    expect(await db.profile.count({ where: { profileGroupId: group.id } })).toBe(0);
  });
});
