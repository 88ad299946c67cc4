import "server-only";
import { notFound, unprocessable } from "@/lib/errors";
import { groupScope, type Principal } from "@/lib/principal";
import { db } from "@/lib/db/client";
import type { Chat, Profile } from "@/lib/generated/prisma/client";
import { CAPABILITIES, DISPLAY_NAMES } from "@/lib/networks/platforms";
import { connectorFor } from "@/lib/networks/registry";
import type { AnyConnector, ChatActionInput, ConnectorContext, Messaging } from "@/lib/networks/types";
import { placementAuthOf, profileAuthOf } from "@/lib/services/connections/profile-auth";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { contextFor } from "@/lib/services/connections/context";
import { connectorStore } from "@/lib/services/connections/connector-store";

// What every direct-message endpoint shares: the caller's profile, chat or message (another tenant's,
// environment's or group's answers exactly like a missing one), and the network's messaging capability.

export const noMessaging = (platform: Profile["platform"]) =>
  unprocessable([`Direct messages are not available on ${DISPLAY_NAMES[platform]}`]);

// Networks without direct messages (threads) answer 422 on every DM call.
export const assertMessagingNetwork = (platform: Profile["platform"]) => {
  if (!CAPABILITIES[platform].messaging) throw noMessaging(platform);
};

// The connector and its messaging capability for sending, or 422 where this server cannot send there yet.
export const messagingFor = (
  profile: Pick<Profile, "platform" | "environment">,
): { connector: AnyConnector; messaging: Messaging<Record<string, unknown>> } => {
  assertMessagingNetwork(profile.platform);
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  if (!connector.messaging) throw noMessaging(profile.platform);
  return { connector, messaging: connector.messaging };
};

// The connector's context acting for one profile, with the profile's connector store (the sandbox keeps
// its simulated chats there).
export const messagingContext = (
  connector: AnyConnector,
  profileId: string,
): ConnectorContext<Record<string, unknown>> => ({
  ...contextFor(connector),
  store: connectorStore(profileId),
});

// The messaging window of a network (null: none), whether or not sending is built for it.
export const windowHoursOf = (profile: Pick<Profile, "platform" | "environment">): number | null => {
  try {
    return (
      connectorFor({ platform: profile.platform, environment: profile.environment }).messaging?.windowHours ?? null
    );
  } catch {
    return null;
  }
};

export const profileForMessagingOrThrow = async ({ principal, id }: { principal: Principal; id: string }) => {
  const profile = await db.profile.findFirst({ where: { AND: [groupScope(principal), { id }] } });
  if (!profile) throw notFound();
  assertMessagingNetwork(profile.platform);
  return profile;
};

// By our id or the network's conversation id.
export const chatOrThrow = async ({
  principal,
  id,
}: {
  principal: Principal;
  id: string;
}): Promise<Chat & { profile: Profile }> => {
  const chat = await db.chat.findFirst({
    where: { AND: [groupScope(principal), { OR: [{ id }, { externalConversationId: id }] }] },
    include: { profile: true },
    orderBy: { createdAt: "asc" },
  });
  if (!chat) throw notFound();
  return chat;
};

// What a chat-level network call names (archive, react, typing): fresh tokens, the chat's placement.
export const chatActionInput = async (connector: AnyConnector, chat: Chat): Promise<ChatActionInput> => {
  const profile = await freshAuth(connector, chat.profileId);
  const placementRow = chat.externalPlacementId
    ? await db.placement.findFirst({ where: { profileId: profile.id, externalId: chat.externalPlacementId } })
    : null;
  const placement = placementRow ? placementAuthOf(placementRow) : null;
  return {
    auth: profileAuthOf(profile),
    placement: placement?.externalId ? { ...placement, externalId: placement.externalId } : null,
    participantExternalId: chat.participantExternalId,
    conversationId: chat.externalConversationId,
  };
};
