import "server-only";
import { db } from "@/lib/db/client";
import { sendEvent } from "@/lib/jobs/send";
import { log } from "@/lib/log";
import { NetworkError } from "@/lib/networks/errors";
import { connectorFor, livePlatforms } from "@/lib/networks/registry";
import type { AnyConnector } from "@/lib/networks/types";
import type { TEnvironment } from "@/lib/schemas/common";
import { contextFor } from "@/lib/services/connections/context";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { applyComment, type Applied } from "./apply-comment";
import { placementOfPlatformPost } from "@/lib/services/posts/publish-input";
import { backoffOf, isBackingOff } from "./comment-sync-state";
import { supportsCommentAction } from "./support";

// Comments polled on our published posts (inngest/functions/poll-comments.ts): networks that push
// nothing (bluesky, youtube) and a catch-up for networks whose pushes can be lost (facebook). Each
// comment goes through the inbound layer's applyComment, keyed on the network's id, so a polled and a
// pushed comment are the same row and a second poll creates nothing.
//
// Tapering: a post is polled again after a twelfth of its age, at least the connector's postPollMs
// (bluesky 10 minutes) and at most once a day, and not at all after POLL_WINDOW_MS: a post an hour old
// every 10 minutes, a day old every 2 hours, a week old every 14 hours.

export const POLL_WINDOW_MS = 30 * 24 * 3600_000;
const DEFAULT_MIN_MS = 10 * 60_000;
const MAX_INTERVAL_MS = 24 * 3600_000;

export const pollIntervalMs = (ageMs: number, minMs = DEFAULT_MIN_MS) =>
  Math.min(MAX_INTERVAL_MS, Math.max(minMs, Math.floor(ageMs / 12)));

const ENVIRONMENTS = ["live", "sandbox"] as const;
const syncingPlatforms = (environment: TEnvironment) =>
  livePlatforms().filter((p) => connectorFor({ platform: p, environment }).commentSync?.listPostComments);

// Published posts of active profiles whose next poll is due at `now`, longest waiting first (sandbox
// profiles too: their simulated network answers the same sync).
export const findPostsDueForComments = async ({ now = new Date(), limit = 200 } = {}) => {
  const rows = await db.platformPost.findMany({
    where: {
      // A network whose comments start with profiles connected from some day polls those profiles only.
      OR: ENVIRONMENTS.flatMap((environment) =>
        syncingPlatforms(environment).map((platform) => {
          const from = connectorFor({ platform, environment }).comments?.connectedFrom;
          return { platform, profile: { environment, ...(from && { connectedAt: { gte: from } }) } };
        }),
      ),
      status: "published",
      externalId: { not: null },
      publishedAt: { gte: new Date(now.getTime() - POLL_WINDOW_MS) },
      profile: {
        status: "active",
        OR: [{ commentSync: null }, { commentSync: { OR: [{ backoffUntil: null }, { backoffUntil: { lte: now } }] } }],
      },
    },
    select: {
      id: true,
      platform: true,
      publishedAt: true,
      commentsSyncedAt: true,
      profile: { select: { environment: true } },
    },
    orderBy: { commentsSyncedAt: { sort: "asc", nulls: "first" } },
    take: limit * 5,
  });
  const due = rows.filter((r) => {
    if (!r.commentsSyncedAt) return true;
    const min = connectorFor({ platform: r.platform, environment: r.profile.environment }).commentSync?.postPollMs;
    return (
      r.commentsSyncedAt.getTime() + pollIntervalMs(now.getTime() - r.publishedAt!.getTime(), min) <= now.getTime()
    );
  });
  return due.slice(0, limit).map((r) => r.id);
};

type Counts = Partial<Record<Applied, number>>;

// One post's comments read from the network and applied. A rate limit or quota answer stops the
// profile's polls until the network's wait is over (the post stays due); other failures wait for the
// post's next regular poll.
export const syncPostComments = async ({
  platformPostId,
  now = new Date(),
}: {
  platformPostId: string;
  now?: Date;
}) => {
  const pp = await db.platformPost.findUnique({
    where: { id: platformPostId },
    include: { profile: { include: { commentSync: true } } },
  });
  if (!pp || pp.status !== "published" || !pp.externalId || pp.profile.status !== "active")
    return { state: "skipped" as const };
  if (isBackingOff(pp.profile.commentSync, now)) return { state: "backing_off" as const };
  const connector: AnyConnector = connectorFor({ platform: pp.platform, environment: pp.profile.environment });
  const sync = connector.commentSync;
  if (!sync?.listPostComments || (connector.comments && !supportsCommentAction(connector, pp.profile, "list")))
    return { state: "unsupported" as const };
  let comments;
  try {
    comments = await sync.listPostComments(contextFor(connector), {
      auth: profileAuthOf(pp.profile),
      placement: await placementOfPlatformPost(pp),
      postExternalId: pp.externalId,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    log.warn("comment poll failed", { platformPostId, platform: pp.platform, error: message });
    if (err instanceof NetworkError && err.kind === "rate_limited") {
      await backoffOf(pp.profileId, now, err.retryAfterMs);
      return { state: "rate_limited" as const };
    }
    await db.platformPost.update({ where: { id: pp.id }, data: { commentsSyncedAt: now } });
    return { state: "failed" as const, error: message };
  }
  const counts: Counts = {};
  const scope = { platform: pp.platform, profileId: pp.profileId, environment: pp.profile.environment };
  const account = pp.placementId ?? pp.profile.externalId ?? "";
  for (const comment of comments) {
    const item = { kind: "comment" as const, account, postExternalId: pp.externalId, comment, changedAt: now };
    const outcome = await applyComment(item, scope, { emitCreated: sync.emitsCreated });
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  await db.platformPost.update({ where: { id: pp.id }, data: { commentsSyncedAt: now } });
  return { state: "synced" as const, counts };
};

// How long after this post was published its first poll is due (the connector's firstPollAfterMs), or
// null when it waits for the regular polls.
export const firstPollDelayMs = async (platformPostId: string): Promise<number | null> => {
  const pp = await db.platformPost.findUnique({
    where: { id: platformPostId },
    select: { platform: true, status: true, profile: { select: { environment: true } } },
  });
  if (!pp || pp.status !== "published") return null;
  const sync = connectorFor({ platform: pp.platform, environment: pp.profile.environment }).commentSync;
  return sync?.listPostComments && sync.firstPollAfterMs !== undefined ? sync.firstPollAfterMs : null;
};

// After a publish: asks for the first poll where the network has one (nothing otherwise).
export const requestFirstCommentPoll = async (platformPostId: string) => {
  if ((await firstPollDelayMs(platformPostId)) === null) return { requested: false };
  await sendEvent({
    name: "app/post-comments.first-poll-requested",
    id: `first-comment-poll-${platformPostId}`,
    data: { platformPostId },
  });
  return { requested: true };
};
