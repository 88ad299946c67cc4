import { describe, expect, it } from "vitest";
import { processInboundFn } from "@/inngest/functions/process-inbound";
import { sendMessageFn } from "@/inngest/functions/send-message";
import { db } from "@/lib/db/client";
import { chatApi } from "@/testing/chat-api";
import { uniqueDigits } from "@/testing/comments";
import { eventsOf, seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { pushMeta, seedFacebookPage, seedInstagramAccount, useDrain, useMetaGraphFake } from "@/testing/messaging";

// Messenger and Instagram direct messages end to end: signed Messenger Platform webhooks
// (entry.messaging) through the receivers into chats (messages with attachments and story mentions,
// quick-reply taps, postbacks, echoes, reads, deliveries, reactions, referrals) with their events, and
// sends through the Graph fake's Send API (text, quick replies, button and generic templates) under the
// window rule and each network's caps.

const FB_APP = { id: "1000000000071", secret: "fb-dm-secret" };
const IG_APP = { id: "2000000000072", secret: "ig-dm-secret" };
const graph = useMetaGraphFake(FB_APP, IG_APP);

const drain = useDrain([processInboundFn, sendMessageFn]);

type Json = Record<string, unknown>;
const push = (platform: "facebook" | "instagram", account: string, messaging: Json[]) =>
  pushMeta(platform === "facebook" ? FB_APP : IG_APP, platform, account, messaging);

const api = chatApi;

const facebookTenant = async () => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const { profile, page } = await seedFacebookPage(graph, tenant, { name: "Acme Bakery" });
  return { ...tenant, token, profile, page };
};

const instagramTenant = async () => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const { profile, account } = await seedInstagramAccount(graph, tenant, { username: "acme.bakery" });
  return { ...tenant, token, profile, igId: account };
};

const now = () => Date.now();

