import "server-only";
import { db, type Prisma, type Tx } from "@/lib/db/client";
import { sendEvent } from "@/lib/jobs/send";
import { connectorFor } from "@/lib/networks/registry";
import { contextFor } from "@/lib/services/connections/context";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";

// A synced comment's author signals (the Comment's `metadata`, the Comment resource's `metadata` in lib/schemas/comments.ts) where the
// network describes commenters on request (the connector's commentSync.authorSignals): asked in the
// transaction that stored the comment, fetched by an Inngest function, stored as the network returns
// them (nothing when it returns none).

export const describesAuthors = (
  c: { platform: Parameters<typeof connectorFor>[0]["platform"] } & {
    environment: "live" | "sandbox";
  },
) => Boolean(connectorFor(c).commentSync?.authorSignals);

export const requestAuthorSignals = (tx: Tx, commentId: string) =>
  sendEvent({ name: "app/comment-author.signals-requested", data: { commentId } }, { tx });

export const fillAuthorSignals = async ({ commentId }: { commentId: string }) => {
  const c = await db.comment.findUnique({ where: { id: commentId }, include: { profile: true } });
  if (!c || !c.authorExternalId || c.metadata !== null || c.profile.status !== "active")
    return { state: "skipped" as const };
  const connector = connectorFor({ platform: c.platform, environment: c.environment });
  const describe = connector.commentSync?.authorSignals;
  if (!describe) return { state: "unsupported" as const };
  const signals = await describe(contextFor(connector), {
    auth: profileAuthOf(c.profile),
    authorExternalId: c.authorExternalId,
  });
  if (!signals) return { state: "none" as const };
  await db.comment.update({ where: { id: c.id }, data: { metadata: signals as Prisma.InputJsonObject } });
  return { state: "filled" as const };
};
