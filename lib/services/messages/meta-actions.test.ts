import { describe, expect, it } from "vitest";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as startTypingRoute from "@/app/api/chats/[id]/start_typing/route";
import * as stopTypingRoute from "@/app/api/chats/[id]/stop_typing/route";
import * as reactRoute from "@/app/api/messages/[id]/react/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { pushMeta, seedFacebookPage, seedInstagramAccount, useDrain, useMetaGraphFake } from "@/testing/messaging";

// Messenger and Instagram beyond sending: our reactions (sender_action react, each network's reaction
// rules), typing indicators (typing_on/typing_off, Messenger only), and the participants' edits and
// unsent messages arriving by signed webhook (message_edits, is_deleted) with their events.

const FB_APP = { id: "1000000000081", secret: "fb-act-secret" };
const IG_APP = { id: "2000000000082", secret: "ig-act-secret" };
const graph = useMetaGraphFake(FB_APP, IG_APP);

const drain = useDrain([processInboundFn]);

type Json = Record<string, unknown>;
type Family = "facebook" | "instagram";

// A tenant with a connected Page (facebook) or professional account (instagram), and a participant who
// wrote `text` (the window is open, on our side and the fake's).
const world = async (family: Family) => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const { profile, account } =
    family === "facebook"
      ? await seedFacebookPage(graph, tenant, { name: "Acme" }).then((p) => ({ ...p, account: p.page }))
      : await seedInstagramAccount(graph, tenant, { username: "acme" });
  const profileId = profile.id;
  const participant = uniqueDigits(16);
  const push = async (messaging: Json[]) => {
    const status = await pushMeta(family === "facebook" ? FB_APP : IG_APP, family, account, messaging);
    await drain();
    return status;
  };
  const event = (extra: Json) => ({
    sender: { id: participant },
    recipient: { id: account },
    timestamp: Date.now(),
    ...extra,
  });
  const mid = `m_${uniqueDigits(14)}`;
  await push([event({ message: { mid, text: "Hi there" } })]);
  graph.messenger.participantWrote(family, account, participant);
  graph.messenger.knowInbound(mid);
  const chat = (
    await callRoute(profileChatsRoute.GET, {
      path: `/api/profiles/${profileId}/chats`,
      token,
      params: { id: profileId },
    })
  ).json.data![0] as Json & { id: string };
  const messages = async () =>
    (await callRoute(chatMessagesRoute.GET, { path: `/api/chats/${chat.id}/messages`, token, params: { id: chat.id } }))
      .json.data as Json[];
  const react = (reaction: string, id = mid) =>
    callRoute(reactRoute.POST, { path: `/api/messages/${id}/react`, token, params: { id }, body: { reaction } });
  const typing = (route: typeof startTypingRoute) =>
    callRoute(route.POST, { path: `/api/chats/${chat.id}/typing`, token, params: { id: chat.id } });
  return { tenant, account, participant, mid, chat, push, event, messages, react, typing };
};

const actionsTo = (participant: string) => graph.messenger.actions.filter((a) => a.recipient === participant);

describe("Messenger and Instagram reactions, typing, edits and deletions", () => {
  it("facebook: a named reaction goes out as sender_action react with its emoji and is kept on the message", async () => {
    const w = await world("facebook");
    const res = await w.react("love");
    expect(res.status).toBe(200);
    expect(actionsTo(w.participant)).toMatchObject([
      { family: "facebook", from: w.account, action: "react", payload: { message_id: w.mid, reaction: "❤️" } },
    ]);
    expect(res.json.reactions).toMatchObject([{ reaction: "love" }]);
  });

  it("facebook: a reaction outside its named set answers 422 before any network call", async () => {
    const w = await world("facebook");
    const res = await w.react("🦄");
    expect(res.status).toBe(422);
    expect(actionsTo(w.participant)).toEqual([]);
  });

  it("instagram: love is sent; any other reaction answers 422", async () => {
    const w = await world("instagram");
    expect((await w.react("👍")).status).toBe(422);
    expect((await w.react("love")).status).toBe(200);
    expect(actionsTo(w.participant)).toMatchObject([
      { family: "instagram", action: "react", payload: { message_id: w.mid, reaction: "love" } },
    ]);
  });

  it("facebook: start_typing and stop_typing send typing_on and typing_off as the Page", async () => {
    const w = await world("facebook");
    expect((await w.typing(startTypingRoute)).status).toBe(200);
    expect((await w.typing(stopTypingRoute)).status).toBe(200);
    expect(actionsTo(w.participant).map((a) => a.action)).toEqual(["typing_on", "typing_off"]);
  });

  it("typing answers 422 on a network without typing indicators and outside the window", async () => {
    const ig = await world("instagram");
    const refused = await ig.typing(startTypingRoute);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual(["Typing indicators are not available on Instagram"]);
    const fb = await world("facebook");
    await db.chat.update({ where: { id: fb.chat.id }, data: { lastInboundAt: new Date(Date.now() - 25 * 3600_000) } });
    expect((await fb.typing(startTypingRoute)).status).toBe(422);
    expect(actionsTo(fb.participant)).toEqual([]);
  });

  it("instagram: an edit (message_edits) changes the stored text and emits message.edited once", async () => {
    const w = await world("instagram");
    const edit = w.event({ message_edit: { mid: w.mid, text: "Hi there!", num_edit: 1 } });
    expect(await w.push([edit])).toBe(200);
    expect(await w.push([edit])).toBe(200);
    const [message] = await w.messages();
    expect(message).toMatchObject({ body: "Hi there!", platform_data: { edited_at: expect.any(String) } });
    expect(await eventsOf(w.tenant.account.id, "message.edited")).toHaveLength(1);
  });

  it("instagram: an unsent message loses its content and emits message.deleted; facebook emits none", async () => {
    const ig = await world("instagram");
    await ig.push([ig.event({ message: { mid: ig.mid, is_deleted: true } })]);
    expect((await ig.messages())[0]).toMatchObject({ body: null, platform_data: { deleted_at: expect.any(String) } });
    expect(await eventsOf(ig.tenant.account.id, "message.deleted")).toHaveLength(1);
    const fb = await world("facebook");
    await fb.push([fb.event({ message: { mid: fb.mid, is_deleted: true } })]);
    expect((await fb.messages())[0]).toMatchObject({ body: null });
    expect(await eventsOf(fb.tenant.account.id, "message.deleted")).toHaveLength(0);
  });
});
