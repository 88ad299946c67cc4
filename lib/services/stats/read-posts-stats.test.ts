import { useOwnDatabase } from "@/testing/own-database";
import { afterAll, describe, expect, it } from "vitest";
import * as postsStatsRoute from "@/app/api/posts/stats/route";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";
import { seedKey } from "@/testing/seed";
import { HOUR, type Json, sandboxPostId, sandboxTenant, seedPublishedPost, useStatsRunner } from "@/testing/stats";

// GET /api/posts/stats (getPostsStats in lib/services/stats/read-stats.ts): per post, per network, each
// with its records (GET /api/posts/stats in lib/contracts/stats.ts). Each test seeds its own sandbox tenant with two published posts,
// collected once by the scheduled function.

await useOwnDatabase("stats_posts");
afterAll(() => db.$disconnect());

const runner = useStatsRunner();

// `first` on bluesky and facebook, `second` on bluesky; both collected at `collectedAt`.
const postsWithStats = async () => {
  const sb = await sandboxTenant();
  const facebook = sb.profiles.facebook!;
  const bluesky = sb.profiles.bluesky!;
  const first = await seedPublishedPost(sb.group, [
    { profileId: bluesky.id, platform: "bluesky", externalId: sandboxPostId() },
    {
      profileId: facebook.id,
      platform: "facebook",
      externalId: sandboxPostId(),
      placementId: facebook.placements[0]!.externalId!,
    },
  ]);
  const second = await seedPublishedPost(sb.group, [
    { profileId: bluesky.id, platform: "bluesky", externalId: sandboxPostId() },
  ]);
  return { sb, facebook, bluesky, first, second, collectedAt: await runner.tick() };
};

const get = (token: string, query: string) =>
  callRoute(postsStatsRoute.GET, { path: `/api/posts/stats?${query}`, token });

// The networks answered per post id, sorted by name (platforms created together have no order among them).
const platformsOf = async (token: string, query: string) => {
  const r = await get(token, query);
  expect(r.status, query).toBe(200);
  return Object.fromEntries(
    Object.entries(r.json.data as unknown as Json).map(([id, v]) => [
      id,
      ((v as Json).platforms.map((p: Json) => p.platform) as string[]).sort(),
    ]),
  );
};

