import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTelegramFake, telegramError, type TelegramFake, type TgChat } from "@/testing/fakes/telegram";
import { MP4_BYTES, PNG_BYTES, noSleep, publishInput, publishMedia } from "@/testing/publish-media";
import { timedFetch } from "../http";
import type { ProfileAuth, PublishInput, PublishMedia } from "../types";
import { telegramPostRules } from "./post-rules";
import { ZTelegramSettings, telegramConnector } from ".";

let fake: TelegramFake;
let channel: TgChat;
beforeAll(async () => {
  fake = await startTelegramFake();
  channel = fake.createChannel({ title: "Acme News", username: "acmenews" });
  fake.makeBotAdmin(channel.id);
});
afterAll(() => fake.close());

const publish = telegramConnector.publish!;
const ctx = (options: { fetch?: typeof fetch; sleep?: (ms: number) => Promise<void> } = {}) => ({
  settings: ZTelegramSettings.parse({ api_url: fake.url }),
  fetch: options.fetch ?? fetch,
  sleep: options.sleep ?? noSleep,
});
const auth = (): ProfileAuth => ({
  externalId: String(fake.bot.id),
  tokens: null,
  credentials: { bot_token: fake.token },
  metadata: {},
});
const placementOf = (chat: TgChat) => ({
  externalId: String(chat.id),
  accessToken: null,
  metadata: { type: chat.type, ...(chat.username && { username: chat.username }) },
});
const input = (over: Partial<PublishInput> & { chat?: TgChat; raw?: Record<string, unknown> } = {}) => {
  const { chat = channel, raw = {}, ...rest } = over;
  return publishInput(auth(), {
    placement: placementOf(chat),
    params: telegramPostRules.params.parse({ chat_id: String(chat.id), ...raw }) as Record<string, unknown>,
    ...rest,
  });
};
const mark = () => fake.requests.length;
const callsSince = (from: number) => fake.requests.slice(from).map((r) => r.method);
const lastParams = () => fake.requests.at(-1)!.params;
const media = (kind: PublishMedia["kind"], over: Partial<PublishMedia> = {}): PublishMedia => {
  const base = publishMedia(kind === "video" ? "video" : "image");
  if (kind === "gif")
    return { ...base, url: "https://media.example.test/loop.gif", contentType: "image/gif", kind, ...over };
  if (kind === "document")
    return { ...base, url: "https://media.example.test/menu.pdf", contentType: "application/pdf", kind, ...over };
  return { ...base, ...over };
};
const last = (n = 1) => fake.messages.slice(-n);

