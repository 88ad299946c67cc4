import { afterAll, describe, expect, it } from "vitest";
import { paginated } from "@/lib/pagination";
import { renderInboxChat } from "@/lib/serializers/message";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { seedChat, seedChatMessage } from "@/testing/chats";
import { seedNetworkProfile } from "@/testing/comments";
import { seedTenant, type Tenant } from "@/testing/network-tests";
import { ZInboxChatsQuery } from "@/lib/schemas/messages";
import { markChatRead } from "./chat-actions";
import { listInboxChats } from "./inbox";

// The admin chat inbox (GET /api/admin/chats): chats across the caller's profiles, newest activity
// first, with unread counts that mark_read clears, the window state, the network's composer
// capability as data, and the filters by network and placement; another tenant's chats never show.

afterAll(() => db.$disconnect());

const HOUR = 3600_000;

// A chat whose participant last wrote `inboundHoursAgo` hours ago (two inbound messages, unread).
const chatWrittenAgo = async (
  profile: Parameters<typeof seedChat>[0],
  { placement = null, inboundHoursAgo }: { placement?: string | null; inboundHoursAgo: number },
) => {
  const at = new Date(Date.now() - inboundHoursAgo * HOUR);
  const chat = await seedChat(profile, {
    participantExternalId: `${Math.floor(Math.random() * 1e12)}`,
    externalPlacementId: placement,
    placementKey: placement ?? "",
    lastInboundAt: at,
    lastMessageAt: at,
  });
  for (const minutes of [2, 1])
    await seedChatMessage(chat, {
      direction: "inbound",
      status: "received",
      body: "hello",
      externalId: newId("message"),
      createdAt: new Date(at.getTime() - minutes * 60_000),
    });
  return chat;
};

// The page as GET /api/admin/chats answers it (the route renders the service's rows).
const list = async (t: Tenant, query: Record<string, string> = {}) => {
  const parsed = ZInboxChatsQuery.parse(query);
  const { total, views } = await listInboxChats({ principal: t.principal, query: parsed });
  return paginated(
    parsed,
    total,
    views.map((view) => renderInboxChat(view)),
  );
};

const setup = async () => {
  const t = await seedTenant({ environment: "sandbox" });
  const whatsapp = await seedNetworkProfile({ group: t.group, platform: "whatsapp", externalId: "waba-1" });
  const telegram = await seedNetworkProfile({ group: t.group, platform: "telegram", externalId: "bot-1" });
  const old = await chatWrittenAgo(whatsapp, { placement: "num-1", inboundHoursAgo: 30 });
  const fresh = await chatWrittenAgo(telegram, { inboundHoursAgo: 1 });
  const recent = await chatWrittenAgo(whatsapp, { placement: "num-2", inboundHoursAgo: 2 });
  return { t, old, fresh, recent };
};

describe("admin chat inbox", () => {
  it("lists every chat of the caller across networks, most recent activity first, and no other tenant's", async () => {
    const { t, old, fresh, recent } = await setup();
    const other = await setup();
    const page = await list(t);
    expect(page.data.map((c) => c.id)).toEqual([fresh.id, recent.id, old.id]);
    expect(page.total).toBe(3);
    expect(page.data.map((c) => c.id)).not.toContain(other.fresh.id);
  });

  it("filters by network and by the number a chat runs on", async () => {
    const { t, old, recent } = await setup();
    expect((await list(t, { platform: "whatsapp" })).data.map((c) => c.id)).toEqual([recent.id, old.id]);
    expect((await list(t, { placement_id: "num-1" })).data.map((c) => c.id)).toEqual([old.id]);
    expect((await list(t, { platform: "nonsense" })).data).toEqual([]);
  });

  it("counts inbound messages as unread until the chat is marked read", async () => {
    const { t, fresh } = await setup();
    const before = (await list(t)).data.find((c) => c.id === fresh.id)!;
    expect(before.unread_count).toBe(2);
    await markChatRead({ principal: t.principal, id: fresh.id });
    expect((await list(t)).data.find((c) => c.id === fresh.id)!.unread_count).toBe(0);
  });

  it("gives the window state and the network's composer capability: a template only where the network sends one outside the window", async () => {
    const { t, old, fresh } = await setup();
    const chats = new Map((await list(t)).data.map((c) => [c.id, c]));
    const wa = chats.get(old.id)!;
    expect(wa.within_messaging_window).toBe(false);
    expect(wa.composer.outside_window).toContain("template");
    expect(wa.composer.fields).toContain("template");
    const tg = chats.get(fresh.id)!;
    expect(tg.within_messaging_window).toBe(true);
    expect(tg.composer.outside_window).toEqual([]);
    expect(tg.composer.fields).toContain("reply_markup");
    expect(tg.composer.fields).not.toContain("template");
  });
});
