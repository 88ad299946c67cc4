import { db } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Environment, Platform } from "@/lib/generated/prisma/enums";
import { newId } from "@/lib/ids";
import { uniqueDigits } from "./comments";

// Chats and messages stored directly, as the inbound path or a send would store them (for tests that
// need a conversation without going through a network).

type Owner = { id: string; accountId: string; environment: Environment; profileGroupId: string; platform: Platform };
type ChatRow = Owner & { profileId: string };

// A chat of `profile` with a participant (a random one unless `data` names it).
export const seedChat = (profile: Owner, data: Partial<Prisma.ChatUncheckedCreateInput> = {}) =>
  db.chat.create({
    data: {
      id: newId("chat"),
      accountId: profile.accountId,
      environment: profile.environment,
      profileGroupId: profile.profileGroupId,
      profileId: profile.id,
      platform: profile.platform,
      participantExternalId: uniqueDigits(12),
      ...data,
    },
  });

// A message in `chat`: its direction and status, and whatever else `data` gives.
export const seedChatMessage = (
  chat: ChatRow,
  data: Partial<Prisma.MessageUncheckedCreateInput> & Pick<Prisma.MessageUncheckedCreateInput, "direction" | "status">,
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
      ...data,
    },
  });
