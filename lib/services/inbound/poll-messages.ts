import "server-only";
import { db } from "@/lib/db/client";
import { Platform } from "@/lib/generated/prisma/enums";
import { log } from "@/lib/log";
import { connectorFor } from "@/lib/networks/registry";
import { profileAuthOf } from "@/lib/services/connections/profile-auth";
import { connectorStore } from "@/lib/services/connections/connector-store";
import { applyItem } from "./process";
import { freshAuth } from "@/lib/services/posts/publish-input";
import { messagingContext } from "@/lib/services/messages/support";

// Inbound messages of networks that push nothing (the connector's `messaging.poll`: bluesky's
// conversation log). Each active live profile is read every `everyMs` from its stored cursor; the items
// go through the inbound layer's processing (applied by the network's ids, so a re-read page changes
// nothing), and the cursor moves only after they are applied.

const STATE_KEY = "messages:poll";
type PollState = { cursor: string | null; polled_at: string | null };

const pollingPlatforms = () =>
  Object.values(Platform).filter((platform) => {
    try {
      return Boolean(connectorFor({ platform, environment: "live" }).messaging?.poll);
    } catch {
      return false;
    }
  });

export const findProfilesDueForMessages = async ({ now = new Date() }: { now?: Date } = {}) => {
  const profiles = await db.profile.findMany({
    where: { platform: { in: pollingPlatforms() }, environment: "live", status: "active" },
    select: { id: true, platform: true },
    orderBy: { id: "asc" },
  });
  const due: string[] = [];
  for (const profile of profiles) {
    const { everyMs } = connectorFor({ platform: profile.platform, environment: "live" }).messaging!.poll!;
    const state = (await connectorStore(profile.id).get(STATE_KEY)) as PollState | null;
    // A little slack: a cron tick every `everyMs` must not skip every other one.
    if (!state?.polled_at || now.getTime() - Date.parse(state.polled_at) >= everyMs - 30_000) due.push(profile.id);
  }
  return due;
};

export const pollProfileMessages = async ({ profileId, now = new Date() }: { profileId: string; now?: Date }) => {
  const profile = await db.profile.findUnique({ where: { id: profileId } });
  if (!profile || profile.status !== "active") return { state: "skipped" as const };
  const connector = connectorFor({ platform: profile.platform, environment: profile.environment });
  const poll = connector.messaging?.poll;
  if (!poll) return { state: "skipped" as const };
  const store = connectorStore(profile.id);
  const state = ((await store.get(STATE_KEY)) as PollState | null) ?? { cursor: null, polled_at: null };
  let read;
  try {
    const fresh = await freshAuth(connector, profile.id);
    read = await poll.read(messagingContext(connector, profile.id), {
      auth: profileAuthOf(fresh),
      cursor: state.cursor,
    });
  } catch (err) {
    log.warn("message poll failed", { profileId, platform: profile.platform, error: (err as Error).message });
    return { state: "failed" as const };
  }
  const scope = { platform: profile.platform, profileId: profile.id, environment: profile.environment };
  for (const item of read.items) await applyItem(item, scope);
  await store.set(STATE_KEY, { cursor: read.cursor, polled_at: now.toISOString() } satisfies PollState);
  return { state: "polled" as const, items: read.items.length };
};
