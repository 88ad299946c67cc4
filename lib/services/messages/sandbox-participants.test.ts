import { afterAll, describe, expect, it } from "vitest";
import * as chatRoute from "@/app/api/chats/[id]/route";
import * as chatMessagesRoute from "@/app/api/chats/[id]/messages/route";
import * as startTypingRoute from "@/app/api/chats/[id]/start_typing/route";
import * as messageRoute from "@/app/api/messages/[id]/route";
import * as reactRoute from "@/app/api/messages/[id]/react/route";
import * as iceBreakersRoute from "@/app/api/profiles/[id]/ice_breakers/route";
import * as profileChatsRoute from "@/app/api/profiles/[id]/chats/route";
import { ManualClock } from "@/inngest/local-runner";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { db } from "@/lib/db/client";
import type { Platform } from "@/lib/generated/prisma/enums";
import { callRoute } from "@/testing/call-route";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { seedSandboxProfile, useDrain } from "@/testing/messaging";

// The sandbox's simulated participants beyond answering: they react to a message (#sandbox-react), leave
// the messaging window (#sandbox-leave: within_messaging_window turns false, free-form sends 422), and
// the platform's chat actions (reactions with its rules, edits, typing, ice breakers) answer as the
// platform would.

const clock = new ManualClock(new Date());
afterAll(() => db.$disconnect());

const drain = useDrain([sendMessageFn], { clock });

type Json = Record<string, unknown>;
const sandboxChat = async (platform: Platform, participant: string) => {
  const tenant = await seedTenant({ environment: "sandbox" });
  const { token } = await seedKey({ accountId: tenant.account.id, environment: "sandbox" });
  const { profile, placements } = await seedSandboxProfile(tenant, platform);
  const page = platform === "facebook" ? placements[0]?.externalId : undefined;
  const chat = (
    await callRoute(profileChatsRoute.POST, {
      path: `/api/profiles/${profile.id}/chats`,
      token,
      params: { id: profile.id },
      body: { participant_external_id: participant, ...(page && { placement_id: page }) },
    })
  ).json as Json & { id: string };
  const send = (body: unknown) =>
    callRoute(chatMessagesRoute.POST, { path: `/api/chats/${chat.id}/messages`, token, params: { id: chat.id }, body });
  const message = (id: string) => callRoute(messageRoute.GET, { path: `/api/messages/${id}`, token, params: { id } });
  const getChat = () => callRoute(chatRoute.GET, { path: `/api/chats/${chat.id}`, token, params: { id: chat.id } });
  return { tenant, token, profile, chat, send, message, getChat };
};

describe("sandbox participants", () => {
  it("#sandbox-react: the participant reacts to our message a moment later (reaction.received on instagram)", async () => {
    const s = await sandboxChat("instagram", "17841400000000101");
    const sent = await s.send({ body: "Like this? #sandbox-react" });
    await drain();
    await drain(2000);
    const stored = (await s.message(String(sent.json.id))).json;
    expect(stored.reactions).toMatchObject([
      { sender_external_id: "17841400000000101", reaction: "love", emoji: "❤️" },
    ]);
    expect(await eventsOf(s.tenant.account.id, "reaction.received")).toHaveLength(1);
  });

  it("#sandbox-leave: the participant leaves, the window closes and a free-form send answers 422", async () => {
    const s = await sandboxChat("facebook", "2400000000000102");
    expect((await s.getChat()).json.within_messaging_window).toBe(true);
    await s.send({ body: "Bye #sandbox-leave" });
    await drain();
    await drain(2000);
    expect((await s.getChat()).json.within_messaging_window).toBe(false);
    const refused = await s.send({ body: "Still there?" });
    expect(refused.status).toBe(422);
    expect(String(refused.json.errors)).toContain("Outside the 24-hour messaging window");
  });

  it("the platform's chat actions answer with its rules: instagram reactions, telegram edits, facebook typing, ice breakers", async () => {
    const ig = await sandboxChat("instagram", "17841400000000103");
    const sent = await ig.send({ body: "hello" });
    await drain();
    const react = (reaction: string) =>
      callRoute(reactRoute.POST, {
        path: `/api/messages/${sent.json.id}/react`,
        token: ig.token,
        params: { id: String(sent.json.id) },
        body: { reaction },
      });
    expect((await react("👍")).status).toBe(422);
    expect((await react("love")).status).toBe(200);
    const ice = (method: "GET" | "POST", body?: unknown) =>
      callRoute(iceBreakersRoute[method], {
        path: `/api/profiles/${ig.profile.id}/ice_breakers`,
        token: ig.token,
        params: { id: ig.profile.id },
        body,
      });
    await ice("POST", { ice_breakers: [{ question: "Hours?", payload: "H" }] });
    expect((await ice("GET")).json).toEqual({ ice_breakers: [{ question: "Hours?", payload: "H" }] });

    const tg = await sandboxChat("telegram", "424243");
    const first = await tg.send({ body: "at 5" });
    await drain();
    const edit = (body: string) =>
      callRoute(messageRoute.PATCH, {
        path: `/api/messages/${first.json.id}`,
        token: tg.token,
        params: { id: String(first.json.id) },
        body: { body },
      });
    expect((await edit("at 6")).json).toMatchObject({ body: "at 6" });
    expect((await edit("at 7 #sandbox-fail")).status).toBe(422);

    const fb = await sandboxChat("facebook", "2400000000000104");
    const typing = await callRoute(startTypingRoute.POST, {
      path: `/api/chats/${fb.chat.id}/start_typing`,
      token: fb.token,
      params: { id: fb.chat.id },
    });
    expect(typing.status).toBe(200);
    expect(
      (
        await callRoute(startTypingRoute.POST, {
          path: `/api/chats/${tg.chat.id}/start_typing`,
          token: tg.token,
          params: { id: tg.chat.id },
        })
      ).status,
    ).toBe(422);
  });
});
