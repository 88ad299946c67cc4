import { afterAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { decryptSecret } from "@/lib/crypto";
import { connectViaOAuth, sandboxConsent } from "@/testing/connections";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { principalFor, seedGroup } from "@/testing/seed";
import { listPlacements, listProfiles } from "@/lib/services/profiles/profiles";
import { ConnectionLinkError, completeOAuthCallback } from "./complete-connection";
import { serializeConnectionStart } from "@/lib/serializers/connection";
import { initializeConnection } from "./initialize-connection";
import { disconnectProfile, findProfilesDueForRefresh, refreshProfileConnection } from "./refresh-connections";

afterAll(() => db.$disconnect());

const sandboxTenant = () => seedTenant({ environment: "sandbox" });

describe("connection flows (sandbox network)", () => {
  it("OAuth round trip: consent screen -> callback -> encrypted profile, placements, profile.connected, redirect", async () => {
    const { account, group, principal } = await sandboxTenant();
    const { authorizeUrl, redirect, profile } = await connectViaOAuth({
      principal,
      groupId: group.id,
      platform: "facebook",
      redirectUrl: "https://crm.example.com/done?x=1",
      consent: sandboxConsent("Acme"),
    });
    expect(authorizeUrl.pathname).toBe("/connect/sandbox/consent");
    expect(authorizeUrl.searchParams.get("state")).toMatch(/^conn_\w+\.[\w-]+$/);
    expect(redirect.origin + redirect.pathname).toBe("https://crm.example.com/done");
    expect(Object.fromEntries(redirect.searchParams)).toEqual({
      x: "1",
      profile_id: profile!.id,
      platform: "facebook",
      status: "connected",
    });

    expect(profile).toMatchObject({ name: "Acme", platform: "facebook", status: "active", profileGroupId: group.id });
    expect(profile!.accessToken).not.toContain("sandbox.");
    expect(decryptSecret(profile!.accessToken!)).toMatch(/^sandbox\./);
    expect(profile!.placements.map((p) => p.name)).toEqual(["Acme Page 1", "Acme Page 2"]);

    const [event] = await eventsOf(account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profile!.id,
      name: "Acme",
      platform: "facebook",
      status: "active",
      uid: profile!.externalId,
      username: "acme",
    });
  });

  it("state is signed and single use; a denied consent returns to redirect_url with the error", async () => {
    const { group, principal } = await sandboxTenant();
    const started = await initializeConnection({
      principal,
      groupId: group.id,
      input: { platform: "linkedin", redirect_url: "https://app.example.com/cb" },
    });
    const state = new URL(started.url!).searchParams.get("state")!;
    const forged = `${state.split(".")[0]}.AAAA`;
    await expect(
      completeOAuthCallback({ platform: "linkedin", params: { state: forged, code: "sandbox-approved" } }),
    ).rejects.toBeInstanceOf(ConnectionLinkError);

    const denied = new URL(
      await completeOAuthCallback({ platform: "linkedin", params: { state, error: "access_denied" } }),
    );
    expect(denied.searchParams.get("error")).toBe("access_denied");
    await expect(
      completeOAuthCallback({ platform: "linkedin", params: { state, code: "sandbox-approved" } }),
    ).rejects.toBeInstanceOf(ConnectionLinkError);
    expect(await db.profile.count({ where: { profileGroupId: group.id } })).toBe(0);
  });

  it("answers the spec's 422s", async () => {
    const { group, principal } = await sandboxTenant();
    const start = (input: Record<string, unknown>) => initializeConnection({ principal, groupId: group.id, input });
    await expect(start({ redirect_url: "https://a.example/cb" })).rejects.toMatchObject({
      status: 422,
      details: { errors: ["Missing platform"] },
    });
    await expect(start({ platform: "facebook" })).rejects.toMatchObject({
      status: 422,
      details: { errors: ["Missing redirect_url"] },
    });
    await expect(start({ platform: "myspace", redirect_url: "https://a.example/cb" })).rejects.toMatchObject({
      status: 422,
    });
    await connectViaOAuth({ principal, groupId: group.id, platform: "tiktok", consent: sandboxConsent() });
    await expect(start({ platform: "tiktok", redirect_url: "https://a.example/cb" })).rejects.toMatchObject({
      status: 422,
      details: { errors: ["Platform already connected"] },
    });
  });

  it("form-based networks connect at once; bad credentials are a 422 naming the field", async () => {
    const { group, principal } = await sandboxTenant();
    const bluesky = await initializeConnection({
      principal,
      groupId: group.id,
      input: { platform: "bluesky", identifier: "alice.test", app_password: "abcd-efgh" },
    });
    expect(serializeConnectionStart(bluesky)).toMatchObject({
      success: true,
      profile: { network: "bluesky", name: "alice.test" },
    });
    await expect(
      initializeConnection({ principal, groupId: group.id, input: { platform: "telegram", bot_token: "nope" } }),
    ).rejects.toMatchObject({
      status: 422,
      details: { errors: [expect.stringMatching(/^bot_token: /)] },
    });
    const telegram = await initializeConnection({
      principal,
      groupId: group.id,
      input: { platform: "telegram", bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ" },
    });
    expect(serializeConnectionStart(telegram)).toMatchObject({
      success: true,
      next_step: expect.stringContaining("administrator"),
    });
    const stored = await db.profile.findUniqueOrThrow({
      where: { id: (telegram as { profile: { id: string } }).profile.id },
    });
    expect(stored.credentials).not.toContain("ABCDEFGHIJ");
    expect(JSON.parse(decryptSecret(stored.credentials!))).toEqual({ bot_token: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ" });
  });

  it("placements carry each network's ids and metadata", async () => {
    const { group, principal } = await sandboxTenant();
    const connect = (platform: string) =>
      connectViaOAuth({ principal, groupId: group.id, platform, consent: sandboxConsent("Shop") });
    const linkedin = (await connect("linkedin")).profile!;
    const google = (await connect("google_business")).profile!;
    const whatsapp = (await connect("whatsapp")).profile!;
    expect((await listPlacements({ principal, id: linkedin.id })).map((p) => p.externalId)).toEqual([
      null,
      expect.stringMatching(/^7\d+$/),
    ]);
    const [location] = await listPlacements({ principal, id: google.id });
    expect(location!.externalId).toMatch(/^accounts\/\d+\/locations\/\d+$/);
    expect(location!.metadata).toMatchObject({ place_id: expect.any(String) });
    const [number] = await listPlacements({ principal, id: whatsapp.id });
    expect(Object.keys(number!.metadata as object).sort()).toEqual(
      [
        "display_phone_number",
        "is_official_business_account",
        "messaging_limit_tier",
        "name_status",
        "platform_type",
        "quality_rating",
        "status",
        "throughput",
      ].sort(),
    );
    expect(await eventsOf(principal.accountId, "profile.placements_synced")).toHaveLength(1);
  });

  it("scopes profiles to the caller; another group's profile is not found", async () => {
    const { account, group, principal } = await sandboxTenant();
    const other = await seedGroup({ accountId: account.id, environment: "sandbox" });
    const mine = (
      await connectViaOAuth({ principal, groupId: group.id, platform: "youtube", consent: sandboxConsent() })
    ).profile!;
    const theirs = (
      await connectViaOAuth({ principal, groupId: other.id, platform: "youtube", consent: sandboxConsent() })
    ).profile!;
    const scoped = principalFor({
      accountId: account.id,
      environment: "sandbox",
      kind: "scoped_key",
      profileGroupId: group.id,
    });
    expect((await listProfiles({ principal: scoped })).map((p) => p.id)).toEqual([mine.id]);
    await expect(listPlacements({ principal: scoped, id: theirs.id })).rejects.toMatchObject({ status: 404 });
    await expect(
      initializeConnection({
        principal: scoped,
        groupId: other.id,
        input: { platform: "pinterest", redirect_url: "https://a.example/cb" },
      }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await listProfiles({ principal: principalFor({ accountId: account.id }) })).length).toBe(0); // live sees no sandbox profiles
  });

  it("reconnecting keeps the profile id; refresh renews tokens; a forced disconnect emits profile.disconnected", async () => {
    const { account, group, principal } = await sandboxTenant();
    const first = (
      await connectViaOAuth({ principal, groupId: group.id, platform: "threads", consent: sandboxConsent() })
    ).profile!;
    expect(await refreshProfileConnection({ profileId: first.id })).toEqual({ state: "refreshed" });
    await disconnectProfile({ profileId: first.id, reason: "token revoked" });
    const disconnected = await db.profile.findUniqueOrThrow({ where: { id: first.id } });
    expect(disconnected).toMatchObject({
      status: "disconnected",
      accessToken: null,
      disconnectReason: "token revoked",
    });
    const [event] = await eventsOf(account.id, "profile.disconnected");
    expect(event!.data).toMatchObject({ id: first.id, status: "disconnected", origin: "automated" });

    const again = (
      await connectViaOAuth({ principal, groupId: group.id, platform: "threads", consent: sandboxConsent() })
    ).profile!;
    expect(again.id).toBe(first.id);
    expect(again.status).toBe("active");
  });

  it("the refresh job picks a profile when its token is within the connector's lead time of expiry", async () => {
    const { group, principal } = await sandboxTenant();
    const profile = (
      await connectViaOAuth({ principal, groupId: group.id, platform: "pinterest", consent: sandboxConsent() })
    ).profile!;
    const expiresAt = profile.tokenExpiresAt!.getTime();
    const due = async (at: number) =>
      (await findProfilesDueForRefresh({ now: new Date(at), limit: 10_000 })).map((p) => p.id);
    expect(await due(expiresAt - 16 * 60_000)).not.toContain(profile.id);
    expect(await due(expiresAt - 14 * 60_000)).toContain(profile.id);
    await refreshProfileConnection({ profileId: profile.id });
    const renewed = await db.profile.findUniqueOrThrow({ where: { id: profile.id } });
    expect(renewed.refreshAt!.getTime()).toBe(renewed.tokenExpiresAt!.getTime() - 15 * 60_000);
  });
});
