import type { Environment, MessageDirection, MessageStatus, Platform } from "@/lib/generated/prisma/enums";
import { seedChat as seedChatRow, seedChatMessage } from "./chats";
import { uniqueDigits } from "./comments";

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
