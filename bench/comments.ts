// npm run bench -- comments: the comment reads over 1,000,000 stored comments and the inbound processing
// rate, printed (never asserted). A dedicated database on the test server is filled with SQL
// generate_series: one live facebook profile, 1,000 published posts, 1,000 comments each (every fifth a
// reply). Then, in-process through the route handlers Next serves (no HTTP layer): the per-post list
// (first and a deep page), GET /api/comments (default, post_ids, profiles, status=needs_reply), N
// sequential requests each, p50/p99. Then pushed comments per second: signed Meta deliveries through
// the receiver (app/inbound) and their processing (process-inbound's processDelivery), 8 at a time;
// then GET /api/comments again, its total summing the deltas those comments appended, unfolded.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";

Object.assign(process.env, {
  APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString("hex"),
  LOG_LEVEL: "silent",
  NETWORK_FACEBOOK_CLIENT_ID: "bench-app",
  NETWORK_FACEBOOK_CLIENT_SECRET: "bench-app-secret",
});

const POSTS = Number(process.env.BENCH_COMMENT_POSTS ?? 1000);
const PER_POST = Number(process.env.BENCH_COMMENTS_PER_POST ?? 1000);
const REQUESTS = Number(process.env.BENCH_COMMENT_REQUESTS ?? 200);
const PUSHES = Number(process.env.BENCH_COMMENT_PUSHES ?? 2000);

const { createTestDatabase } = await import("@/testing/test-database");
const database = await createTestDatabase("bench_comments");
process.env.DATABASE_URL = database.url;

const { db } = await import("@/lib/db/client");
const { newId } = await import("@/lib/ids");
const { callRoute } = await import("@/testing/call-route");
const { seedAccount, seedGroup, seedKey } = await import("@/testing/seed");
const { seedNetworkProfile } = await import("@/testing/comments");
const postCommentsRoute = await import("@/app/api/posts/[id]/comments/route");
const commentsRoute = await import("@/app/api/comments/route");
const inboundRoute = await import("@/app/inbound/[platform]/route");
const { processDelivery } = await import("@/lib/services/inbound/process");
const { pageFeedComment, metaJson, signMeta } = await import("@/testing/fakes/meta-webhooks");

