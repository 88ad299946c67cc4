import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTelegramFake, telegramError, type TelegramFake, type TgChat } from "@/testing/fakes/telegram";
import { noSleep } from "@/testing/publish-media";
import type { ProfileAuth } from "../types";
import { ZTelegramSettings, telegramConnector } from ".";

let fake: TelegramFake;
beforeAll(async () => {
  fake = await startTelegramFake();
});
afterAll(() => fake.close());

const ctx = () => ({ settings: ZTelegramSettings.parse({ api_url: fake.url }), fetch, sleep: noSleep });
const auth = (): ProfileAuth => ({
  externalId: String(fake.bot.id),
  tokens: null,
  credentials: { bot_token: fake.token },
  metadata: {},
});
const placementOf = (chat: TgChat) => ({
  externalId: String(chat.id),
  accessToken: null,
  metadata: { type: chat.type },
});
const profileStats = (chat: TgChat | null) =>
  telegramConnector.profileStats!(ctx(), { auth: auth(), placement: chat && placementOf(chat) });

describe("telegram stats (Bot API fake)", () => {
  it("per placement: followers_count from getChatMemberCount, channel_title and channel_username from getChat", async () => {
    const channel = fake.createChannel({ title: "Acme News", username: "acmenews" });
    fake.makeBotAdmin(channel.id);
    fake.setMemberCount(channel.id, 1280);
    const from = fake.requests.length;
    expect(await profileStats(channel)).toEqual({
      stats: { followers_count: 1280, channel_title: "Acme News", channel_username: "acmenews" },
      raw: { member_count: 1280, id: channel.id, type: "channel", title: "Acme News", username: "acmenews" },
    });
    expect(fake.requests.slice(from).map((r) => [r.method, r.params])).toEqual([
      ["getChat", { chat_id: String(channel.id) }],
      ["getChatMemberCount", { chat_id: channel.id }],
    ]);
  });

  it("a private channel has no username; a migrated group is followed to its supergroup", async () => {
    const quiet = fake.createChannel({ title: "Quiet" });
    fake.makeBotAdmin(quiet.id);
    fake.setMemberCount(quiet.id, 7);
    expect((await profileStats(quiet)).stats).toEqual({
      followers_count: 7,
      channel_title: "Quiet",
      channel_username: null,
    });

    const group = fake.createGroup({ title: "Team" });
    fake.makeBotAdmin(group.id);
    const supergroup = fake.upgradeGroup(group.id);
    fake.setMemberCount(supergroup.id, 12);
    expect(await profileStats(group)).toMatchObject({
      stats: { followers_count: 12, channel_title: "Team" },
      raw: { id: supergroup.id, type: "supergroup" },
    });
  });

  it("errors: no placement is rejected without a call; a removed bot is rejected; flood control is rate_limited", async () => {
    const from = fake.requests.length;
    await expect(profileStats(null)).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "placement_required" },
    });
    expect(fake.requests.length).toBe(from);

    const gone = fake.createChannel({ title: "Gone", username: "gonechannel" });
    fake.makeBotAdmin(gone.id);
    fake.setBotStatus(gone.id, "kicked");
    await expect(profileStats(gone)).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorMessage: "Bad Request: member list is inaccessible" },
    });

    const busy = fake.createChannel({ title: "Busy" });
    fake.makeBotAdmin(busy.id);
    fake.failNext("getChatMemberCount", telegramError(429, "Too Many Requests: retry after 4", { retry_after: 4 }));
    await expect(profileStats(busy)).rejects.toMatchObject({ kind: "rate_limited", retryAfterMs: 4000 });
  });

  it("posts have no stats on Telegram: postStats is null and asks nothing", async () => {
    const from = fake.requests.length;
    expect(
      await telegramConnector.postStats!(ctx(), {
        auth: auth(),
        placement: null,
        postExternalId: "-1001:5",
        params: {},
      }),
    ).toBeNull();
    expect(fake.requests.length).toBe(from);
  });
});