describe("GET /api/posts/stats", () => {
  it("answers the posts in the order asked for, each network of a post with its records", async () => {
    const { sb, facebook, bluesky, first, second, collectedAt } = await postsWithStats();
    const res = await get(sb.token, `post_ids=${first.postId},${second.postId}`);
    expect(res.status).toBe(200);
    const data = res.json.data as unknown as Json;
    expect(Object.keys(data)).toEqual([first.postId, second.postId]);
    // By network name: platforms created together have no order among them.
    const byName = (a: Json, b: Json) => String(a.platform).localeCompare(String(b.platform));
    expect([...data[first.postId].platforms].sort(byName)).toEqual([
      {
        profile_id: bluesky.id,
        platform: "bluesky",
        records: [
          {
            stats: {
              likes: expect.any(Number),
              reposts: expect.any(Number),
              comments: expect.any(Number),
              quotes: expect.any(Number),
            },
            raw_stats: expect.objectContaining({ likeCount: expect.any(Number) }),
            recorded_at: collectedAt.toISOString(),
          },
        ],
      },
      {
        profile_id: facebook.id,
        platform: "facebook",
        records: [
          {
            stats: { impressions: expect.any(Number), clicks: expect.any(Number), likes: expect.any(Number) },
            raw_stats: expect.any(Object),
            recorded_at: collectedAt.toISOString(),
          },
        ],
      },
    ]);
    expect(data[second.postId].platforms).toHaveLength(1);
  });

  it("profiles narrows the networks by network name, by profile id, or both", async () => {
    const { sb, bluesky, first, second } = await postsWithStats();
    const ids = `${first.postId},${second.postId}`;
    expect(await platformsOf(sb.token, `post_ids=${ids}&profiles=facebook`)).toEqual({ [first.postId]: ["facebook"] });
    expect(await platformsOf(sb.token, `post_ids=${ids}&profiles=${bluesky.id}`)).toEqual({
      [first.postId]: ["bluesky"],
      [second.postId]: ["bluesky"],
    });
    expect(await platformsOf(sb.token, `post_ids=${ids}&profiles=${bluesky.id},facebook`)).toEqual({
      [first.postId]: ["bluesky", "facebook"],
      [second.postId]: ["bluesky"],
    });
  });

  it("post_ids[] and profiles[] are accepted as well as comma lists", async () => {
    const { sb, first, second } = await postsWithStats();
    const query = `post_ids[]=${first.postId}&post_ids[]=${second.postId}&profiles[]=facebook`;
    expect(await platformsOf(sb.token, query)).toEqual({ [first.postId]: ["facebook"] });
  });

  it("a network none of the posts is on answers no posts", async () => {
    const { sb, first } = await postsWithStats();
    expect(await platformsOf(sb.token, `post_ids=${first.postId}&profiles=twitter`)).toEqual({});
  });

  it("unknown post ids are left out", async () => {
    const { sb, first } = await postsWithStats();
    const res = await get(sb.token, `post_ids=${first.postId},post_unknown`);
    expect(Object.keys(res.json.data as object)).toEqual([first.postId]);
  });

  it("records come oldest first and from narrows them", async () => {
    const { sb, first, collectedAt } = await postsWithStats();
    const bskyPp = first.pps[0]!;
    const dayBefore = new Date(collectedAt.getTime() - 24 * HOUR);
    await db.statSnapshot.create({
      data: {
        id: newId("statSnapshot"),
        accountId: sb.account.id,
        environment: "sandbox",
        profileId: bskyPp.profileId,
        platformPostId: bskyPp.id,
        stats: { likes: 1 },
        rawStats: { likeCount: 1 },
        recordedAt: dayBefore,
      },
    });
    const recordedAt = (res: Awaited<ReturnType<typeof get>>) =>
      ((res.json.data as unknown as Json)[first.postId].platforms[0].records as Json[]).map((r) => r.recorded_at);
    const all = await get(sb.token, `post_ids=${first.postId}&profiles=bluesky`);
    expect(recordedAt(all)).toEqual([dayBefore.toISOString(), collectedAt.toISOString()]);
    const from = encodeURIComponent(collectedAt.toISOString());
    const ranged = await get(sb.token, `post_ids=${first.postId}&profiles=bluesky&from=${from}`);
    expect(recordedAt(ranged)).toEqual([collectedAt.toISOString()]);
  });

  it("is a 400 without post_ids, or with an empty one", async () => {
    const { sb } = await postsWithStats();
    const missing = await get(sb.token, "profiles=bluesky");
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({
      status: 400,
      error: "Bad Request",
      message: "param is missing or the value is empty: post_ids",
    });
    expect((await get(sb.token, "post_ids=")).status).toBe(400);
  });

  it("takes up to 50 post ids; 51 is a 400", async () => {
    const { sb, first } = await postsWithStats();
    const fifty = Array.from({ length: 49 }, (_, i) => `post_x${i}`)
      .concat(first.postId)
      .join(",");
    const ok = await get(sb.token, `post_ids=${fifty}`);
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.json.data as object)).toEqual([first.postId]);
    const tooMany = await get(sb.token, `post_ids=${fifty},post_y`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toMatchObject({ status: 400, error: "Bad Request", message: expect.stringContaining("50") });
  });

  it("another tenant's post ids answer nothing", async () => {
    const { first, second } = await postsWithStats();
    const other = await seedSandboxTenant([]);
    const foreign = await get(other.token, `post_ids=${first.postId},${second.postId}`);
    expect(foreign.status).toBe(200);
    expect(foreign.json).toEqual({ data: {} });
  });

  it("the same account's other environment answers nothing of its posts", async () => {
    const { sb, first } = await postsWithStats();
    const { token: live } = await seedKey({ accountId: sb.account.id, environment: "live" });
    expect((await get(live, `post_ids=${first.postId}`)).json).toEqual({ data: {} });
  });
});