type Row = { what: string; figure: string; detail: string };
const rows: Row[] = [];
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// `REQUESTS` sequential calls: latency percentiles (the figure is p99).
const latency = async (what: string, fn: (i: number) => Promise<{ status: number }>) => {
  for (let i = 0; i < 5; i++) await fn(i); // warm-up
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fn(i);
    ms.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${what}: unexpected ${res.status}`);
  }
  ms.sort((a, b) => a - b);
  const p99 = percentile(ms, 99);
  rows.push({
    what,
    figure: `p99 ${p99.toFixed(1)} ms`,
    detail: `p50 ${percentile(ms, 50).toFixed(1)} ms; ${REQUESTS} requests; ${p99 < 30 ? "under" : "OVER"} the 30 ms aim`,
  });
};

try {
  const account = await seedAccount();
  const group = await seedGroup({ accountId: account.id });
  const { token } = await seedKey({ accountId: account.id });
  const pageId = "104000000000001";
  const profile = await seedNetworkProfile({ group, platform: "facebook", externalId: "1000001" });
  const posts = Array.from({ length: POSTS }, (_, n) => ({ id: newId("post"), n }));
  await db.post.createMany({
    data: posts.map((p) => ({
      id: p.id,
      accountId: account.id,
      environment: "live" as const,
      profileGroupId: group.id,
      body: `Post ${p.n}`,
      status: "processed" as const,
    })),
  });
  await db.platformPost.createMany({
    data: posts.map((p) => ({
      id: newId("platformPost"),
      postId: p.id,
      rootPostId: p.id,
      profileId: profile.id,
      platform: "facebook" as const,
      placementId: pageId,
      status: "published" as const,
      externalId: `${pageId}_${p.n}`,
      publishedAt: new Date(),
    })),
  });

  const seeded = performance.now();
  await db.$executeRawUnsafe(`
    INSERT INTO comments (id, account_id, environment, profile_group_id, profile_id, platform, post_id,
      root_post_id, platform_post_id, external_id, parent_external_id, root_external_id, body, status,
      created_at, updated_at, replied)
    SELECT 'cmt_b' || pp.n || '_' || g.i, '${account.id}', 'live', '${group.id}', '${profile.id}', 'facebook',
      pp.post_id, pp.post_id, pp.id, pp.external_id || '_' || g.i,
      CASE WHEN g.i % 5 = 0 THEN pp.external_id || '_' || (g.i - 1) END,
      CASE WHEN g.i % 5 = 0 THEN pp.external_id || '_' || (g.i - 1) END,
      'Comment number ' || g.i || ' on post ' || pp.n, 'synced',
      now() - (g.i * interval '1 second') - (pp.n * interval '1 hour'), now(), g.i % 7 = 0
    FROM (SELECT id, post_id, external_id, row_number() OVER (ORDER BY id) AS n FROM platform_posts
          WHERE profile_id = '${profile.id}') pp
    CROSS JOIN generate_series(1, ${PER_POST}) AS g(i)`);
  // VACUUM as autovacuum would: the visibility map lets the list count be an index-only scan.
  await db.$executeRawUnsafe("VACUUM ANALYZE comments");
  const total = await db.comment.count();
  rows.push({
    what: "bulk insert (generate_series)",
    figure: `${Math.round((performance.now() - seeded) / 1000)} s`,
    detail: `${total} comments on ${POSTS} posts, every fifth a reply`,
  });

  const hot = posts[Math.floor(POSTS / 2)]!;
  const q = `profile_id=${profile.id}`;
  const perPost = (page: number) => () =>
    callRoute(postCommentsRoute.GET, {
      path: `/api/posts/${hot.id}/comments?${q}&page=${page}`,
      token,
      params: { id: hot.id },
    });
  const topLevelPages = Math.floor((PER_POST * 4) / 5 / 20);
  await latency(`GET /api/posts/:id/comments (page 1 of ${topLevelPages})`, perPost(1));
  await latency(`GET /api/posts/:id/comments (page ${topLevelPages})`, perPost(topLevelPages));
  const bulk = (query: string) => () => callRoute(commentsRoute.GET, { path: `/api/comments?${query}`, token });
  await latency(`GET /api/comments (all ${total}, page 1)`, bulk("per_page=20"));
  await latency("GET /api/comments?post_ids=<one post>", bulk(`post_ids=${hot.id}`));
  await latency("GET /api/comments?profiles=facebook&per_page=100", bulk("profiles=facebook&per_page=100"));
  await latency("GET /api/comments?status=needs_reply", bulk("status=needs_reply"));

  // Pushed comments: one signed Meta delivery per comment, received then processed.
  const deliveries = Array.from({ length: PUSHES }, (_, i) => {
    const post = posts[i % POSTS]!;
    return signMeta(
      "bench-app-secret",
      metaJson(
        pageFeedComment({
          pageId,
          postId: `${pageId}_${post.n}`,
          commentId: `${pageId}_${post.n}_push${i}`,
          from: { id: `visitor${i}`, name: "Visitor" },
          message: `Pushed ${i}`,
        }),
      ),
    );
  });
  const concurrently = async (count: number, fn: (i: number) => Promise<void>) => {
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < count) await fn(next++);
      }),
    );
  };
  const received = performance.now();
  await concurrently(PUSHES, async (i) => {
    const d = deliveries[i]!;
    const req = new Request("http://localhost/inbound/facebook", { method: "POST", body: d.body, headers: d.headers });
    const res = await inboundRoute.POST(req, { params: Promise.resolve({ platform: "facebook" }) });
    if (res.status !== 200) throw new Error(`receiver answered ${res.status}`);
  });
  const receiveSeconds = (performance.now() - received) / 1000;
  const ids = (await db.inboundDelivery.findMany({ select: { id: true } })).map((d) => d.id);
  const processed = performance.now();
  await concurrently(ids.length, async (i) => {
    await processDelivery({ deliveryId: ids[i]! });
  });
  const processSeconds = (performance.now() - processed) / 1000;
  const created = (await db.comment.count()) - total;
  rows.push({
    what: "inbound: receiver (verify + store)",
    figure: `${Math.round(PUSHES / receiveSeconds)} deliveries/s`,
    detail: `${PUSHES} signed Meta deliveries, 8 concurrent`,
  });
  rows.push({
    what: "inbound: process-inbound (apply)",
    figure: `${Math.round(created / processSeconds)} comments/s`,
    detail: `${created} comments created, 8 concurrent; receive + process ${Math.round(created / (receiveSeconds + processSeconds))} comments/s; ratio process/receive time ${(processSeconds / receiveSeconds).toFixed(1)}x`,
  });
  // The totals read the deltas the pushes appended (folded every minute in production; not here).
  const deltas = await db.commentTally.count();
  await latency(`GET /api/comments after the pushes (${deltas} tally rows)`, bulk("per_page=20"));
} finally {
  await db.$disconnect();
  await database.drop();
}

const width = Math.max(...rows.map((r) => r.what.length));
console.log(`\nComment benchmarks (${database.name}; in-process route handlers)\n`);
for (const r of rows) console.log(`  ${r.what.padEnd(width)}  ${r.figure.padStart(18)}   ${r.detail}`);
console.log("");
