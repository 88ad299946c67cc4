import "server-only";
import type { Tx } from "@/lib/db/client";
import { Prisma } from "@/lib/generated/prisma/client";
import { sendEvent } from "@/lib/jobs/send";

// POST /api/posts/:id/publish on a processed post (lib/contracts/posts.ts publishPost): the networks that
// failed are published again, and only those. Per profile, the chain's `failed` links (the failed one and
// those halted after it) go back to `pending` and one new publish run is requested for the profile. The
// run (inngest/functions/publish-posts.ts publishChainFn) walks the chain; links already published answer
// as published without being sent again (publish-attempt.ts claim), so nothing reaches a network twice.
//
// Not retried: `delivery_unconfirmed` links (the network may hold the post: never resent blindly), and a
// profile whose run is still under way (a link pending, processing or failed_waiting_for_retry).

const BUSY = new Set(["pending", "processing", "failed_waiting_for_retry"]);

// Call inside a transaction that holds the post's row lock. Returns the profiles whose run was requested.
export const requeueFailed = async (tx: Tx, rootPostId: string): Promise<string[]> => {
  const links = await tx.platformPost.findMany({
    where: { rootPostId },
    select: { id: true, profileId: true, status: true, updatedAt: true },
  });
  const byProfile = new Map<string, typeof links>();
  for (const link of links) byProfile.set(link.profileId, [...(byProfile.get(link.profileId) ?? []), link]);
  const profiles = [...byProfile]
    .filter(([, chain]) => chain.some((l) => l.status === "failed") && !chain.some((l) => BUSY.has(l.status)))
    .map(([profileId, chain]) => ({ profileId, failed: chain.filter((l) => l.status === "failed") }));
  for (const { profileId, failed } of profiles) {
    const { count } = await tx.platformPost.updateMany({
      where: { id: { in: failed.map((l) => l.id) }, status: "failed" },
      data: { status: "pending", attempts: 0, sendingSince: null, error: null, errorDetails: Prisma.DbNull },
    });
    if (count === 0) continue;
    // One id per failure: the same failure retried twice (a replayed request) is one run.
    const stamp = Math.max(...failed.map((l) => l.updatedAt.getTime()));
    await sendEvent(
      {
        name: "app/post.publish.requested",
        id: `publish:${rootPostId}:${profileId}:retry:${stamp}`,
        data: { rootPostId, profileId },
      },
      { tx },
    );
  }
  return profiles.map((p) => p.profileId);
};