describe("Messenger direct messages", () => {
  it("messages, a quick-reply tap, a postback and a referral land once in the Page's chat, with message.received and referral.received", async () => {
    const t = await facebookTenant();
    const psid = uniqueDigits(16);
    const from = { sender: { id: psid }, recipient: { id: t.page } };
    const events = [
      { ...from, timestamp: now() - 4000, referral: { ref: "summer-sale", source: "SHORTLINK", type: "OPEN_THREAD" } },
      {
        ...from,
        timestamp: now() - 3000,
        message: {
          mid: `m_${uniqueDigits(12)}`,
          text: "Do you deliver? 🥐",
          attachments: [{ type: "image", payload: { url: "https://cdn.example/croissant.jpg" } }],
        },
      },
      {
        ...from,
        timestamp: now() - 2000,
        message: { mid: `m_${uniqueDigits(12)}`, text: "Yes please", quick_reply: { payload: "DELIVERY_YES" } },
      },
      {
        ...from,
        timestamp: now() - 1000,
        postback: { mid: `m_${uniqueDigits(12)}`, title: "Opening hours", payload: "HOURS" },
      },
    ];
    expect(await push("facebook", t.page, events)).toBe(200);
    expect(await push("facebook", t.page, events)).toBe(200); // Meta redelivers
    await drain();

    const [chat] = (await api.chats(t.token, t.profile.id)).json.data as Json[];
    expect(chat).toMatchObject({
      participant_external_id: psid,
      placement_id: t.page,
      within_messaging_window: true,
      metadata: { referral: { ref: "summer-sale", source: "SHORTLINK" } },
    });
    const thread = (await api.messages(t.token, String(chat!.id))).json.data as Json[];
    expect(thread).toHaveLength(3);
    expect(thread[2]).toMatchObject({
      direction: "inbound",
      body: "Do you deliver? 🥐",
      attachments: [{ type: "image", url: "https://cdn.example/croissant.jpg" }],
    });
    expect(thread[1]).toMatchObject({
      body: "Yes please",
      tapped_action: { kind: "quick_reply", payload: "DELIVERY_YES", title: "Yes please" },
    });
    expect(thread[0]).toMatchObject({
      body: "Opening hours",
      tapped_action: { kind: "postback", payload: "HOURS", title: "Opening hours" },
    });
    expect(await eventsOf(t.account.id, "message.received")).toHaveLength(3);
    const referrals = await eventsOf(t.account.id, "referral.received");
    expect(referrals).toHaveLength(1);
    expect(referrals[0]!.data).toMatchObject({ chat: { id: chat!.id }, referral: { ref: "summer-sale" } });
  });

  it("sends text with quick replies through the Send API as the Page; watermarks stamp it delivered and read; a reaction comes and goes", async () => {
    const t = await facebookTenant();
    const psid = uniqueDigits(16);
    expect(
      await push("facebook", t.page, [
        {
          sender: { id: psid },
          recipient: { id: t.page },
          timestamp: now(),
          message: { mid: `m_${uniqueDigits(12)}`, text: "Hi" },
        },
      ]),
    ).toBe(200);
    graph.messenger.participantWrote("facebook", t.page, psid);
    await drain();
    const chat = (await api.createChat(t.token, t.profile.id, { participant_external_id: psid, placement_id: t.page }))
      .json as Json & { id: string };
    const sent = await api.send(t.token, chat.id, {
      body: "Pick a slot",
      quick_replies: [
        { title: "Morning", payload: "AM" },
        { title: "Evening", payload: "PM" },
      ],
    });
    expect(sent.status).toBe(202);
    await drain();
    const onNetwork = graph.messenger.sent.filter((m) => m.recipient === psid);
    expect(onNetwork).toHaveLength(1);
    expect(onNetwork[0]).toMatchObject({
      family: "facebook",
      from: t.page,
      messagingType: "RESPONSE",
      message: {
        text: "Pick a slot",
        quick_replies: [
          { content_type: "text", title: "Morning", payload: "AM" },
          { content_type: "text", title: "Evening", payload: "PM" },
        ],
      },
    });
    const published = (await api.message(t.token, String(sent.json.id))).json;
    expect(published).toMatchObject({ status: "published", external_id: onNetwork[0]!.id });

    const later = now() + 60_000;
    const signal = (extra: Json) => ({ sender: { id: psid }, recipient: { id: t.page }, timestamp: later, ...extra });
    await push("facebook", t.page, [
      signal({ delivery: { watermark: later } }),
      signal({ read: { watermark: later } }),
    ]);
    await push("facebook", t.page, [signal({ read: { watermark: later } })]); // again: nothing new
    await push("facebook", t.page, [
      signal({ reaction: { mid: onNetwork[0]!.id, action: "react", reaction: "love", emoji: "❤" } }),
    ]);
    await drain();
    const read = (await api.message(t.token, String(sent.json.id))).json;
    expect(read).toMatchObject({
      external_delivered_at: new Date(later).toISOString(),
      external_read_at: new Date(later).toISOString(),
      reactions: [{ sender_external_id: psid, emoji: "❤", reaction: "love" }],
    });
    expect(await eventsOf(t.account.id, "message.delivered")).toHaveLength(1);
    expect(await eventsOf(t.account.id, "message.read")).toHaveLength(1);
    await push("facebook", t.page, [
      signal({ timestamp: later + 1, reaction: { mid: onNetwork[0]!.id, action: "unreact" } }),
    ]);
    await drain();
    expect((await api.message(t.token, String(sent.json.id))).json.reactions).toEqual([]);
    const reactions = await eventsOf(t.account.id, "reaction.received");
    expect(reactions.map((e) => (e.data as { reaction: { action: string } }).reaction.action)).toEqual([
      "react",
      "unreact",
    ]);
  });

  it("the window and Facebook's rules: 422 outside 24 hours, buttons not with media, 220 characters with buttons; a page is required", async () => {
    const t = await facebookTenant();
    const stranger = uniqueDigits(16);
    expect((await api.createChat(t.token, t.profile.id, { participant_external_id: stranger })).json.errors).toEqual([
      "placement_id is required on Facebook (the number the chat runs on)",
    ]);
    const chat = (
      await api.createChat(t.token, t.profile.id, { participant_external_id: stranger, placement_id: t.page })
    ).json as Json & { id: string };
    expect(chat.within_messaging_window).toBe(false);
    const outside = await api.send(t.token, chat.id, { body: "Hello?" });
    expect(outside.status).toBe(422);
    expect(outside.json.errors).toEqual([
      "Outside the 24-hour messaging window: the participant has not written in the last 24 hours",
    ]);
    await push("facebook", t.page, [
      {
        sender: { id: stranger },
        recipient: { id: t.page },
        timestamp: now(),
        message: { mid: `m_${uniqueDigits(12)}`, text: "Hey" },
      },
    ]);
    await drain();
    const buttons = [{ type: "web_url", title: "Menu", url: "https://acme.example/menu" }];
    const rules = await api.send(t.token, chat.id, {
      body: "x".repeat(221),
      buttons,
      media: ["https://cdn.example/a.jpg"],
      reply_markup: {},
    });
    expect(rules.json.errors).toEqual(
      expect.arrayContaining([
        "reply_markup is not supported on Facebook",
        "buttons cannot be sent with media",
        "body: at most 220 characters with buttons",
      ]),
    );
    expect(await db.message.count({ where: { chatId: chat.id, direction: "outbound" } })).toBe(0);
  });
});

