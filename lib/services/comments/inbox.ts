import "server-only";
import { db, type Prisma } from "@/lib/db/client";
import { containsText } from "@/lib/db/text-search";
import type { Comment } from "@/lib/generated/prisma/client";
import { connectorFor } from "@/lib/networks/registry";
import type { TEnvironment, TPlatform } from "@/lib/schemas/common";
import type { TCommentInboxAction, TCommentInboxStatus } from "@/lib/schemas/comments";
import { supportsCommentAction, type CommentAction } from "./support";

// What GET /api/comments adds for the admin inbox: the `status` and `q` filters and each comment's
// `supported_actions`, both derived from stored rows and the connector's `comments` capability only.

// The `status` and `q` filters as a where clause (the caller's scope is applied by the caller).
export const inboxFilters = async (
  _scope: Prisma.CommentWhereInput,
  query: { status?: TCommentInboxStatus; q?: string },
): Promise<Prisma.CommentWhereInput[]> => {
  const filters: Prisma.CommentWhereInput[] = [];
  if (query.q) {
    filters.push({
      OR: [{ body: containsText(query.q) }, { authorUsername: containsText(query.q) }],
    });
  }
  if (query.status) filters.push(statusFilter(query.status));
  return filters;
};

// The columns a `status` filter compares, also counted per value in comment_tallies (comment-tallies.ts).
// `replied` is stored (lib/services/comments/replied.ts): answered by a published reply of ours or by the
// profile's own account or page on the network.
export const statusFilter = (
  status: TCommentInboxStatus,
): { status?: "synced"; isHidden?: boolean; replied?: boolean } =>
  status === "hidden"
    ? { isHidden: true }
    : status === "replied"
      ? { replied: true }
      : { status: "synced", isHidden: false, replied: false };

const ACTION_OF: Record<TCommentInboxAction, CommentAction> = {
  reply: "create",
  delete: "delete",
  hide: "hide",
  like: "like",
  pin: "pin",
  private_reply: "private_reply",
};

const DAY_MS = 24 * 3600_000;

type ProfileRow = {
  id: string;
  platform: TPlatform;
  environment: TEnvironment;
  connectedAt: Date;
  externalId: string | null;
};
type ProfileActions = { actions: TCommentInboxAction[]; privateReplyDays: number };

const actionsOf = (profile: ProfileRow): ProfileActions => {
  try {
    const connector = connectorFor(profile);
    return {
      actions: (Object.keys(ACTION_OF) as TCommentInboxAction[]).filter((a) =>
        supportsCommentAction(connector, profile, ACTION_OF[a]),
      ),
      privateReplyDays: connector.messaging?.privateReplies?.maxAgeDays ?? 0,
    };
  } catch {
    return { actions: [], privateReplyDays: 0 }; // a network this server does not reach: nothing can be written
  }
};

export type CommentActionRow = Pick<
  Comment,
  "profileId" | "externalId" | "status" | "authorExternalId" | "postedAt" | "createdAt" | "privateReplyMessageId"
>;

// A private reply is offered on someone else's comment (synced, not the profile's own), within the
// network's days after it, and only while it has none (one that ended `failed` does not count).
const privateReplyOpen = (
  row: CommentActionRow,
  profile: ProfileRow,
  days: number,
  usedReplies: Set<string>,
  now: number,
) =>
  row.status === "synced" &&
  row.authorExternalId !== null &&
  row.authorExternalId !== profile.externalId &&
  now - (row.postedAt ?? row.createdAt).getTime() <= days * DAY_MS &&
  !(row.privateReplyMessageId && usedReplies.has(row.privateReplyMessageId));

// For a page of comments, the writes each takes now (`supportedActionsFor(rows)(row)`): its network's
// (the connector's capabilities), none while it has no network id, and a private reply only while open.
export const supportedActionsFor = async (rows: CommentActionRow[]) => {
  const [profiles, replies] = await Promise.all([
    db.profile.findMany({
      where: { id: { in: [...new Set(rows.map((r) => r.profileId))] } },
      select: { id: true, platform: true, environment: true, connectedAt: true, externalId: true },
    }),
    db.message.findMany({
      where: {
        id: { in: rows.flatMap((r) => (r.privateReplyMessageId ? [r.privateReplyMessageId] : [])) },
        status: { not: "failed" },
      },
      select: { id: true },
    }),
  ]);
  const used = new Set(replies.map((m) => m.id));
  const byProfile = new Map(profiles.map((p) => [p.id, { profile: p, ...actionsOf(p) }]));
  const now = Date.now();
  return (row: CommentActionRow): TCommentInboxAction[] => {
    const entry = byProfile.get(row.profileId);
    if (!row.externalId || !entry) return [];
    return entry.actions.filter(
      (a) => a !== "private_reply" || privateReplyOpen(row, entry.profile, entry.privateReplyDays, used, now),
    );
  };
};
