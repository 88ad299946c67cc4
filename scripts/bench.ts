// npm run bench: speed figures, printed (never asserted in tests). Runs the API in-process (the same
// route handlers Next serves, without the HTTP layer) against a fresh database on the test server (the
// local PostgreSQL, or an embedded one), then the pure hot paths, then GET /api/profiles on the embedded
// default and on the external PostgreSQL side by side (scripts/bench-profiles.ts).
// `npm run bench -- comments`: the comment benchmark instead (bench/comments.ts: 1,000,000 stored
// comments, several minutes), kept out of the default run.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

// `npm run bench -- messaging`: the direct-message benchmark (bench/messaging.ts) instead of this set.
if (process.argv.slice(2).includes("messaging")) {
  await import("../bench/messaging");
  process.exit(0);
}
// `npm run bench -- comments`: the comment benchmark over 1,000,000 stored comments (bench/comments.ts).
if (process.argv.slice(2).includes("comments")) {
  await import("../bench/comments");
  process.exit(0);
}

Object.assign(process.env, {
  APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString("hex"),
  LOG_LEVEL: "silent",
});

const { createTestDatabase } = await import("@/testing/test-database");
const database = await createTestDatabase("bench");
process.env.DATABASE_URL = database.url;

const { callRoute } = await import("@/testing/call-route");
const { seedAccount, seedKey } = await import("@/testing/seed");
const profileGroups = await import("@/app/api/profile_groups/route");
const apiKeys = await import("@/app/api/api_keys/route");
const { db } = await import("@/lib/db/client");

