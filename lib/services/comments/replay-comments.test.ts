import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import { replayCommitted } from "@/lib/api/replay";
import { renderComment } from "@/lib/serializers/comment";
import { renderProfileComment } from "@/lib/serializers/profile-comment";
import type { EndpointDef } from "@/lib/contracts/define";
import * as commentsContract from "@/lib/contracts/comments";
import * as profileCommentsContract from "@/lib/contracts/profile-comments";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { withIdempotency } from "@/lib/services/idempotency/with-idempotency";
import { seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import { replyToProfileComment } from "./reply-profile-comment";
import { createPostComment } from "./write-comments";

// An Idempotency-Key whose comment write committed and whose response then failed: the retry answers
// the committed comment rendered as the endpoint's route renders it (lib/api/replay.ts), checked
// against the endpoint's documented response, and writes nothing again.

afterAll(() => db.$disconnect());

const AFTER_COMMIT = "the response could not be sent (after the commit)";
let t: Awaited<ReturnType<typeof seedTenant>>;
beforeAll(async () => {
  t = await seedTenant();
});

// The route's work under the key: the write, then a failure before the response (or, on a retry, the
// write that must not run again).
const withKey = (endpoint: EndpointDef, key: string, write: () => Promise<unknown>) =>
  withIdempotency({
    principal: t.principal,
    key,
    fingerprint: `${endpoint.method} ${endpoint.path} ${key}`,
    run: async () => {
      await write();
      throw new Error(AFTER_COMMIT);
    },
    replay: (outcome) => replayCommitted(endpoint, t.principal, outcome),
  });

describe("POST /api/posts/:id/comments", () => {
  let postId: string;
  let profileId: string;
  beforeAll(async () => {
    const profile = await seedNetworkProfile({ group: t.group, platform: "facebook" });
    const { post } = await seedPublishedPost({
      group: t.group,
      profile,
      externalId: uniqueDigits(),
      placementId: uniqueDigits(15),
    });
    [postId, profileId] = [post.id, profile.id];
  });
  const write = (body: string) => () =>
    createPostComment({
      principal: t.principal,
      postId,
      profileId,
      input: { body, parentId: null, profile_id: undefined },
    });

  it("a retry after a late failure replays the committed comment as the route renders it", async () => {
    await expect(withKey(commentsContract.createPostComment, "cmt-late", write("late"))).rejects.toThrow(AFTER_COMMIT);
    const replay = await withKey(commentsContract.createPostComment, "cmt-late", write("late"));
    const stored = await db.comment.findMany({ where: { postId, body: "late" }, include: { attachments: true } });
    expect(stored).toHaveLength(1);
    expect(replay).toMatchObject({ status: 201, replayed: true });
    expect(replay.body).toEqual(renderComment({ comment: stored[0]!, replies: [] }));
  });

  it("a stored body that does not match the endpoint's response is a 500, not answered", async () => {
    await expect(
      replayCommitted(commentsContract.createPostComment, t.principal, { body: { accepted: true } }),
    ).rejects.toMatchObject({ status: 500 } satisfies Partial<ApiError>);
  });
});

describe("POST /api/profiles/:id/comments", () => {
  let profileId: string;
  let reviewId: string;
  beforeAll(async () => {
    const profile = await seedNetworkProfile({ group: t.group, platform: "google_business" });
    const review = await db.comment.create({
      data: {
        id: newId("comment"),
        accountId: t.account.id,
        environment: t.group.environment,
        profileGroupId: t.group.id,
        profileId: profile.id,
        platform: "google_business",
        placementId: `accounts/1/locations/${uniqueDigits()}`,
        externalId: `review-${uniqueDigits()}`,
        body: "Great bagels",
        status: "synced",
      },
    });
    [profileId, reviewId] = [profile.id, review.id];
  });
  const write = (body: string) => () =>
    replyToProfileComment({ principal: t.principal, profileId, input: { parent_id: reviewId, body } });

  it("a retry after a late failure replays the committed reply as the route renders it", async () => {
    const endpoint = profileCommentsContract.replyToProfileComment;
    await expect(withKey(endpoint, "reply-late", write("thanks"))).rejects.toThrow(AFTER_COMMIT);
    const replay = await withKey(endpoint, "reply-late", write("thanks"));
    const stored = await db.comment.findMany({ where: { profileId, body: "thanks" }, include: { attachments: true } });
    expect(stored).toHaveLength(1);
    expect(replay).toMatchObject({ status: 201, replayed: true });
    expect(replay.body).toEqual(renderProfileComment({ comment: stored[0]!, replies: [] }));
  });
});
