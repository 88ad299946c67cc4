import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as commentsRoute from "@/app/api/comments/route";
import { db } from "@/lib/db/client";
import { callRoute } from "@/testing/call-route";
import { seedComment, seedNetworkProfile, seedPublishedPost, uniqueDigits } from "@/testing/comments";
import { seedTenant } from "@/testing/network-tests";
import { seedGroup, seedKey } from "@/testing/seed";

// GET /api/comments for the admin inbox: `status` (needs_reply, replied, hidden), `q` (text search in
// the body and the author's username) and each entry's `supported_actions`, derived from the
// connector's `comments` capability (a comment without a network id takes none).

afterAll(() => db.$disconnect());

const at = (m: number) => new Date(Date.UTC(2026, 2, 1, 12, m));
type Bulk = { id: string; body: string; supported_actions: string[] };

const world = async () => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const group = tenant.group;
  const fb = await seedNetworkProfile({ group, platform: "facebook" });
  const pageId = uniqueDigits(15);
  const fbPost = await seedPublishedPost({
    group,
    profile: fb,
    externalId: `${pageId}_${uniqueDigits()}`,
    placementId: pageId,
  });
  const on = { platformPost: fbPost.platformPost, group };
  const open = await seedComment(on, { body: "Where can I buy this?", createdAt: at(1) });
  const answered = await seedComment(on, { body: "Love the colours", createdAt: at(2) });
  // Answered: the stored flag (set when our reply was published: replied.test.ts).
  await db.comment.update({ where: { id: answered.id }, data: { replied: true } });
  await seedComment(on, {
    body: "Thank you!",
    status: "published",
    parentExternalId: answered.externalId,
    rootExternalId: answered.externalId,
    createdAt: at(3),
  });
  const failedOnly = await seedComment(on, { body: "Shipping to Canada?", createdAt: at(4) });
  await seedComment(on, {
    body: "Yes we ship",
    status: "failed",
    externalId: null,
    parentExternalId: failedOnly.externalId,
    rootExternalId: failedOnly.externalId,
    createdAt: at(5),
  });
  const hidden = await seedComment(on, { body: "spam spam", createdAt: at(6) });
  await db.comment.update({ where: { id: hidden.id }, data: { isHidden: true } });
  const byAuthor = await seedComment(on, { body: "nice", createdAt: at(7) });
  await db.comment.update({ where: { id: byAuthor.id }, data: { authorUsername: "Colour_Fan" } });
  const pending = await seedComment(on, {
    body: "Our announcement",
    status: "pending",
    externalId: null,
    createdAt: at(8),
  });

  const th = await seedNetworkProfile({ group, platform: "threads" });
  const thPost = await seedPublishedPost({ group, profile: th, externalId: uniqueDigits() });
  const onThreads = await seedComment(
    { platformPost: thPost.platformPost, group },
    { body: "threads comment", createdAt: at(9) },
  );
  const bs = await seedNetworkProfile({ group, platform: "bluesky", externalId: `did:plc:${uniqueDigits()}` });
  const bsPost = await seedPublishedPost({
    group,
    profile: bs,
    externalId: `at://did:plc:x/app.bsky.feed.post/${uniqueDigits()}`,
  });
  const onBluesky = await seedComment(
    { platformPost: bsPost.platformPost, group },
    { body: "bluesky reply", createdAt: at(10) },
  );

  // Another group of the same account with an answered comment: a scoped key of group A never sees it.
  const groupB = await seedGroup({ accountId: tenant.account.id });
  const fbB = await seedNetworkProfile({ group: groupB, platform: "facebook" });
  const postB = await seedPublishedPost({
    group: groupB,
    profile: fbB,
    externalId: `${pageId}_${uniqueDigits()}`,
    placementId: pageId,
  });
  const answeredB = await seedComment(
    { platformPost: postB.platformPost, group: groupB },
    { body: "Answered in B", createdAt: at(11) },
  );
  await db.comment.update({ where: { id: answeredB.id }, data: { replied: true } });
  const scopedA = await seedKey({ accountId: tenant.account.id, kind: "scoped", profileGroupId: group.id });
  return {
    token,
    scopedA: scopedA.token,
    group,
    open,
    answered,
    failedOnly,
    hidden,
    byAuthor,
    pending,
    onThreads,
    onBluesky,
  };
};

