import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as startTypingRoute from "@/app/api/chats/[id]/start_typing/route";
import * as stopTypingRoute from "@/app/api/chats/[id]/stop_typing/route";
import * as messageRoute from "@/app/api/messages/[id]/route";
import * as reactRoute from "@/app/api/messages/[id]/react/route";
import * as iceBreakersRoute from "@/app/api/profiles/[id]/ice_breakers/route";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { startTelegramFake, type TelegramFake } from "@/testing/fakes/telegram";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { ManualClock, startLocalRunner } from "@/inngest/local-runner";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { MESSENGER_REACTIONS } from "@/lib/networks/graph/send-api";
import { callRoute } from "@/testing/call-route";
import { unexpectedStatuses } from "@/testing/concurrency";
import { seedNetworkProfile, uniqueDigits } from "@/testing/comments";
import { seedChat, seedMessage, seedMessengerChat } from "@/testing/messages";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";

await useOwnDatabase("msgconcur");

// The message endpoints that call the network at once, each fired many times at once through its route
// against the strict fakes: every request is answered in its documented shape (no 500), each distinct
// write reaches the network once, and what the network ends with is what we store (the last reaction,
// the last edit, one ice breaker set); a send repeated under one Idempotency-Key is stored and sent once.

type Json = Record<string, any>;
const FB_APP = { id: "1000000000071", secret: "fb-concur-secret" };
const IG_APP = { id: "2000000000072", secret: "ig-concur-secret" };
const N = 12;
let graph: GraphFake;
let telegram: TelegramFake;

