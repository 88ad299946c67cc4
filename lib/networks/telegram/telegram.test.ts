import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTelegramFake, telegramError, type TelegramFake } from "@/testing/fakes/telegram";
import { decryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { serializeConnectionStart } from "@/lib/serializers/connection";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";
import { disconnectProfile, refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { findProfilesToPollPlacements, pollPlacementsOf } from "@/lib/services/connections/resync-placements";
import { listPlacements, resyncPlacements } from "@/lib/services/profiles/profiles";
import { errorMapper } from "@/testing/network-errors";
import { eventsOf, seedTenant, setEnv, type Tenant } from "@/testing/network-tests";
import { NetworkError } from "../errors";
import { TelegramApiError, mapTelegramError } from "./errors";
import { TELEGRAM_NEXT_STEP, ZTelegramSettings, telegramConnector } from ".";

let fake: TelegramFake;

beforeAll(async () => {
  fake = await startTelegramFake();
  return setEnv({ NETWORK_TELEGRAM_API_URL: fake.url });
});
afterAll(async () => {
  await fake.close();
  await db.$disconnect();
});

const connect = async (t: Tenant, botToken = fake.token) => {
  const result = await initializeConnection({
    principal: t.principal,
    groupId: t.group.id,
    input: { platform: "telegram", bot_token: botToken },
  });
  const profileId = (result as { profile: { id: string } }).profile.id;
  return { result, profileId };
};
const placementsOf = async (t: Tenant, profileId: string) =>
  (await listPlacements({ principal: t.principal, id: profileId })).map((p) => ({
    id: p.externalId,
    name: p.name,
    metadata: p.metadata,
  }));
const callsOf = (method: string) => fake.requests.filter((r) => r.method === method);
const ctx = () => ({ settings: ZTelegramSettings.parse({ api_url: fake.url }), fetch });

describe("telegram connector (Bot API fake)", () => {
  it("connects with the bot token: identity from getMe, encrypted token, no access token, next_step, profile.connected", async () => {
    const tenant = await seedTenant();
    const { result, profileId } = await connect(tenant);
    expect(serializeConnectionStart(result)).toEqual({
      success: true,
      profile: { id: profileId, network: "telegram", name: "Acme Publisher", external_username: "acme_publisher_bot" },
      next_step: TELEGRAM_NEXT_STEP,
    });
    expect(TELEGRAM_NEXT_STEP).toContain("administrator");

    const profile = await db.profile.findUniqueOrThrow({ where: { id: profileId } });
    expect(profile).toMatchObject({
      platform: "telegram",
      environment: "live",
      status: "active",
      externalId: String(fake.bot.id),
      username: "acme_publisher_bot",
      accessToken: null,
      refreshToken: null,
      tokenExpiresAt: null,
      refreshAt: null,
      metadata: { can_join_groups: true, can_read_all_group_messages: false },
    });
    expect(profile.credentials).not.toContain(fake.token.split(":")[1]);
    expect(JSON.parse(decryptSecret(profile.credentials!))).toEqual({ bot_token: fake.token });
    expect(callsOf("getMe").at(-1)!.token).toBe(fake.token);

    const [event] = await eventsOf(tenant.account.id, "profile.connected");
    expect(event!.data).toEqual({
      id: profileId,
      name: "Acme Publisher",
      platform: "telegram",
      status: "active",
      uid: String(fake.bot.id),
      username: "acme_publisher_bot",
    });

    // The token never expires: nothing to refresh.
    expect(await refreshProfileConnection({ profileId })).toEqual({ state: "skipped" });
  });

  it("placements: empty until the bot is a channel administrator; found from my_chat_member, kept after the update is gone, dropped when demoted", async () => {
    const tenant = await seedTenant();
    const channel = fake.createChannel({ title: "Acme News", username: "acmenews" });
    fake.setBotStatus(channel.id, "member"); // subscribed, not an administrator
    const { profileId } = await connect(tenant);
    expect(await placementsOf(tenant, profileId)).toEqual([]);

    fake.makeBotAdmin(channel.id);
    const before = fake.pendingUpdates.length;
    const synced = await resyncPlacements({ principal: tenant.principal, profileId });
    expect(synced.map((p) => p.externalId)).toEqual([String(channel.id)]);
    expect(await placementsOf(tenant, profileId)).toEqual([
      { id: String(channel.id), name: "Acme News", metadata: { type: "channel", username: "acmenews" } },
    ]);

    // Updates are only looked at: no offset (nothing confirmed), no sticky allowed_updates.
    expect(fake.pendingUpdates.length).toBe(before);
    for (const call of callsOf("getUpdates")) {
      expect(call.params).not.toHaveProperty("offset");
      expect(call.params).not.toHaveProperty("allowed_updates");
    }
    expect(fake.allowedUpdates).toBeNull();
    const [getChat] = callsOf("getChat").slice(-1);
    expect(getChat!.params).toEqual({ chat_id: String(channel.id) });
    expect(callsOf("getChatMember").at(-1)!.params).toEqual({ chat_id: channel.id, user_id: fake.bot.id });

    // Telegram drops unconfirmed updates after 24 h: the stored id is re-checked instead.
    fake.dropPendingUpdates();
    expect((await resyncPlacements({ principal: tenant.principal, profileId })).map((p) => p.externalId)).toEqual([
      String(channel.id),
    ]);

    fake.setBotStatus(channel.id, "member");
    expect(await resyncPlacements({ principal: tenant.principal, profileId })).toEqual([]);
  });

  it("the poll-placements job finds a channel the bot was made administrator of after connecting", async () => {
    const tenant = await seedTenant();
    const { profileId } = await connect(tenant);
    expect((await findProfilesToPollPlacements()).map((p) => p.id)).toContain(profileId);
    const channel = fake.createChannel({ title: "Late Channel", username: "latechannel" });
    fake.makeBotAdmin(channel.id);
    expect(await pollPlacementsOf({ profileId })).toEqual({ state: "synced", count: 1 });
    expect((await placementsOf(tenant, profileId)).map((p) => p.id)).toEqual([String(channel.id)]);
    fake.setBotStatus(channel.id, "member"); // the fake's bot is shared by the tests of this file
    fake.dropPendingUpdates();
  });

  it("channel posts and group upgrades reveal chats; private groups where the bot is a plain member are not placements", async () => {
    const tenant = await seedTenant();
    const { profileId } = await connect(tenant);
    fake.dropPendingUpdates();
    const quiet = fake.createChannel({ title: "Quiet Channel" });
    fake.setBotStatus(quiet.id, "administrator");
    fake.dropPendingUpdates(); // the promotion was consumed elsewhere; a later post still shows the channel
    fake.postInChannel(quiet.id, "hello");
    const group = fake.createGroup({ title: "Acme Team" });
    fake.setBotStatus(group.id, "administrator");
    const plain = fake.createGroup({ title: "Chit-chat" });
    fake.setBotStatus(plain.id, "member");

    const found = await resyncPlacements({ principal: tenant.principal, profileId });
    expect(found.map((p) => [p.name, p.metadata])).toEqual([
      ["Quiet Channel", { type: "channel" }],
      ["Acme Team", { type: "group" }],
    ]);

    // The group becomes a supergroup: the old id answers 400 with migrate_to_chat_id, the placement follows it.
    fake.dropPendingUpdates();
    const supergroup = fake.upgradeGroup(group.id);
    fake.dropPendingUpdates();
    const after = await resyncPlacements({ principal: tenant.principal, profileId });
    expect(after.map((p) => [p.externalId, p.metadata])).toEqual([
      [String(quiet.id), { type: "channel" }],
      [String(supergroup.id), { type: "supergroup" }],
    ]);
  });

  it("a webhook holds the update queue (409): discovery is skipped, known placements are re-checked, the webhook is left alone", async () => {
    const tenant = await seedTenant();
    const channel = fake.createChannel({ title: "Webhook Channel" });
    fake.makeBotAdmin(channel.id);
    const { profileId } = await connect(tenant);
    expect((await placementsOf(tenant, profileId)).map((p) => p.name)).toContain("Webhook Channel");

    fake.setWebhook("https://hooks.example.com/telegram");
    const other = fake.createChannel({ title: "Added Later" });
    fake.makeBotAdmin(other.id);
    const synced = await resyncPlacements({ principal: tenant.principal, profileId });
    expect(synced.map((p) => p.name)).toContain("Webhook Channel");
    expect(synced.map((p) => p.name)).not.toContain("Added Later");
    expect(fake.webhookUrl).toBe("https://hooks.example.com/telegram");
    expect(callsOf("deleteWebhook")).toHaveLength(0);
    fake.setWebhook("");
  });

  it("a rate limit or a revoked token during a sync fails it and leaves the stored placements as they were", async () => {
    const tenant = await seedTenant();
    const channel = fake.createChannel({ title: "Busy Channel" });
    fake.makeBotAdmin(channel.id);
    const { profileId } = await connect(tenant);
    const stored = await placementsOf(tenant, profileId);
    expect(stored.map((p) => p.name)).toContain("Busy Channel");

    fake.failNext("getChatMember", telegramError(429, "Too Many Requests: retry after 7", { retry_after: 7 }));
    const limited = await resyncPlacements({ principal: tenant.principal, profileId }).catch((err: unknown) => err);
    expect(limited).toBeInstanceOf(NetworkError);
    expect(limited).toMatchObject({ kind: "rate_limited", retryAfterMs: 7000, details: { platformErrorCode: "429" } });
    expect(await placementsOf(tenant, profileId)).toEqual(stored);

    fake.failNext("getUpdates", telegramError(401, "Unauthorized"));
    await expect(resyncPlacements({ principal: tenant.principal, profileId })).rejects.toMatchObject({
      kind: "auth_expired",
      message: "Unauthorized",
    });
    expect(await placementsOf(tenant, profileId)).toEqual(stored);
  });

  it("reconnecting keeps the placements found before, re-checked with the new token", async () => {
    const tenant = await seedTenant();
    const channel = fake.createChannel({ title: "Long-lived Channel" });
    fake.makeBotAdmin(channel.id);
    const first = await connect(tenant);
    fake.dropPendingUpdates();
    await disconnectProfile({ profileId: first.profileId, reason: "token revoked" });

    const oldToken = fake.token;
    const newToken = fake.revokeToken();
    await expect(connect(tenant, oldToken)).rejects.toMatchObject({ status: 422 });
    const again = await connect(tenant, newToken);
    expect(again.profileId).toBe(first.profileId);
    expect((await placementsOf(tenant, again.profileId)).map((p) => p.id)).toContain(String(channel.id));
  });

  it("a wrong or revoked token is a 422 naming Telegram's description; a malformed one never reaches Telegram", async () => {
    const tenant = await seedTenant();
    const wrong = `${fake.bot.id}:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    await expect(connect(tenant, wrong)).rejects.toMatchObject({
      status: 422,
      message: "Telegram refused the connection: Unauthorized",
    });
    fake.failNext("getMe", telegramError(429, "Too Many Requests: retry after 3", { retry_after: 3 }));
    await expect(connect(tenant)).rejects.toMatchObject({
      status: 422,
      message: "Telegram refused the connection: Too Many Requests: retry after 3",
    });

    const calls = fake.requests.length;
    await expect(connect(tenant, "not-a-token")).rejects.toMatchObject({
      status: 422,
      details: { errors: [expect.stringMatching(/^bot_token: /)] },
    });
    expect(fake.requests.length).toBe(calls);
    expect(await db.profile.count({ where: { profileGroupId: tenant.group.id } })).toBe(0);
  });

  it("identity() reads the bot again with the stored token", async () => {
    const identity = await telegramConnector.identity(ctx(), {
      externalId: null,
      tokens: null,
      credentials: { bot_token: fake.token },
      metadata: {},
    });
    expect(identity).toMatchObject({
      externalId: String(fake.bot.id),
      name: "Acme Publisher",
      username: "acme_publisher_bot",
      avatarUrl: null,
    });
    await expect(
      telegramConnector.identity(ctx(), { externalId: null, tokens: null, credentials: null, metadata: {} }),
    ).rejects.toMatchObject({ kind: "auth_expired" });
  });
});

describe("telegram mapError", () => {
  const map = errorMapper(mapTelegramError);

  it("401 Unauthorized is auth_expired", () => {
    const err = map(401, { ok: false, error_code: 401, description: "Unauthorized" });
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({
      kind: "auth_expired",
      message: "Unauthorized",
      details: { platformErrorCode: "401", platformErrorSubcode: null, platformErrorMessage: "Unauthorized" },
    });
  });

  it("429 is rate_limited after parameters.retry_after seconds (else Retry-After)", () => {
    expect(
      map(429, {
        ok: false,
        error_code: 429,
        description: "Too Many Requests: retry after 35",
        parameters: { retry_after: 35 },
      }),
    ).toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 35_000,
    });
    expect(
      map(429, { ok: false, error_code: 429, description: "Too Many Requests" }, { "retry-after": "2" }),
    ).toMatchObject({ kind: "rate_limited", retryAfterMs: 2000 });
  });

  it("400, 403, 404 and 409 are rejected with Telegram's description; migrate_to_chat_id is kept", () => {
    const migrated = map(400, {
      ok: false,
      error_code: 400,
      description: "Bad Request: group chat was upgraded to a supergroup chat",
      parameters: { migrate_to_chat_id: -1001234567890 },
    });
    expect(migrated).toBeInstanceOf(TelegramApiError);
    expect(migrated).toMatchObject({
      kind: "rejected",
      migrateToChatId: "-1001234567890",
      details: { platformErrorCode: "400" },
    });
    expect(
      map(403, { ok: false, error_code: 403, description: "Forbidden: bot was kicked from the channel chat" }),
    ).toMatchObject({
      kind: "rejected",
      message: "Forbidden: bot was kicked from the channel chat",
    });
    expect(map(404, { ok: false, error_code: 404, description: "Not Found" })).toMatchObject({
      kind: "rejected",
      migrateToChatId: null,
    });
    expect(
      map(409, { ok: false, error_code: 409, description: "Conflict: terminated by other getUpdates request" }),
    ).toMatchObject({ kind: "rejected" });
  });

  it("5xx and bodies that are not the envelope", () => {
    expect(map(502, "<html>Bad Gateway</html>")).toMatchObject({
      kind: "outcome_unknown",
      message: "<html>Bad Gateway</html>",
      details: { platformErrorCode: "502" },
    });
    expect(map(500, { ok: false, error_code: 500, description: "Internal Server Error" })).toMatchObject({
      kind: "outcome_unknown",
    });
    expect(map(400, null)).toMatchObject({ kind: "rejected", message: "HTTP 400" });
  });
});
