// One database's figures for `npm run bench` (scripts/bench.ts runs it once per database, in its own
// process, since the Prisma client binds one database per process): authenticated GET /api/profiles
// (key lookup, tenancy-scoped query, serialisation) next to a route that does no database work, both
// through the in-process route handlers. Prints one JSON line.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";

const [url] = process.argv.slice(2) as [string];
Object.assign(process.env, {
  DATABASE_URL: url,
  APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
  NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString("hex"),
  LOG_LEVEL: "silent",
});

const { callRoute } = await import("@/testing/call-route");
const { seedAccount, seedGroup, seedKey } = await import("@/testing/seed");
const profilesRoute = await import("@/app/api/profiles/route");
const catchAll = await import("@/app/api/[...path]/route");
const { db } = await import("@/lib/db/client");
const { newId } = await import("@/lib/ids");

const rate = async (total: number, concurrency: number, fn: () => Promise<{ status: number }>, expected: number) => {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) {
        const { status } = await fn();
        if (status !== expected) throw new Error(`unexpected ${status}`);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
};

try {
  const account = await seedAccount();
  const group = await seedGroup({ accountId: account.id, environment: "live" });
  const platforms = [
    "bluesky",
    "telegram",
    "twitter",
    "threads",
    "instagram",
    "facebook",
    "linkedin",
    "pinterest",
    "youtube",
    "tiktok",
  ] as const;
  for (const [i, platform] of platforms.entries()) {
    await db.profile.create({
      data: {
        id: newId("profile"),
        accountId: account.id,
        environment: "live",
        profileGroupId: group.id,
        platform,
        name: `Profile ${i}`,
        externalId: `ext-${i}`,
      },
    });
  }
  const { token } = await seedKey({ accountId: account.id });
  const profiles = () => callRoute(profilesRoute.GET, { path: "/api/profiles", token });
  const noDb = () => catchAll.GET(new Request("http://localhost/api/nothing-here"));
  await rate(200, 16, profiles, 200); // warm-up: pool, JIT
  await rate(2000, 16, noDb, 404);
  const profilesPerSecond = await rate(2000, 16, profiles, 200);
  const noDbPerSecond = await rate(20_000, 16, noDb, 404);
  process.stdout.write(`${JSON.stringify({ profilesPerSecond, noDbPerSecond })}\n`);
} finally {
  await db.$disconnect();
}
