import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as archiveRoute from "@/app/api/chats/[id]/archive/route";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as reactRoute from "@/app/api/messages/[id]/react/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { startBlueskyChatFake, type BlueskyChatFake } from "@/testing/fakes/bluesky-chat";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { useBlueskyNetwork, type Account } from "@/lib/networks/bluesky/test-network";
import { callRoute } from "@/testing/call-route";
import { seedNetworkProfile } from "@/testing/comments";
import { eventsOf, seedTenant, setEnv } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { findProfilesDueForMessages, pollProfileMessages } from "@/lib/services/inbound/poll-messages";
import { attemptSend } from "./send-attempt";

// Bluesky chat against a REAL local AT Protocol network (@atproto/dev-env: PLC + PDS) and a strict chat
// service fake behind the PDS's proxy (atproto-proxy header, service-auth JWTs verified against the users'
// DID documents, params and input checked against the chat.bsky lexicons): find-or-create chats, the
// recipient's chat settings, exactly-once sends with read-back, the conversation log poll with its cursor,
// reactions both ways, archive as mute.

afterAll(() => db.$disconnect());

describe("bluesky direct messages", () => {
  const bluesky = useBlueskyNetwork({ label: "bluesky chat" });
  let chat: BlueskyChatFake;
  beforeAll(async () => {
    chat = await startBlueskyChatFake({ pds: bluesky.pds, plcUrl: bluesky.network.plc.url });
    const restore = setEnv({ NETWORK_BLUESKY_CHAT_SERVICE_DID: chat.did });
    return async () => {
      restore();
      await chat.close();
    };
  });

  // The other participant, through their own PDS session and the same proxy.
  const as = (account: Account) => ({
    query: (nsid: string, query: Record<string, string>) =>
      fetch(`${bluesky.pds}/xrpc/${nsid}?${new URLSearchParams(query)}`, {
        headers: { authorization: `Bearer ${account.accessJwt}`, "atproto-proxy": `${chat.did}#bsky_chat` },
      }).then((r) => r.json() as Promise<Record<string, unknown>>),
    call: (nsid: string, body: unknown) =>
      fetch(`${bluesky.pds}/xrpc/${nsid}`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${account.accessJwt}`,
          "atproto-proxy": `${chat.did}#bsky_chat`,
          "content-type": "application/json",
        },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<Record<string, unknown>>),
  });

  // The user's chat settings (chat.bsky.actor.declaration, record key "self") in their own repo.
  const allowIncoming = (account: Account, value: "all" | "none") =>
    bluesky.xrpc("com.atproto.repo.putRecord", {
      token: account.accessJwt,
      body: {
        repo: account.did,
        collection: "chat.bsky.actor.declaration",
        rkey: "self",
        record: { $type: "chat.bsky.actor.declaration", allowIncoming: value },
      },
    });

  const world = async () => {
    const tenant = await seedTenant();
    const alice = await bluesky.createAccount({ displayName: "Alice" });
    const bob = await bluesky.createAccount({ displayName: "Bob" });
    const profile = await seedNetworkProfile({ group: tenant.group, platform: "bluesky", externalId: alice.did });
    await db.profile.update({ where: { id: profile.id }, data: { accessToken: encryptSecret(alice.accessJwt) } });
    const { token } = await seedKey({ accountId: tenant.account.id });
    const createChat = (participant: string) =>
      callRoute(profileChatsRoute.POST, {
        path: `/api/profiles/${profile.id}/chats`,
        token,
        params: { id: profile.id },
        body: { participant_external_id: participant },
      });
    const send = (chatId: string, body: unknown) =>
      callRoute(chatMessagesRoute.POST, { path: `/api/chats/${chatId}/messages`, token, params: { id: chatId }, body });
    return { tenant, alice, bob, profile, token, createChat, send };
  };

  it("creating a chat finds or creates the conversation on the network (getConvoForMembers) and keeps its id", async () => {
    const { alice, bob, createChat } = await world();
    const first = await createChat(bob.did);
    expect(first.status).toBe(200);
    const convo = chat.convoOf(alice.did, bob.did);
    expect(convo).not.toBeNull();
    expect(first.json).toMatchObject({ participant_external_id: bob.did, external_conversation_id: convo!.id });
    const again = await createChat(bob.did);
    expect(again.json.id).toBe(first.json.id);
  });

  it("a recipient whose chat settings allow no incoming messages: creating the chat and sending answer 422", async () => {
    const { bob, createChat, send } = await world();
    const created = await createChat(bob.did);
    await allowIncoming(bob, "none");
    const refused = await send(String(created.json.id), { body: "hello" });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.json)).toContain("does not accept messages");
    expect(await db.message.count({ where: { chatId: String(created.json.id) } })).toBe(0);
    const carol = await bluesky.createAccount();
    await allowIncoming(carol, "none");
    const closed = await createChat(carol.did);
    expect(closed.status).toBe(422);
    expect(await db.chat.count({ where: { participantExternalId: carol.did } })).toBe(0);
  });

  it("the chat service's MessagesDisabled or NotFollowedBySender answer is the same 422", async () => {
    const { bob, createChat } = await world();
    chat.fail("chat.bsky.convo.getConvoForMembers", {
      status: 400,
      body: {
        error: "NotFollowedBySender",
        message: "recipient requires incoming messages to come from someone they follow",
      },
    });
    const refused = await createChat(bob.did);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([
      "The recipient does not accept messages from this account (their Bluesky chat settings)",
    ]);
  });

  it("a message is sent once with sendMessage and becomes published with the network's id (message.sent)", async () => {
    const { tenant, alice, bob, createChat, send } = await world();
    const created = await createChat(bob.did);
    const pending = await send(String(created.json.id), { body: "hello bob" });
    expect(pending.status).toBe(202);
    expect(await attemptSend({ messageId: String(pending.json.id), attempt: 1 })).toMatchObject({ state: "published" });
    const convo = chat.convoOf(alice.did, bob.did)!;
    expect(convo.messages.map((m) => m.text)).toEqual(["hello bob"]);
    const row = await db.message.findUniqueOrThrow({ where: { id: String(pending.json.id) } });
    expect(row.externalId).toBe(convo.messages[0]!.id);
    expect(await eventsOf(tenant.account.id, "message.sent")).toHaveLength(1);
  });

  it("a send whose answer is lost is read back with getMessages and never sent twice", async () => {
    const { alice, bob, createChat, send } = await world();
    const created = await createChat(bob.did);
    const pending = await send(String(created.json.id), { body: "only once" });
    chat.loseAnswer("chat.bsky.convo.sendMessage");
    const outcome = await attemptSend({ messageId: String(pending.json.id), attempt: 1 });
    expect(outcome).toMatchObject({ state: "published" });
    const convo = chat.convoOf(alice.did, bob.did)!;
    expect(convo.messages.map((m) => m.text)).toEqual(["only once"]);
    expect(chat.calls.filter((c) => c.startsWith("chat.bsky.convo.getMessages"))).not.toHaveLength(0);
    expect((await db.message.findUniqueOrThrow({ where: { id: String(pending.json.id) } })).externalId).toBe(
      convo.messages[0]!.id,
    );
  });

  it("the conversation log poll stores inbound messages once (message.received) and keeps its cursor", async () => {
    const { tenant, alice, bob, profile } = await world();
    const { convo } = (await as(bob).query("chat.bsky.convo.getConvoForMembers", { members: alice.did })) as {
      convo: { id: string };
    };
    await as(bob).call("chat.bsky.convo.sendMessage", { convoId: convo.id, message: { text: "hi alice" } });
    expect(await findProfilesDueForMessages()).toContain(profile.id);
    expect(await pollProfileMessages({ profileId: profile.id })).toMatchObject({ state: "polled" });
    const chats = await db.chat.findMany({ where: { profileId: profile.id } });
    expect(chats).toHaveLength(1);
    expect(chats[0]).toMatchObject({
      participantExternalId: bob.did,
      participantUsername: bob.handle,
      externalConversationId: convo.id,
    });
    expect(chats[0]!.lastInboundAt).not.toBeNull();
    const messages = await db.message.findMany({ where: { chatId: chats[0]!.id } });
    expect(messages.map((m) => [m.direction, m.body])).toEqual([["inbound", "hi alice"]]);
    expect(await findProfilesDueForMessages()).not.toContain(profile.id); // polled: next in about 5 minutes

    await as(bob).call("chat.bsky.convo.sendMessage", { convoId: convo.id, message: { text: "again" } });
    const from = chat.calls.length;
    await pollProfileMessages({ profileId: profile.id });
    const logCall = chat.calls.slice(from).find((c) => c.startsWith("chat.bsky.convo.getLog"));
    expect(logCall).toMatch(/ cursor=rev\d+$/); // from the stored cursor, not the start of the log
    expect((await db.message.findMany({ where: { chatId: chats[0]!.id } })).map((m) => m.body).sort()).toEqual([
      "again",
      "hi alice",
    ]);
    expect(await eventsOf(tenant.account.id, "message.received")).toHaveLength(2);
  });

  it("a participant's reaction in the log is stored on our message without reaction.received", async () => {
    const { tenant, alice, bob, profile, createChat, send } = await world();
    const created = await createChat(bob.did);
    const pending = await send(String(created.json.id), { body: "react to me" });
    await attemptSend({ messageId: String(pending.json.id), attempt: 1 });
    const convo = chat.convoOf(alice.did, bob.did)!;
    await as(bob).call("chat.bsky.convo.addReaction", {
      convoId: convo.id,
      messageId: convo.messages[0]!.id,
      value: "👍",
    });
    await pollProfileMessages({ profileId: profile.id });
    const row = await db.message.findUniqueOrThrow({ where: { id: String(pending.json.id) } });
    expect(row.reactions).toMatchObject([{ sender_external_id: bob.did, emoji: "👍" }]);
    expect(await eventsOf(tenant.account.id, "reaction.received")).toHaveLength(0);
  });

  it("reacting sends addReaction with one emoji; anything else is 422 before any network call", async () => {
    const { alice, bob, token, createChat, send } = await world();
    const created = await createChat(bob.did);
    const pending = await send(String(created.json.id), { body: "hi" });
    await attemptSend({ messageId: String(pending.json.id), attempt: 1 });
    const react = (reaction: string) =>
      callRoute(reactRoute.POST, {
        path: `/api/messages/${pending.json.id}/react`,
        token,
        params: { id: String(pending.json.id) },
        body: { reaction },
      });
    const before = chat.calls.length;
    expect((await react("love")).status).toBe(422);
    expect(chat.calls.slice(before)).toEqual([]);
    const ok = await react("🎉");
    expect(ok.status).toBe(200);
    expect(chat.convoOf(alice.did, bob.did)!.messages[0]!.reactions).toMatchObject([
      { value: "🎉", sender: { did: alice.did } },
    ]);
  });

  it("archiving mutes the conversation on the network and unarchiving unmutes it", async () => {
    const { alice, bob, token, createChat } = await world();
    const created = await createChat(bob.did);
    const id = String(created.json.id);
    const archived = await callRoute(archiveRoute.POST, { path: `/api/chats/${id}/archive`, token, params: { id } });
    expect(archived.status).toBe(200);
    expect(archived.json.archived).toBe(true);
    expect(chat.convoOf(alice.did, bob.did)!.muted.has(alice.did)).toBe(true);
    await callRoute(archiveRoute.DELETE, { path: `/api/chats/${id}/archive`, token, params: { id } });
    expect(chat.convoOf(alice.did, bob.did)!.muted.has(alice.did)).toBe(false);
  });
});