describe("telegram publish (Bot API fake)", () => {
  it("text is sendMessage with parse_mode, link_preview_options and disable_notification; the id is chat:message with a t.me link", async () => {
    const result = await publish(
      ctx(),
      input({
        body: "<b>New</b> menu: https://acme.example",
        raw: { parse_mode: "html", disable_link_preview: true, disable_notification: "true" },
      }),
    );
    const [message] = last();
    expect(lastParams()).toEqual({
      chat_id: String(channel.id),
      text: "<b>New</b> menu: https://acme.example",
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      disable_notification: true,
    });
    expect(result).toEqual({
      externalId: `${channel.id}:${message!.message_id}`,
      url: `https://t.me/acmenews/${message!.message_id}`,
    });

    await publish(ctx(), input({ body: "Plain" }));
    expect(lastParams()).toEqual({ chat_id: String(channel.id), text: "Plain" });
  });

  it("one file by URL: sendPhoto / sendVideo / sendAnimation / sendDocument with the body as caption", async () => {
    const cases: [PublishMedia, string, string][] = [
      [media("image"), "sendPhoto", "photo"],
      [media("video"), "sendVideo", "video"],
      [media("gif"), "sendAnimation", "animation"],
      [media("document"), "sendDocument", "document"],
    ];
    for (const [item, method, field] of cases) {
      const from = mark();
      const result = await publish(ctx(), input({ body: `A ${field}`, media: [item], raw: { parse_mode: "HTML" } }));
      expect(callsSince(from)).toEqual([method]);
      expect(lastParams()).toEqual({
        chat_id: String(channel.id),
        [field]: item.url,
        caption: `A ${field}`,
        parse_mode: "HTML",
        ...(field === "video" && { supports_streaming: true }),
      });
      expect(last()[0]).toMatchObject({ kind: field, file: { source: "url", url: item.url }, caption: `A ${field}` });
      expect(result.externalId).toBe(`${channel.id}:${last()[0]!.message_id}`);
    }
  });

  it("files Telegram will not fetch are uploaded as multipart: photos over 5 MB, others over 20 MB, documents by URL other than PDF/ZIP/GIF", async () => {
    const big = media("image", { url: "https://media.example.test/big-photo.png", sizeBytes: 6 * 1024 * 1024 });
    await publish(ctx(), input({ body: "Big photo", media: [big] }));
    const photo = last()[0]!;
    expect(photo).toMatchObject({
      kind: "photo",
      caption: "Big photo",
      file: { source: "upload", filename: "big-photo.png", type: "image/png" },
    });
    expect(photo.file!.source === "upload" && Buffer.compare(photo.file!.bytes, Buffer.from(PNG_BYTES))).toBe(0);

    const docx = media("document", {
      url: "https://media.example.test/m/abc123",
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    });
    await publish(ctx(), input({ body: "Price list", media: [docx] }));
    expect(last()[0]).toMatchObject({ kind: "document", file: { source: "upload", filename: "file0.bin" } });

    const video = media("video", { sizeBytes: 25 * 1024 * 1024 });
    await publish(ctx(), input({ body: "", media: [video] }));
    expect(last()[0]).toMatchObject({
      kind: "video",
      file: { source: "upload", filename: "clip.mp4", size: MP4_BYTES.byteLength },
    });
    expect(last()[0]!.caption).toBeUndefined();
  });

  it("2-10 items are one sendMediaGroup (caption on the first, uploads as attach://), mixing photos and videos", async () => {
    const upload = media("image", { url: "https://media.example.test/huge.png", sizeBytes: 8 * 1024 * 1024 });
    const items = [media("image"), media("video"), upload];
    const result = await publish(
      ctx(),
      input({ body: "*Three* shots", media: items, raw: { parse_mode: "MarkdownV2", disable_notification: true } }),
    );
    const params = lastParams(); // multipart: objects as JSON text
    expect(JSON.parse(params.media as string)).toEqual([
      { type: "photo", media: items[0]!.url, caption: "*Three* shots", parse_mode: "MarkdownV2" },
      { type: "video", media: items[1]!.url, supports_streaming: true },
      { type: "photo", media: "attach://file2" },
    ]);
    expect(params.disable_notification).toBe("true");
    const group = last(3);
    expect(new Set(group.map((m) => m.media_group_id)).size).toBe(1);
    expect(group.map((m) => m.kind)).toEqual(["photo", "video", "photo"]);
    expect(group[2]!.file).toMatchObject({ source: "upload", filename: "huge.png" });
    expect(result).toEqual({
      externalId: `${channel.id}:${group[0]!.message_id}`,
      url: `https://t.me/acmenews/${group[0]!.message_id}`,
    });

    await publish(ctx(), input({ body: "", media: [media("image"), media("image")] }));
    expect(lastParams().media).toEqual([
      { type: "photo", media: items[0]!.url },
      { type: "photo", media: items[0]!.url },
    ]); // all by URL: plain JSON
  });

  it("a body over 1,024 characters with media: the media without caption, then the body as its own message", async () => {
    const body = `${"Long read. ".repeat(100)}End`;
    const from = mark();
    const result = await publish(ctx(), input({ body, media: [media("image")], raw: { disable_link_preview: true } }));
    expect(callsSince(from)).toEqual(["sendPhoto", "sendMessage"]);
    const [photo, text] = last(2);
    expect(photo!.caption).toBeUndefined();
    expect(text).toMatchObject({ kind: "text", text: body, link_preview_options: { is_disabled: true } });
    expect(result.externalId).toBe(`${channel.id}:${photo!.message_id}`);
    expect(body.length).toBeGreaterThan(1024);
  });

  it("the follow-up text waits out flood control; refused, it deletes the media again and fails with Telegram's reason", async () => {
    const body = "x".repeat(1100);
    const waits: number[] = [];
    fake.failNext("sendMessage", telegramError(429, "Too Many Requests: retry after 2", { retry_after: 2 }));
    await publish(
      ctx({ sleep: async (ms) => void waits.push(ms) }),
      input({ body, media: [media("image"), media("video")] }),
    );
    expect(waits).toEqual([2000]);
    expect(last(3).map((m) => [m.kind, m.deleted])).toEqual([
      ["photo", false],
      ["video", false],
      ["text", false],
    ]);

    await expect(
      publish(
        ctx(),
        input({ body: `${body} 1.5`, media: [media("image"), media("video")], raw: { parse_mode: "MarkdownV2" } }),
      ),
    ).rejects.toMatchObject({
      kind: "rejected",
      message: expect.stringContaining("can't parse entities"),
    });
    expect(last(2).map((m) => [m.kind, m.deleted])).toEqual([
      ["photo", true],
      ["video", true],
    ]);

    fake.failNext("sendMessage", telegramError(400, "Bad Request: TOPIC_CLOSED"));
    fake.failNext("deleteMessage", telegramError(400, "Bad Request: message can't be deleted"));
    await expect(publish(ctx(), input({ body, media: [media("image")] }))).rejects.toMatchObject({
      kind: "outcome_unknown",
      details: { platformErrorMessage: "Bad Request: TOPIC_CLOSED" },
    });
  });

  it("follows a group that became a supergroup; a private chat has no public link", async () => {
    const group = fake.createGroup({ title: "Acme Team" });
    fake.makeBotAdmin(group.id);
    const supergroup = fake.upgradeGroup(group.id);
    const result = await publish(ctx(), input({ chat: group, body: "Hello team" }));
    expect(result).toEqual({ externalId: `${supergroup.id}:1`, url: null });
    expect(fake.messages.at(-1)).toMatchObject({ chat_id: supergroup.id, text: "Hello team" });

    const quiet = fake.createChannel({ title: "Private" });
    fake.makeBotAdmin(quiet.id);
    expect((await publish(ctx(), input({ chat: quiet, body: "Hi" }))).url).toBeNull();
  });

  it("errors: Telegram's refusals are rejected with its description, 429 waits retry_after, a revoked token is auth_expired", async () => {
    const notAdmin = fake.createChannel({ title: "Not mine", username: "notmine" });
    fake.setBotStatus(notAdmin.id, "member");
    await expect(publish(ctx(), input({ chat: notAdmin }))).rejects.toMatchObject({
      kind: "rejected",
      details: {
        platformErrorCode: "400",
        platformErrorMessage: "Bad Request: need administrator rights in the channel chat",
      },
    });
    await expect(
      publish(ctx(), input({ body: "Price: 5.00", raw: { parse_mode: "MarkdownV2" } })),
    ).rejects.toMatchObject({ kind: "rejected", message: expect.stringContaining("Character '.' is reserved") });
    await expect(publish(ctx(), input({ body: "x".repeat(4097) }))).rejects.toMatchObject({
      kind: "rejected",
      message: "Bad Request: message is too long",
    });

    fake.failNext("sendPhoto", telegramError(429, "Too Many Requests: retry after 9", { retry_after: 9 }));
    await expect(publish(ctx(), input({ media: [media("image")] }))).rejects.toMatchObject({
      kind: "rate_limited",
      retryAfterMs: 9000,
    });

    const before = mark();
    await expect(publish(ctx(), { ...input(), auth: { ...auth(), credentials: null } })).rejects.toMatchObject({
      kind: "auth_expired",
    });
    expect(mark()).toBe(before);
    const revoked = { ...auth(), credentials: { bot_token: `${fake.bot.id}:revoked` } };
    await expect(publish(ctx(), { ...input(), auth: revoked })).rejects.toMatchObject({
      kind: "auth_expired",
      message: "Unauthorized",
    });
  });

  it("a lost answer is outcome_unknown (the message exists); there is no read-back, and the token stays out of the error", async () => {
    const count = fake.messages.length;
    fake.loseNextAnswer("sendMessage");
    const err: unknown = await publish(ctx({ fetch: timedFetch(5000) }), input({ body: "Lost in transit" })).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ kind: "outcome_unknown" });
    expect((err as Error).message).not.toContain(fake.token.split(":")[1]);
    expect(fake.messages.length).toBe(count + 1);
    expect(telegramConnector.findPublished).toBeUndefined();
    expect(telegramConnector.createFirstComment).toBeUndefined();
  });
});

