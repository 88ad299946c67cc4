import { useOwnDatabase } from "@/lib/testing/own-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTikTokFake, type TikTokFake } from "@/e2e/fakes/tiktok";
import * as pinRoute from "@/app/api/posts/[id]/comments/[comment_id]/pin/route";
import * as unpinRoute from "@/app/api/posts/[id]/comments/[comment_id]/unpin/route";
import { commentActionFn } from "@/inngest/functions/comments";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { callRoute } from "@/lib/testing/call-route";
import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/lib/testing/comments";
import { alternating, unexpectedStatuses, whileRunning } from "@/lib/testing/concurrency";
import { seedTenant, setEnv } from "@/lib/testing/network-tests";
import { seedKey } from "@/lib/testing/seed";

await useOwnDatabase("pinconcur");

// pin and unpin (TikTok only) raced on one viewer's comment through the routes, carried out by the
// comment-action function on the local runner against the strict TikTok fake while the requests still
// come in: every request is accepted, each reaches TikTok once, and TikTok's pin, is_pinned and the
// last requested state agree.

const N = 12;
let tiktok: TikTokFake;
let runner: LocalRunner;

beforeAll(async () => {
  tiktok = await startTikTokFake();
  runner = await startLocalRunner({
    functions: [commentActionFn],
    clock: new ManualClock(new Date()),
    pollIntervalMs: 0,
  });
  return setEnv({
    NETWORK_TIKTOK_CLIENT_KEY: tiktok.clientKey,
    NETWORK_TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
    NETWORK_TIKTOK_WEB_URL: tiktok.url,
    NETWORK_TIKTOK_API_URL: tiktok.url,
    NETWORK_TIKTOK_BUSINESS_API_URL: tiktok.url,
  });
}, 60_000);
afterAll(async () => {
  await runner?.stop();
  await tiktok?.close();
});

describe("pin and unpin raced", () => {
  it("pin and unpin at once: each carried out once; TikTok's pin, is_pinned and the last requested state agree", async () => {
    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const profile = await seedNetworkProfile({
      group: tenant.group,
      platform: "tiktok",
      externalId: tiktok.user.open_id,
      connectedAt: new Date("2026-10-01T00:00:00Z"), // pin/unpin: profiles connected on or after 2026-09-30
    });
    // Connected through TikTok's Authorization for Business: the API for Business takes only its tokens.
    await db.profile.update({
      where: { id: profile.id },
      data: { accessToken: encryptSecret(tiktok.business.grant()), metadata: { grant: "business" } },
    });
    const videoId = `73${uniqueDigits(17)}`;
    tiktok.comments.addVideo(videoId);
    const { post, platformPost } = await seedPublishedPost({ group: tenant.group, profile, externalId: videoId });
    const viewer = tiktok.comments.addViewerComment(videoId, "Where is this?");
    const comment = await seedComment(
      { platformPost, group: tenant.group },
      { externalId: viewer, body: "Where is this?", createdAt: new Date() },
    );

    const responses = await whileRunning(
      runner,
      alternating(N, pinRoute.POST, unpinRoute.POST).map((route) =>
        callRoute(route, {
          path: `/api/posts/${post.id}/comments/${comment.id}?profile_id=${profile.id}`,
          token,
          params: { id: post.id, comment_id: comment.id },
        }),
      ),
    );
    expect(unexpectedStatuses(responses, 200)).toEqual([]);
    for (const r of responses) expect(r.json).toEqual({ accepted: true });
    const row = await db.comment.findUniqueOrThrow({ where: { id: comment.id } });
    expect(row.isPinned).toBe(row.requestedPinned);
    expect(tiktok.comments.comments.get(viewer)!.pinned).toBe(row.isPinned);
    expect(tiktok.comments.requestsTo("/pin/")).toHaveLength(N);
  });
});
