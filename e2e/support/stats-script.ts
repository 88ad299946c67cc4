// Test support: stat snapshots written straight to the e2e database (the app takes real ones hourly).
//   tsx --conditions=react-server e2e/support/stats-script.ts profile <profileId> <json [{placement_id?, recorded_at, stats}]>
//     inserts profile snapshots and stamps the profile as just collected, so the app's hourly collection
//     leaves it alone during the test (an empty list only stamps it)
//   tsx --conditions=react-server e2e/support/stats-script.ts post <postId> <profileId> <json [{recorded_at, stats}]>
//     inserts snapshots of the post's platform post on that profile (and its insights), stamped likewise
//   Prints the number of snapshots written.
import { db, type Prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";

type Seed = { placement_id?: string | null; recorded_at: string; stats: Record<string, number | string | null> };

const [command, ...args] = process.argv.slice(2);

if (command === "profile") {
  const [profileId, json] = args;
  const profile = await db.profile.findUniqueOrThrow({ where: { id: profileId! } });
  const seeds = JSON.parse(json ?? "[]") as Seed[];
  await db.$transaction([
    db.statSnapshot.createMany({
      data: seeds.map((s) => ({
        id: newId("statSnapshot"),
        accountId: profile.accountId,
        environment: profile.environment,
        profileId: profile.id,
        placementId: s.placement_id ?? null,
        stats: s.stats as Prisma.InputJsonObject,
        rawStats: s.stats as Prisma.InputJsonObject,
        recordedAt: new Date(s.recorded_at),
      })),
    }),
    db.profile.update({ where: { id: profile.id }, data: { statsAt: new Date() } }),
  ]);
  process.stdout.write(`${seeds.length}\n`);
} else if (command === "post") {
  const [postId, profileId, json] = args;
  const pp = await db.platformPost.findUniqueOrThrow({
    where: { postId_profileId: { postId: postId!, profileId: profileId! } },
    include: { profile: true },
  });
  const seeds = (JSON.parse(json ?? "[]") as Seed[]).sort(
    (a, b) => Date.parse(a.recorded_at) - Date.parse(b.recorded_at),
  );
  const latest = seeds.at(-1);
  await db.$transaction([
    db.statSnapshot.createMany({
      data: seeds.map((s) => ({
        id: newId("statSnapshot"),
        accountId: pp.profile.accountId,
        environment: pp.profile.environment,
        profileId: pp.profileId,
        platformPostId: pp.id,
        stats: s.stats as Prisma.InputJsonObject,
        rawStats: s.stats as Prisma.InputJsonObject,
        recordedAt: new Date(s.recorded_at),
      })),
    }),
    db.platformPost.update({
      where: { id: pp.id },
      data: { insightsAt: new Date(), ...(latest && { insights: latest.stats as Prisma.InputJsonObject }) },
    }),
  ]);
  process.stdout.write(`${seeds.length}\n`);
} else {
  process.stderr.write(`unknown command ${command}\n`);
  process.exitCode = 2;
}
await db.$disconnect();
