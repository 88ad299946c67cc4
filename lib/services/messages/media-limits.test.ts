import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { db } from "@/lib/db/client";
import { FACEBOOK_MESSAGING_RULES } from "@/lib/networks/facebook/messaging";
import { INSTAGRAM_MESSAGING_RULES } from "@/lib/networks/instagram/messaging";
import { whatsappConnector } from "@/lib/networks/whatsapp";
import { callRoute } from "@/testing/call-route";
import { uniqueDigits } from "@/testing/comments";
import { MP4_BYTES, PNG_BYTES } from "@/testing/publish-media";
import { seedTelegramBot, useDrain, useTelegramFake } from "@/testing/messaging";
import { mediaLimitProblems } from "./media-limits";

// Each network's media size limits for messages, per kind of file (the bytes decide the kind), checked
// on the downloaded file before anything is stored or sent: 422 naming the limit.

const MB = 1024 * 1024;
const telegram = useTelegramFake();
const drain = useDrain([processInboundFn]);
let files = "";
const server = createServer((req, res) => {
  const [, kind, size] = /^\/(png|mp4)\/(\d+)$/.exec(req.url ?? "") ?? [];
  if (!kind) return void res.writeHead(404).end();
  const head = kind === "png" ? PNG_BYTES : MP4_BYTES;
  const body = Buffer.alloc(Number(size));
  Buffer.from(head).copy(body);
  res.writeHead(200, { "content-type": kind === "png" ? "image/png" : "video/mp4", "content-length": body.length });
  res.end(body);
});
const file = (kind: "png" | "mp4", bytes: number) => `${files}/${kind}/${bytes}`;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  files = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());

// A Telegram chat whose user wrote first.
const telegramChat = async () => {
  const { token, profile, deliver } = await seedTelegramBot(telegram, drain);
  await deliver(telegram.userWrites({ id: Number(uniqueDigits(9)), first_name: "Mo" }, "hi"));
  const chats = await callRoute(profileChatsRoute.GET, {
    path: `/api/profiles/${profile.id}/chats`,
    token,
    params: { id: profile.id },
  });
  const chatId = String((chats.json.data![0] as { id: string }).id);
  const send = (body: unknown) =>
    callRoute(chatMessagesRoute.POST, { path: `/api/chats/${chatId}/messages`, token, params: { id: chatId }, body });
  return { chatId, send };
};

describe("message media size limits", () => {
  it("telegram: an image over 5 MB answers 422 naming the limit, and nothing is stored", async () => {
    const { chatId, send } = await telegramChat();
    const res = await send({ media: [file("png", 6 * MB)] });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(["media: 6 MB is over Telegram's 5 MB limit for images"]);
    expect(await db.message.count({ where: { chatId, direction: "outbound" } })).toBe(0);
  });

  it("telegram: a video of the same size is within its 20 MB limit and is accepted", async () => {
    const { send } = await telegramChat();
    expect((await send({ media: [file("mp4", 6 * MB)] })).status).toBe(202);
  });

  it("a media URL that cannot be downloaded answers 422, saying nothing of what the URL answered", async () => {
    const { send } = await telegramChat();
    const res = await send({ media: [`${files}/missing.png`] });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(["media: could not be downloaded"]);
  });

  it("instagram limits images to 8 MB and videos to 25 MB; facebook takes 25 MB of any kind", async () => {
    expect(await mediaLimitProblems(INSTAGRAM_MESSAGING_RULES, "Instagram", [file("png", 9 * MB)])).toEqual([
      "media: 9 MB is over Instagram's 8 MB limit for images",
    ]);
    expect(await mediaLimitProblems(INSTAGRAM_MESSAGING_RULES, "Instagram", [file("mp4", 9 * MB)])).toEqual([]);
    expect(await mediaLimitProblems(FACEBOOK_MESSAGING_RULES, "Facebook", [file("png", 9 * MB)])).toEqual([]);
    expect(await mediaLimitProblems(FACEBOOK_MESSAGING_RULES, "Facebook", [file("mp4", 26 * MB)])).toEqual([
      "media: the file is over Facebook's largest limit (25 MB)",
    ]);
  });

  it("whatsapp limits images to 5 MB and video to 16 MB", async () => {
    const messaging = whatsappConnector.messaging!;
    expect(await mediaLimitProblems(messaging, "WhatsApp", [file("png", 6 * MB)])).toEqual([
      "media: 6 MB is over WhatsApp's 5 MB limit for images",
    ]);
    expect(await mediaLimitProblems(messaging, "WhatsApp", [file("mp4", 6 * MB)])).toEqual([]);
    expect(await mediaLimitProblems(messaging, "WhatsApp", [file("mp4", 17 * MB)])).toEqual([
      "media: 17 MB is over WhatsApp's 16 MB limit for videos",
    ]);
  });
});