beforeAll(async () => {
  [graph, telegram] = await Promise.all([startGraphFake(), startTelegramFake()]);
  graph.addApp("facebook", FB_APP.id, FB_APP.secret);
  graph.addApp("instagram", IG_APP.id, IG_APP.secret);
  return setEnv({
    NETWORK_FACEBOOK_CLIENT_ID: FB_APP.id,
    NETWORK_FACEBOOK_CLIENT_SECRET: FB_APP.secret,
    NETWORK_FACEBOOK_GRAPH_URL: graph.base("graph.facebook.com"),
    NETWORK_INSTAGRAM_CLIENT_ID: IG_APP.id,
    NETWORK_INSTAGRAM_CLIENT_SECRET: IG_APP.secret,
    NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
    NETWORK_TELEGRAM_API_URL: telegram.url,
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([graph?.close(), telegram?.close()]);
});

const tenantWithKey = async () => {
  const tenant = await seedTenant();
  return { ...tenant, token: (await seedKey({ accountId: tenant.account.id })).token };
};

const messengerChat = () => seedMessengerChat(graph);

// A Telegram bot's private chat with a user who wrote first, and the route that sends into it.
const telegramChat = async () => {
  const t = await tenantWithKey();
  const profile = await seedNetworkProfile({
    group: t.group,
    platform: "telegram",
    externalId: String(telegram.bot.id),
  });
  await db.profile.update({
    where: { id: profile.id },
    data: { credentials: encryptSecret(JSON.stringify({ bot_token: telegram.token })) },
  });
  const user = { id: Number(uniqueDigits(9)), first_name: "Zoë" };
  telegram.userWrites(user, "hi");
  const chat = await seedChat(profile, { participantExternalId: String(user.id) });
  const send = (body: Json, headers: Record<string, string> = {}) =>
    callRoute(chatMessagesRoute.POST, {
      path: `/api/chats/${chat.id}/messages`,
      token: t.token,
      params: { id: chat.id },
      body,
      headers,
    });
  const sentByBot = () => telegram.messages.filter((m) => m.chat_id === user.id);
  return { ...t, profile, chat, user, send, sentByBot };
};

const drainSends = async () => {
  const runner = await startLocalRunner({
    functions: [sendMessageFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  await runner.drain();
  await runner.stop();
};

describe("concurrent reactions, typing and ice breakers", () => {
  it("reactions to a message at once: each sent once, and ours stored is the one the network got last", async () => {
    const w = await messengerChat();
    const messages = [w.message];
    for (let i = 0; i < 3; i++) {
      const mid = `m_${uniqueDigits(14)}`;
      graph.messenger.knowInbound(mid);
      messages.push(await seedMessage(w.chat, { externalId: mid }));
    }
    const emojis = Object.values(MESSENGER_REACTIONS);
    const asked = Array.from({ length: N }, (_, i) => emojis[i % emojis.length]!);
    const responses = await Promise.all(
      messages.flatMap((m) =>
        asked.map((reaction) =>
          callRoute(reactRoute.POST, {
            path: `/api/messages/${m.id}/react`,
            token: w.token,
            params: { id: m.id },
            body: { reaction },
          }),
        ),
      ),
    );
    expect(unexpectedStatuses(responses, 200)).toEqual([]);
    for (const r of responses) expect(r.json).toMatchObject({ reactions: [{ emoji: expect.any(String) }] });
    for (const m of messages) {
      const sent = w.actions().filter((a) => a.action === "react" && a.payload!.message_id === m.externalId);
      expect(sent.map((a) => a.payload!.reaction).sort()).toEqual([...asked].sort());
      const stored = (await db.message.findUniqueOrThrow({ where: { id: m.id } })).reactions as Json[];
      expect(stored).toEqual([expect.objectContaining({ sender_external_id: w.chat.externalPlacementId })]);
      expect(stored[0]!.emoji, `message ${m.externalId}`).toBe(sent.at(-1)!.payload!.reaction);
    }
  });

  it("start_typing and stop_typing at once: each answers the chat and reaches the network once", async () => {
    const w = await messengerChat();
    const routes = Array.from({ length: N }, (_, i) => (i % 2 ? stopTypingRoute : startTypingRoute));
    const responses = await Promise.all(
      routes.map((route) =>
        callRoute(route.POST, { path: `/api/chats/${w.chat.id}/typing`, token: w.token, params: { id: w.chat.id } }),
      ),
    );
    expect(unexpectedStatuses(responses, 200)).toEqual([]);
    for (const r of responses) expect(r.json).toMatchObject({ id: w.chat.id });
    const actions = w.actions().map((a) => a.action);
    expect(actions.filter((a) => a === "typing_on")).toHaveLength(N / 2);
    expect(actions.filter((a) => a === "typing_off")).toHaveLength(N / 2);
  });

  it("ice breaker sets POSTed at once (while read): one of them is held, the same on the network and in GET", async () => {
    const t = await tenantWithKey();
    const account = `1784${uniqueDigits(13)}`;
    const scoped = `app-scoped-${uniqueDigits(8)}`;
    graph.addInstagramUser({ id: scoped, user_id: account, username: "acme" });
    const profile = await seedNetworkProfile({ group: t.group, platform: "instagram", externalId: account });
    await db.profile.update({
      where: { id: profile.id },
      data: {
        accessToken: encryptSecret(graph.issueToken("instagram", scoped, ["instagram_business_manage_messages"])),
      },
    });
    const call = (method: "GET" | "POST" | "DELETE", body?: unknown) =>
      callRoute(iceBreakersRoute[method], {
        path: `/api/profiles/${profile.id}/ice_breakers`,
        token: t.token,
        params: { id: profile.id },
        body,
      });
    const sets = Array.from({ length: N }, (_, i) =>
      Array.from({ length: 1 + (i % 4) }, (_, k) => ({ question: `Set ${i}, question ${k}?`, payload: `S${i}Q${k}` })),
    );
    const [posts, reads] = await Promise.all([
      Promise.all(sets.map((ice_breakers) => call("POST", { ice_breakers }))),
      Promise.all(Array.from({ length: 4 }, () => call("GET"))),
    ]);
    expect(unexpectedStatuses([...posts, ...reads], 200)).toEqual([]);
    for (const r of posts) expect(r.json).toEqual({ success: true });
    for (const r of reads) expect([[], ...sets]).toContainEqual(r.json.ice_breakers);
    const held = (await call("GET")).json.ice_breakers;
    expect(sets).toContainEqual(held);
    expect(graph.messengerProfiles.iceBreakers.get(account)).toEqual([{ call_to_actions: held, locale: "default" }]);
  });
});

describe("concurrent sends and edits on Telegram", () => {
  it("one send repeated at once under one Idempotency-Key: one message stored and sent once, the others 409 or its replay", async () => {
    const w = await telegramChat();
    const responses = await Promise.all(
      Array.from({ length: N }, () => w.send({ body: "Only once, please" }, { "idempotency-key": "tg-once" })),
    );
    expect(unexpectedStatuses(responses, 202, 409)).toEqual([]);
    const rows = await db.message.findMany({ where: { chatId: w.chat.id, direction: "outbound" } });
    expect(rows).toHaveLength(1);
    for (const r of responses.filter((x) => x.status === 202)) expect(r.json).toMatchObject({ id: rows[0]!.id });
    for (const r of responses.filter((x) => x.status === 409)) expect(r.json).toEqual({ error: expect.any(String) });
    await drainSends();
    expect(w.sentByBot().map((m) => m.text)).toEqual(["Only once, please"]);
  });

  it("different sends at once, each under its own key: each stored once, sent once and published", async () => {
    const w = await telegramChat();
    const bodies = Array.from({ length: N }, (_, i) => `Order ${i} is ready`);
    const responses = await Promise.all(bodies.map((body, i) => w.send({ body }, { "idempotency-key": `own-${i}` })));
    expect(unexpectedStatuses(responses, 202)).toEqual([]);
    await drainSends();
    const rows = await db.message.findMany({ where: { chatId: w.chat.id, direction: "outbound" } });
    expect(rows.map((r) => r.body).sort()).toEqual([...bodies].sort());
    const sent = w.sentByBot();
    expect(sent.map((m) => m.text).sort()).toEqual([...bodies].sort());
    for (const row of rows) {
      const onNetwork = sent.find((m) => m.text === row.body)!;
      expect(row).toMatchObject({ status: "published", externalId: `${w.user.id}:${onNetwork.message_id}` });
    }
  });

  it("edits of one message at once: each reaches the network, and the stored text is the one the network holds", async () => {
    const w = await telegramChat();
    const sent = await w.send({ body: "See you at 5" });
    await drainSends();
    const bodies = Array.from({ length: N }, (_, i) => `See you at ${6 + i}`);
    const responses = await Promise.all(
      bodies.map((body) =>
        callRoute(messageRoute.PATCH, {
          path: `/api/messages/${sent.json.id}`,
          token: w.token,
          params: { id: String(sent.json.id) },
          body: { body },
        }),
      ),
    );
    expect(unexpectedStatuses(responses, 200)).toEqual([]);
    for (const [i, r] of responses.entries()) expect(r.json).toMatchObject({ id: sent.json.id, body: bodies[i] });
    const onNetwork = w.sentByBot();
    expect(onNetwork).toHaveLength(1);
    const stored = await db.message.findUniqueOrThrow({ where: { id: String(sent.json.id) } });
    expect(bodies).toContain(stored.body);
    expect(stored.body).toBe(onNetwork[0]!.text);
    expect(await eventsOf(w.account.id, "message.edited")).toHaveLength(N);
  });
});
