import type { GraphFake } from "@/testing/fakes/graph";
import type { Environment, MessageDirection, MessageStatus, Platform } from "@/lib/generated/prisma/enums";
import { seedChat as seedChatRow, seedChatMessage } from "./chats";
import { uniqueDigits } from "./comments";
import { seedFacebookPage } from "./messaging-seeds";
import { seedTenant } from "./network-tests";
import { seedKey } from "./seed";

// Messages tests: a chat of a profile with a participant who wrote a moment ago (the window open on
// our side), and stored messages in it, without going through the inbound pipeline (rows: chats.ts).

type ProfileRow = {
  id: string;
  accountId: string;
  environment: Environment;
  profileGroupId: string;
  platform: Platform;
};

export const seedChat = (
  profile: ProfileRow,
  {
    participantExternalId = uniqueDigits(16),
    placement = null,
    lastInboundAt = new Date(),
  }: { participantExternalId?: string; placement?: string | null; lastInboundAt?: Date } = {},
) =>
  seedChatRow(profile, {
    participantExternalId,
    externalPlacementId: placement,
    placementKey: placement ?? "",
    lastInboundAt,
    lastMessageAt: lastInboundAt,
  });

export const seedMessage = (
  chat: Awaited<ReturnType<typeof seedChat>>,
  {
    externalId,
    direction = "inbound",
    status = "received",
    body = "Hi there",
  }: { externalId: string; direction?: MessageDirection; status?: MessageStatus; body?: string },
) => seedChatMessage(chat, { externalId, direction, status, body, externalPostedAt: new Date() });

// A tenant (with an account key) whose Page has a chat with a participant who wrote a moment ago (on our
// side and on the fake's), one inbound message in it, and the fake's Send API actions towards them.
export const seedMessengerChat = async (graph: GraphFake) => {
  const tenant = await seedTenant();
  const t = { ...tenant, token: (await seedKey({ accountId: tenant.account.id })).token };
  const { profile, page } = await seedFacebookPage(graph, t, { name: "Acme" });
  const chat = await seedChat(profile, { placement: page });
  const mid = `m_${uniqueDigits(14)}`;
  const message = await seedMessage(chat, { externalId: mid });
  graph.messenger.participantWrote("facebook", page, chat.participantExternalId);
  graph.messenger.knowInbound(mid);
  const actions = () => graph.messenger.actions.filter((a) => a.recipient === chat.participantExternalId);
  return { ...t, page, profile, chat, message, mid, actions };
};
