import "server-only";
import { db, type Prisma } from "@/lib/db/client";
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
      OR: [
        { body: { contains: query.q, mode: "insensitive" } },
        { authorUsername: { contains: query.q, mode: "insensitive" } },
      ],
    });
  }
  if (query.status === "hidden") filters.push({ isHidden: true });
  // `replied` is stored (lib/services/comments/replied.ts): answered by a published reply of ours or by
  // the profile's own account or page on the network.
  if (query.status === "replied") filters.push({ replied: true });
  if (query.status === "needs_reply") filters.push({ status: "synced", isHidden: false, replied: false });
  return filters;
};

const ACTION_OF: Record<TCommentInboxAction, CommentAction> = {
  reply: "create",
  delete: "delete",
  hide: "hide",
  like: "like",
  pin: "pin",
};

type ProfileRow = { id: string; platform: TPlatform; environment: TEnvironment; connectedAt: Date };

const actionsOf = (profile: ProfileRow): TCommentInboxAction[] => {
  try {
    const connector = connectorFor(profile);
    return (Object.keys(ACTION_OF) as TCommentInboxAction[]).filter((a) =>
      supportsCommentAction(connector, profile, ACTION_OF[a]),
    );
  } catch {
    return []; // a network this server does not reach: nothing can be written
  }
};

// For each profile id, the writes its network takes (`supportedActionsFor(ids)(profileId, externalId)`);
// a comment without a network id (ours, not published yet) takes none.
export const supportedActionsFor = async (profileIds: string[]) => {
  const profiles = await db.profile.findMany({
    where: { id: { in: [...new Set(profileIds)] } },
    select: { id: true, platform: true, environment: true, connectedAt: true },
  });
  const byProfile = new Map(profiles.map((p) => [p.id, actionsOf(p)]));
  return (profileId: string, externalId: string | null): TCommentInboxAction[] =>
    externalId ? (byProfile.get(profileId) ?? []) : [];
};