let w: Awaited<ReturnType<typeof world>>;
beforeAll(async () => {
  w = await world();
});

const bulk = async (query: string, token = w.scopedA) => {
  const res = await callRoute(commentsRoute.GET, { path: `/api/comments?${query}`, token });
  return { status: res.status, json: res.json, bodies: ((res.json.data ?? []) as Bulk[]).map((c) => c.body) };
};

describe("GET /api/comments for the inbox", () => {
  it("status=needs_reply: audience comments, not hidden, not replied (a failed reply does not count)", async () => {
    const { bodies, json } = await bulk("status=needs_reply&per_page=100");
    expect(bodies).toEqual([
      "bluesky reply",
      "threads comment",
      "nice",
      "Shipping to Canada?",
      "Where can I buy this?",
    ]);
    expect(json.total).toBe(5);
  });

  it("status=replied: comments marked replied", async () => {
    expect((await bulk("status=replied")).bodies).toEqual(["Love the colours"]);
  });

  it("status=replied stays within the caller's scope: the account-wide key sees every group's", async () => {
    // the scoped key of group A saw only its own above; the account-wide key sees group B's answered comment too
    expect((await bulk("status=replied", w.token)).bodies).toEqual(["Answered in B", "Love the colours"]);
  });

  it("status=hidden: hidden comments", async () => {
    expect((await bulk("status=hidden")).bodies).toEqual(["spam spam"]);
  });

  it("q searches the body and the author's username, case-insensitively", async () => {
    expect((await bulk("q=COLOUR")).bodies).toEqual(["nice", "Love the colours"]);
  });

  it("q combines with the other filters", async () => {
    expect((await bulk("q=colour&status=needs_reply")).bodies).toEqual(["nice"]);
  });

  it("q without a match answers an empty page", async () => {
    expect((await bulk("q=nothing-like-this")).json).toMatchObject({ total: 0, data: [] });
  });

  it("q matches its characters literally: % and _ are not wildcards, nor \\ an escape", async () => {
    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const profile = await seedNetworkProfile({ group: tenant.group, platform: "threads" });
    const { platformPost } = await seedPublishedPost({ group: tenant.group, profile, externalId: uniqueDigits() });
    const bodies = ["100% sure", "snake_case", "back\\slash", "plain words"];
    for (const [i, body] of bodies.entries())
      await seedComment({ platformPost, group: tenant.group }, { body, createdAt: at(20 + i) });
    const search = async (q: string) => (await bulk(`q=${encodeURIComponent(q)}`, token)).bodies;
    expect(await search("%")).toEqual(["100% sure"]);
    expect(await search("_")).toEqual(["snake_case"]);
    expect(await search("\\")).toEqual(["back\\slash"]);
    expect(await search("e_c")).toEqual(["snake_case"]);
    expect(await search("k%s")).toEqual([]);
  });

  it("an unknown status is a 400", async () => {
    const res = await bulk("status=unanswered");
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ status: 400, error: "Bad Request", message: expect.stringContaining("status") });
  });

  describe("supported_actions", () => {
    let actions: Record<string, Bulk["supported_actions"]>;
    beforeAll(async () => {
      const { json } = await bulk("per_page=100");
      actions = Object.fromEntries((json.data as Bulk[]).map((c) => [c.id, c.supported_actions]));
    });

    it("follow the network's comments capability", () => {
      expect(actions[w.open.id]).toEqual(["reply", "delete", "hide", "like"]);
      expect(actions[w.onThreads.id]).toEqual(["reply", "hide"]);
      expect(actions[w.onBluesky.id]).toEqual([]);
    });

    it("are none for a comment without a network id", () => {
      expect(actions[w.pending.id]).toEqual([]);
    });
  });
});
