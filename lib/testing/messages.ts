import { db } from "@/lib/db/client";
import type { Environment, MessageDirection, MessageStatus, Platform } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { uniqueDigits } from "./comments";

// Messages tests: a chat of a profile with a participant who wrote a moment ago (the window open on
// our side), and stored messages in it, without going through the inbound pipeline.

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
  db.chat.create({
    data: {
      id: newId("chat"),
      accountId: profile.accountId,
      environment: profile.environment,
      profileGroupId: profile.profileGroupId,
      profileId: profile.id,
      platform: profile.platform,
      participantExternalId,
      externalPlacementId: placement,
      placementKey: placement ?? "",
      lastInboundAt,
      lastMessageAt: lastInboundAt,
    },
  });

export const seedMessage = (
  chat: Awaited<ReturnType<typeof seedChat>>,
  {
    externalId,
    direction = "inbound",
    status = "received",
    body = "Hi there",
  }: { externalId: string; direction?: MessageDirection; status?: MessageStatus; body?: string },
) =>
  db.message.create({
    data: {
      id: newId("message"),
      chatId: chat.id,
      accountId: chat.accountId,
      environment: chat.environment,
      profileGroupId: chat.profileGroupId,
      profileId: chat.profileId,
      platform: chat.platform,
      externalId,
      direction,
      status,
      body,
      externalPostedAt: new Date(),
    },
  });