describe("Instagram direct messages", () => {
  it("story mentions and story replies arrive as such; echoes from another app are synced outbound messages, our own are not stored twice", async () => {
    const t = await instagramTenant();
    const igsid = uniqueDigits(16);
    const from = { sender: { id: igsid }, recipient: { id: t.igId } };
    const echo = (appId: string) => ({
      sender: { id: t.igId },
      recipient: { id: igsid },
      timestamp: now(),
      message: { mid: `m_${uniqueDigits(12)}`, text: `Sent by ${appId}`, is_echo: true, app_id: appId },
    });
    expect(
      await push("instagram", t.igId, [
        {
          ...from,
          timestamp: now() - 2000,
          message: {
            mid: `m_${uniqueDigits(12)}`,
            attachments: [{ type: "story_mention", payload: { url: "https://cdn.example/story.mp4" } }],
          },
        },
        {
          ...from,
          timestamp: now() - 1000,
          message: {
            mid: `m_${uniqueDigits(12)}`,
            text: "Love it",
            reply_to: { story: { url: "https://cdn.example/s2.jpg", id: "1789" } },
          },
        },
        echo("263902037430900"),
        echo(IG_APP.id),
      ]),
    ).toBe(200);
    await drain();
    const [chat] = (await api.chats(t.token, t.profile.id)).json.data as Json[];
    expect(chat).toMatchObject({ participant_external_id: igsid, placement_id: null });
    const thread = (await api.messages(t.token, String(chat!.id))).json.data as Json[];
    expect(thread.map((m) => m.body)).toEqual(["Sent by 263902037430900", "Love it", null]);
    expect(thread[2]).toMatchObject({
      direction: "inbound",
      attachments: [{ type: "story_mention", url: "https://cdn.example/story.mp4" }],
    });
    expect(thread[1]).toMatchObject({
      platform_data: { story_reply: { url: "https://cdn.example/s2.jpg", id: "1789" } },
    });
    expect(thread[0]).toMatchObject({ direction: "outbound", status: "published", source: "synced" });
    expect(await eventsOf(t.account.id, "message.sent")).toHaveLength(1);
    expect(await eventsOf(t.account.id, "message.received")).toHaveLength(2);
  });

  it("a referral opens the window; buttons go out as a button template and a card as a generic template; Instagram's caps answer 422", async () => {
    const t = await instagramTenant();
    const igsid = uniqueDigits(16);
    const chat = (await api.createChat(t.token, t.profile.id, { participant_external_id: igsid })).json as Json & {
      id: string;
    };
    expect((await api.send(t.token, chat.id, { body: "Hi" })).status).toBe(422); // never wrote: outside the window
    await push("instagram", t.igId, [
      {
        sender: { id: igsid },
        recipient: { id: t.igId },
        timestamp: now(),
        referral: { ref: "ig-ad-7", source: "ADS", type: "OPEN_THREAD", ad_id: "6001" },
      },
    ]);
    graph.messenger.participantWrote("instagram", t.igId, igsid);
    await drain();
    expect((await api.chat(t.token, chat.id)).json).toMatchObject({
      within_messaging_window: true,
      metadata: { referral: { ref: "ig-ad-7", ad_id: "6001" } },
    });

    const buttons = [{ type: "postback", title: "Book", payload: "BOOK" }];
    const caps = await api.send(t.token, chat.id, {
      body: "x".repeat(81),
      buttons,
      quick_replies: [{ title: "A", payload: "a" }],
    });
    expect(caps.json.errors).toEqual([
      "body: at most 80 characters with buttons",
      "quick_replies cannot be sent with buttons",
    ]);
    const withButtons = await api.send(t.token, chat.id, { body: "Book a table?", buttons });
    const card = await api.send(t.token, chat.id, {
      body: "Croissant",
      card: { subtitle: "Fresh daily", image_url: "https://cdn.example/c.jpg" },
      buttons,
    });
    expect([withButtons.status, card.status]).toEqual([202, 202]);
    await drain();
    const onNetwork = graph.messenger.sent.filter((m) => m.recipient === igsid);
    expect(onNetwork).toHaveLength(2);
    expect(onNetwork.map((m) => m.message)).toEqual(
      expect.arrayContaining([
        {
          attachment: {
            type: "template",
            payload: {
              template_type: "button",
              text: "Book a table?",
              buttons: [{ type: "postback", title: "Book", payload: "BOOK" }],
            },
          },
        },
        {
          attachment: {
            type: "template",
            payload: {
              template_type: "generic",
              elements: [
                {
                  title: "Croissant",
                  subtitle: "Fresh daily",
                  image_url: "https://cdn.example/c.jpg",
                  buttons: [{ type: "postback", title: "Book", payload: "BOOK" }],
                },
              ],
            },
          },
        },
      ]),
    );
    expect(onNetwork.every((m) => m.family === "instagram" && m.from === t.igId)).toBe(true);
    const generic = onNetwork.find((m) => JSON.stringify(m.message).includes('"generic"'))!;
    expect((await api.message(t.token, String(card.json.id))).json).toMatchObject({
      status: "published",
      external_id: generic.id,
    });
    expect(await eventsOf(t.account.id, "referral.received")).toHaveLength(1);
  });
});