describe("telegram deletePublished (deleteMessage)", () => {
  const deletePublished = telegramConnector.deletePublished!;
  const del = (externalId: string, a = auth()) =>
    deletePublished(ctx(), { auth: a, placement: placementOf(channel), externalId, params: {} });
  const messageOf = (externalId: string) => {
    const [chatId, messageId] = externalId.split(":").map(Number);
    return fake.messages.find((m) => m.chat_id === chatId && m.message_id === messageId)!;
  };

  it("deletes the post's message: deleteMessage {chat_id, message_id}; deleting again resolves", async () => {
    const { externalId } = await publish(ctx(), input({ body: "Gone soon" }));
    const from = mark();
    await del(externalId);
    expect(callsSince(from)).toEqual(["deleteMessage"]);
    expect(lastParams()).toEqual({ chat_id: String(channel.id), message_id: messageOf(externalId).message_id });
    expect(messageOf(externalId).deleted).toBe(true);
    await expect(del(externalId)).resolves.toBeUndefined(); // "message to delete not found"
    await expect(del(`${channel.id}:999999`)).resolves.toBeUndefined();
    expect(callsSince(from)).toEqual(["deleteMessage", "deleteMessage", "deleteMessage"]);
  });

  it("a media group: the recorded (first) message is deleted", async () => {
    const { externalId } = await publish(ctx(), input({ body: "Album", media: [media("image"), media("image")] }));
    await del(externalId);
    expect(last(2).map((m) => m.deleted)).toEqual([true, false]); // publish records only the first message
  });

  it("refusals throw the mapped error: can't be deleted, bot removed, revoked token, flood control; bad ids never reach Telegram", async () => {
    const group = fake.createGroup({ title: "Old news" });
    fake.setBotStatus(group.id, "member");
    const old = await publish(ctx(), input({ chat: group, body: "From last week" }));
    messageOf(old.externalId).date -= 3 * 24 * 60 * 60;
    await expect(del(old.externalId)).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "400", platformErrorMessage: "Bad Request: message can't be deleted" },
    });
    expect(messageOf(old.externalId).deleted).toBe(false);
    fake.setBotStatus(group.id, "kicked");
    await expect(del(old.externalId)).rejects.toMatchObject({
      kind: "rejected",
      details: { platformErrorCode: "403" },
    });

    const { externalId } = await publish(ctx(), input({ body: "Still here" }));
    const revoked = { ...auth(), credentials: { bot_token: `${fake.bot.id}:revoked` } };
    await expect(del(externalId, revoked)).rejects.toMatchObject({ kind: "auth_expired" });
    fake.failNext("deleteMessage", telegramError(429, "Too Many Requests: retry after 3", { retry_after: 3 }));
    await expect(del(externalId)).rejects.toMatchObject({ kind: "rate_limited", retryAfterMs: 3000 });
    expect(messageOf(externalId).deleted).toBe(false);

    const before = mark();
    await expect(del("at://did:plc:x/app.bsky.feed.post/1")).rejects.toMatchObject({ kind: "rejected" });
    await expect(del(externalId, { ...auth(), credentials: null })).rejects.toMatchObject({ kind: "auth_expired" });
    expect(mark()).toBe(before);
  });
});
