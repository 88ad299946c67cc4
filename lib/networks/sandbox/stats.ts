import type { TPlatform } from "@/lib/schemas/common";
import type { PublishInput, StatsReading } from "../types";
import { sandboxProfile } from "../sandboxes";
import { between, DAY_MS, SANDBOX_EPOCH, subjectOf, type SandboxAccount } from "./simulated";

// Stats of the sandbox network: plausible numbers, deterministic for an account (or placement) and a
// day, that grow slowly with time. Profiles get the spec's network-native keys per platform (followers
// from a hash of the account or placement id plus a daily growth since SANDBOX_EPOCH); posts get the
// spec's normalised keys per platform, with `raw` under each network's own metric names, rising towards a
// ceiling (hashed from the post id) over the days after publishing (the sandbox post id carries its
// creation time). The keys are each network's (its sandbox-profile.ts); networks without them, and posts
// their profile says have none (stories), have no post stats (null).

export const profileStatsSandbox = (
  platform: TPlatform,
  account: SandboxAccount,
  placement: PublishInput["placement"],
  now = Date.now(),
): StatsReading => {
  const keys = sandboxProfile(platform).profileStats;
  if (!keys) return { stats: {}, raw: {} };
  const stats = keys(subjectOf(placement?.externalId ?? account.id, now), { account, placement });
  return { stats, raw: { ...stats } };
};

// When the post was created, from a sandbox id (sbx_post_<base-36 ms><random>); null for other ids.
const createdAtOf = (postId: string): number | null => {
  const match = /^sbx_post_([0-9a-z]{8})/.exec(postId);
  const at = match ? parseInt(match[1]!, 36) : NaN;
  return Number.isFinite(at) && at > SANDBOX_EPOCH - 365 * DAY_MS ? at : null;
};

export const postStatsSandbox = (
  platform: TPlatform,
  postExternalId: string,
  params: Record<string, unknown>,
  now = Date.now(),
): StatsReading | null => {
  const post = sandboxProfile(platform).postStats;
  if (!post || post.none?.(params)) return null;
  const createdAt = createdAtOf(postExternalId);
  const ageDays = createdAt === null ? 7 : Math.max(0, (now - createdAt) / DAY_MS);
  const reach = between(`${postExternalId}:reach`, 200, 8_000) * (1 - Math.exp(-ageDays / 1.5)); // most of it within days
  const stats: Record<string, number> = {};
  const raw: Record<string, number> = {};
  for (const [key, native, share] of post.keys) {
    const value = Math.floor(reach * share * (between(`${postExternalId}:${key}`, 70, 130) / 100));
    stats[key] = value;
    raw[native] = value;
  }
  return { stats, raw };
};