type Row = { what: string; figure: string; detail: string };
const rows: Row[] = [];
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// `total` calls of `fn`, `concurrency` at a time: throughput and latency percentiles.
const load = async (what: string, total: number, concurrency: number, fn: (i: number) => Promise<void>) => {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await fn(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  rows.push({
    what,
    figure: `${Math.round(total / seconds)} req/s`,
    detail: `${total} requests, ${concurrency} concurrent; p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
  });
};

const timed = (what: string, count: number, unit: string, fn: () => void) => {
  const started = performance.now();
  fn();
  const ms = performance.now() - started;
  rows.push({
    what,
    figure: `${Math.round((count / ms) * 1000)} ${unit}/s`,
    detail: `${count} in ${ms.toFixed(0)} ms`,
  });
};

try {
  const account = await seedAccount();
  const { token } = await seedKey({ accountId: account.id });
  const expect2xx = (res: { status: number }) => {
    if (res.status >= 300) throw new Error(`unexpected ${res.status}`);
  };

  await load("POST /api/profile_groups", 500, 8, async (i) =>
    expect2xx(
      await callRoute(profileGroups.POST, {
        path: "/api/profile_groups",
        token,
        body: { profile_group: { name: `Brand ${i}` } },
      }),
    ),
  );
  await load("GET /api/profile_groups (500 groups)", 300, 8, async () =>
    expect2xx(await callRoute(profileGroups.GET, { path: "/api/profile_groups", token })),
  );
  const group = (await db.profileGroup.findFirstOrThrow({ where: { accountId: account.id } })).id;
  await callRoute(apiKeys.POST, {
    path: "/api/api_keys",
    token,
    body: { profile_group_id: group },
    headers: { "idempotency-key": "bench" },
  });
  await load("POST /api/api_keys, Idempotency-Key replay", 1000, 8, async () =>
    expect2xx(
      await callRoute(apiKeys.POST, {
        path: "/api/api_keys",
        token,
        body: { profile_group_id: group },
        headers: { "idempotency-key": "bench" },
      }),
    ),
  );

  const { signPayload } = await import("@/lib/services/webhooks/signature");
  const body = JSON.stringify({
    id: "evt_x",
    type: "post.processed",
    created_at: new Date().toISOString(),
    data: { id: "post_x", body: "x".repeat(2000) },
  });
  timed("webhook signature (2 KB body)", 100_000, "signatures", () => {
    for (let i = 0; i < 100_000; i++) signPayload({ secret: "whsec_bench", body, timestamp: 1_700_000_000 + i });
  });

  const { blueskyPostRules } = await import("@/lib/networks/bluesky/post-rules");
  const draft = {
    body: "Launch day 🚀 ".repeat(20),
    media: [{ url: "https://cdn.example/a.jpg", kind: "image" as const }],
    thread: [{ body: "more 👩‍👩‍👧‍👦".repeat(10), media: [] }],
    params: blueskyPostRules.params.parse({ alt_text: "a photo" }),
    profile: { connectedAt: new Date(), metadata: {}, placementIds: [] },
  };
  timed("post rules: bluesky draft with a chain (graphemes)", 20_000, "drafts", () => {
    for (let i = 0; i < 20_000; i++) blueskyPostRules.validate(draft);
  });

  const arrangement = await import("@/bench/queue-arrangement").catch(() => null);
  if (arrangement) {
    const { posts, ms } = arrangement.benchArrangement();
    rows.push({
      what: "queue arrangement",
      figure: `${ms.toFixed(0)} ms`,
      detail: `${posts} posts, 21 weekly slots, jitter 15 min (best of 3)`,
    });
  }

  const posts = await import("@/bench/create-posts");
  await posts.benchCreatePosts(load);
  rows.push(await posts.benchPublishDuePosts(200));
} finally {
  await db.$disconnect();
  await database.drop();
}

// GET /api/profiles on each kind of database, next to a route without database work measured in the same
// process: the ratio is the cost of authentication plus the tenancy-scoped query.
const profilesOn = async (label: string, url: string) => {
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", path.join(import.meta.dirname, "bench-profiles.ts"), url],
    { encoding: "utf8" },
  );
  const { profilesPerSecond, noDbPerSecond } = JSON.parse(out.trim().split("\n").at(-1)!) as {
    profilesPerSecond: number;
    noDbPerSecond: number;
  };
  rows.push({
    what: `GET /api/profiles, ${label}`,
    figure: `${Math.round(profilesPerSecond)} req/s`,
    detail: `2000 requests, 16 concurrent; a route without database work: ${Math.round(noDbPerSecond)} req/s (ratio ${(noDbPerSecond / profilesPerSecond).toFixed(1)}x)`,
  });
};
const { startEmbeddedPostgres } = await import("@/lib/db/embedded");
const folder = mkdtempSync(path.join(tmpdir(), "bench-embedded-"));
chmodSync(folder, 0o755);
const embedded = await startEmbeddedPostgres({
  dataDir: path.join(folder, "pg"),
  password: randomBytes(12).toString("hex"),
});
try {
  const { deploy } = await import("@/lib/db/migrate");
  const url = embedded.url.replace(/\/postgres$/, "/bench");
  await deploy({ url });
  await profilesOn("embedded PostgreSQL (npm start default)", url);
} finally {
  await embedded.stop();
  rmSync(folder, { recursive: true, force: true });
}
// The external server: TEST_DATABASE_SERVER_URL or the machine's 127.0.0.1:5432 (skipped when the test
// database itself fell back to an embedded server).
const externalDb = await createTestDatabase("bench_profiles");
try {
  if (externalDb.name.includes("embedded"))
    rows.push({
      what: "GET /api/profiles, external PostgreSQL",
      figure: "skipped",
      detail: "no PostgreSQL server answers",
    });
  else await profilesOn(`external PostgreSQL (${new URL(externalDb.url).host})`, externalDb.url);
} finally {
  await externalDb.drop();
}

const width = Math.max(...rows.map((r) => r.what.length));
console.log(`\nBenchmarks (${database.name}; in-process route handlers)\n`);
for (const r of rows) console.log(`  ${r.what.padEnd(width)}  ${r.figure.padStart(16)}   ${r.detail}`);
console.log("");
