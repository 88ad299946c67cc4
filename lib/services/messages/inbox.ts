import "server-only";
import { pageWindow } from "@/lib/pagination";
import type { InboxChatView } from "@/lib/serializers/message";
import { groupScope, type Principal } from "@/lib/principal";
import { db, type Prisma } from "@/lib/db/client";
import type { Profile } from "@/lib/generated/prisma/client";
import { connectorFor } from "@/lib/networks/registry";
import type { MessageRequest, Messaging } from "@/lib/networks/types";
import { PLATFORMS, type TPlatform } from "@/lib/schemas/common";
import type { TInboxChat, TInboxChatsQuery } from "@/lib/schemas/messages";

// GET /api/admin/chats: the admin's chat inbox. Every chat the caller sees across profiles (one group or
// all), most recent activity first, each with its unread count (inbound messages received after
// `metadata.read_at`, which mark_read stamps) and the network's messaging capability as data
// (`composer`), so the admin's composer offers only what the chat allows without naming networks. Answers
// rows with those as data; the route renders them (lib/serializers/message.ts renderInboxChat).

type Composer = TInboxChat["composer"];

// A representative send of each field that may go out outside the messaging window; the connector's
// `bypassesWindow` says whether it does.
const OUTSIDE_WINDOW_PROBES: Partial<Record<keyof MessageRequest, MessageRequest>> = {
  template: { template: { name: "probe", language: "en" } },
  category: { body: "probe", category: "utility" },
};

export const composerOf = (messaging: Messaging<Record<string, unknown>> | undefined): Composer => {
  if (!messaging) return { fields: [], outside_window: [], participant_writes_first: false };
  const fields = [...messaging.fields].map(String).sort();
  const outside = Object.entries(OUTSIDE_WINDOW_PROBES).flatMap(([field, probe]) =>
    messaging.fields.has(field as keyof MessageRequest) && messaging.bypassesWindow?.(probe!) ? [field] : [],
  );
  return { fields, outside_window: outside, participant_writes_first: messaging.participantWritesFirst };
};

const messagingOf = (profile: Pick<Profile, "platform" | "environment">) => {
  try {
    return connectorFor(profile).messaging;
  } catch {
    return undefined; // a network this server does not reach: nothing can be sent
  }
};

const isPlatform = (value: string): value is TPlatform => (PLATFORMS as readonly string[]).includes(value);

// Inbound messages of each chat received after the chat's metadata.read_at (all of them before any).
const unreadCounts = async (chatIds: string[]): Promise<Map<string, number>> => {
  if (chatIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ chat_id: string; unread: bigint }[]>`
    SELECT m.chat_id, count(*) AS unread
    FROM messages m JOIN chats c ON c.id = m.chat_id
    WHERE m.chat_id = ANY(${chatIds}) AND m.direction = 'inbound'
      AND (c.metadata->>'read_at' IS NULL OR m.created_at > (c.metadata->>'read_at')::timestamptz)
    GROUP BY m.chat_id`;
  return new Map(rows.map((r) => [r.chat_id, Number(r.unread)]));
};

export const listInboxChats = async ({ principal, query }: { principal: Principal; query: TInboxChatsQuery }) => {
  const where: Prisma.ChatWhereInput = {
    ...groupScope(principal),
    ...(query.profile_group_id && !principal.profileGroupId && { profileGroupId: query.profile_group_id }),
    ...(query.platform && { platform: isPlatform(query.platform) ? query.platform : { in: [] } }),
    ...(query.profile_id && { profileId: query.profile_id }),
    ...(query.placement_id && { externalPlacementId: query.placement_id }),
    ...(query.archived && { archived: query.archived === "true" }),
  };
  const [total, rows] = await Promise.all([
    db.chat.count({ where }),
    db.chat.findMany({
      where,
      include: { profile: { select: { id: true, name: true, platform: true, environment: true } } },
      orderBy: [{ lastMessageAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }, { id: "desc" }],
      ...pageWindow(query, 0),
    }),
  ]);
  const unread = await unreadCounts(rows.map((r) => r.id));
  const byProfile = new Map<string, ReturnType<typeof messagingOf>>();
  const messaging = (profile: (typeof rows)[number]["profile"]) => {
    if (!byProfile.has(profile.id)) byProfile.set(profile.id, messagingOf(profile));
    return byProfile.get(profile.id);
  };
  return {
    total,
    views: rows.map(({ profile, ...chat }): InboxChatView => {
      const m = messaging(profile);
      return {
        chat,
        windowHours: m?.windowHours ?? null,
        profileName: profile.name,
        unreadCount: unread.get(chat.id) ?? 0,
        composer: composerOf(m),
      };
    }),
  };
};

// The inbox's filter choices: the caller's profiles on networks with messages, and the placements chats
// run on where the network names one per chat (a WhatsApp number, a Page).
export const chatInboxOptions = async ({ principal }: { principal: Principal }) => {
  const profiles = await db.profile.findMany({
    where: groupScope(principal),
    select: {
      id: true,
      name: true,
      platform: true,
      environment: true,
      profileGroupId: true,
      placements: { select: { externalId: true, name: true }, orderBy: { position: "asc" } },
    },
    orderBy: { name: "asc" },
  });
  const messagingProfiles = profiles.flatMap((p) => {
    const m = messagingOf(p);
    return m ? [{ profile: p, placementRequired: m.placementRequired }] : [];
  });
  return {
    profiles: messagingProfiles.map(({ profile: p }) => ({
      id: p.id,
      name: p.name,
      platform: p.platform,
      profile_group_id: p.profileGroupId,
    })),
    placements: messagingProfiles.flatMap(({ profile: p, placementRequired }) =>
      placementRequired
        ? p.placements.flatMap((pl) =>
            pl.externalId
              ? [
                  {
                    id: pl.externalId,
                    name: pl.name,
                    profile_id: p.id,
                    platform: p.platform,
                    profile_group_id: p.profileGroupId,
                  },
                ]
              : [],
          )
        : [],
    ),
  };
};
