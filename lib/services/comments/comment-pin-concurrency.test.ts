import { useOwnDatabase } from "@/testing/own-database";
import { describe, expect, it } from "vitest";
import * as pinRoute from "@/app/api/posts/[id]/comments/[comment_id]/pin/route";
import * as unpinRoute from "@/app/api/posts/[id]/comments/[comment_id]/unpin/route";
import { commentActionFn } from "@/inngest/functions/comments";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedComment } from "@/testing/comments";
import { alternating, unexpectedStatuses, whileRunning } from "@/testing/concurrency";
import { seedTenant } from "@/testing/network-tests";
import { seedKey } from "@/testing/seed";
import { seedTikTokVideo, useTikTokComments } from "@/testing/tiktok-comments";

await useOwnDatabase("pinconcur");

// pin and unpin (TikTok only) raced on one viewer's comment through the routes, carried out by the
// comment-action function on the local runner against the strict TikTok fake while the requests still
// come in: every request is accepted, each reaches TikTok once, and TikTok's pin, is_pinned and the
// last requested state agree.

const N = 12;
const fake = useTikTokComments([commentActionFn]);

describe("pin and unpin raced", () => {
  it("pin and unpin at once: each carried out once; TikTok's pin, is_pinned and the last requested state agree", async () => {
    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const tiktok = fake.tiktok();
    const runner = fake.runner();
    // pin/unpin: profiles connected on or after 2026-09-30, through the Authorization for Business
    const { profile, post, platformPost, videoId } = await seedTikTokVideo(tiktok, tenant.group);
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