describe("the Graph fake's Send API", () => {
  it("refuses unknown fields and enum values, too many quick replies, and messages outside the window, as Graph does", async () => {
    const t = await facebookTenant();
    const page = await db.placement.findFirstOrThrow({ where: { profileId: t.profile.id } });
    const { decryptSecret } = await import("@/lib/crypto");
    const call = (form: Record<string, string>) =>
      fetch(`${graph.base("graph.facebook.com")}/v25.0/${t.page}/messages`, {
        method: "POST",
        body: new URLSearchParams({ ...form, access_token: decryptSecret(page.accessToken!) }),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { error?: { code: number; error_subcode?: number } },
      }));
    const psid = uniqueDigits(16);
    const base = {
      recipient: JSON.stringify({ id: psid }),
      messaging_type: "RESPONSE",
      message: JSON.stringify({ text: "Hi" }),
    };
    expect((await call(base)).body.error).toMatchObject({ code: 10, error_subcode: 2018278 }); // never wrote
    graph.messenger.participantWrote("facebook", t.page, psid);
    expect((await call(base)).status).toBe(200);
    expect((await call({ ...base, persona: "x" })).body.error?.code).toBe(100);
    expect((await call({ ...base, messaging_type: "PROMO" })).body.error?.code).toBe(100);
    expect((await call({ ...base, message: JSON.stringify({ text: "Hi", sticker: 1 }) })).body.error?.code).toBe(100);
    const many = Array.from({ length: 14 }, (_, i) => ({ content_type: "text", title: `Q${i}`, payload: `${i}` }));
    expect(
      (await call({ ...base, message: JSON.stringify({ text: "Hi", quick_replies: many }) })).body.error?.code,
    ).toBe(100);
    const template = { attachment: { type: "template", payload: { template_type: "receipt", text: "x" } } };
    expect((await call({ ...base, message: JSON.stringify(template) })).body.error?.code).toBe(100);
  });
});
