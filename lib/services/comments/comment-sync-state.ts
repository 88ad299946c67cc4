import "server-only";
import { db } from "@/lib/db/client";

// A profile's comment polling state (model CommentSync): the network's wait after a rate limit or
// quota answer, shared by its post and profile-level polls.

const DEFAULT_BACKOFF_MS = 15 * 60_000; // a quota answer without Retry-After (YouTube's daily quota says none)

export const isBackingOff = (state: { backoffUntil: Date | null } | null, now: Date) =>
  !!state?.backoffUntil && state.backoffUntil > now;

export const backoffOf = async (profileId: string, now: Date, retryAfterMs: number | null | undefined) => {
  const backoffUntil = new Date(now.getTime() + (retryAfterMs ?? DEFAULT_BACKOFF_MS));
  await db.commentSync.upsert({ where: { profileId }, create: { profileId, backoffUntil }, update: { backoffUntil } });
  return backoffUntil;
};
