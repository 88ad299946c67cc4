import { afterAll, beforeAll, onTestFinished } from "vitest";
import { collectStatsFn } from "@/inngest/functions/collect-stats";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { startGoogleFake, type GoogleFake } from "@/testing/fakes/google";
import { db, type Prisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import type { TPlatform } from "@/lib/schemas/common";
import { setEnv } from "./network-tests";
import { seedSandboxTenant } from "./posts";

// Stats tests: the hourly scheduled function (collect-stats) on the local runner with a manual clock,
// YouTube against the Google fake, the sandbox network for the others. Files using it call
// useOwnDatabase first: the function takes every due profile and post of the database.

export type Json = Record<string, any>;
export const HOUR = 3_600_000;

// Registers the runner and the Google fake for the file. The cron runs at minute 17 of every hour (UTC):
// `tick` moves the clock to the next such minute and runs what is due, hour by hour until `at` (the
// runner folds missed ticks into one run that carries the first one's time), and returns the last
// tick's time (the snapshots' recorded_at).
export const useStatsRunner = () => {
  const state = {} as { google: GoogleFake; clock: ManualClock; runner: LocalRunner; restoreEnv: () => void };
  beforeAll(async () => {
    state.google = await startGoogleFake();
    state.google.youtube.config.processingPolls = 0;
    state.restoreEnv = setEnv(state.google.env("youtube"));
    state.clock = new ManualClock(new Date());
    state.runner = await startLocalRunner({ functions: [collectStatsFn], clock: state.clock, pollIntervalMs: 0 });
  }, 60_000);
  afterAll(async () => {
    await state.runner?.stop();
    await state.google?.close();
    state.restoreEnv?.();
  });
  const nextTickAfter = (at: Date) => {
    const tick = new Date(at);
    tick.setUTCMinutes(17, 0, 0);
    if (tick <= at) tick.setTime(tick.getTime() + HOUR);
    return tick;
  };
  const tick = async (at?: Date) => {
    const until = at ?? nextTickAfter(state.clock.now());
    let when = state.clock.now();
    while (nextTickAfter(when) <= until) {
      when = state.clock.set(nextTickAfter(when));
      await state.runner.drain();
    }
    return when;
  };
  return { google: () => state.google, tick };
};

export const profileSnapshots = (profileId: string) =>
  db.statSnapshot.findMany({
    where: { profileId, platformPostId: null },
    orderBy: [{ recordedAt: "asc" }, { placementId: "asc" }],
  });
export const postSnapshots = (platformPostId: string) =>
  db.statSnapshot.findMany({ where: { platformPostId }, orderBy: { recordedAt: "asc" } });

// A published post written straight to the database (publishing itself is tested elsewhere).
export const seedPublishedPost = async (
  group: { id: string; accountId: string; environment: "live" | "sandbox" },
  targets: { profileId: string; platform: TPlatform; externalId: string; placementId?: string | null; params?: Json }[],
) => {
  const postId = newId("post");
  await db.post.create({
    data: {
      id: postId,
      accountId: group.accountId,
      environment: group.environment,
      profileGroupId: group.id,
      body: "Stats",
      status: "processed",
      processedAt: new Date(),
    },
  });
  const pps = [];
  for (const t of targets) {
    pps.push(
      await db.platformPost.create({
        data: {
          id: newId("platformPost"),
          postId,
          rootPostId: postId,
          profileId: t.profileId,
          platform: t.platform,
          placementId: t.placementId ?? null,
          status: "published",
          params: (t.params ?? {}) as Prisma.InputJsonObject,
          externalId: t.externalId,
          attempts: 1,
          publishedAt: new Date(),
        },
      }),
    );
  }
  return { postId, pps };
};

export const seedSnapshot = (
  profile: { id: string; accountId: string; environment: "live" | "sandbox" },
  at: string,
  stats: Json,
  extra: { placementId?: string; raw?: Json } = {},
) =>
  db.statSnapshot.create({
    data: {
      id: newId("statSnapshot"),
      accountId: profile.accountId,
      environment: profile.environment,
      profileId: profile.id,
      placementId: extra.placementId ?? null,
      stats,
      rawStats: extra.raw ?? stats,
      recordedAt: new Date(at),
    },
  });

export const sandboxPostId = () => `sbx_post_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;

// The account's profiles leave collection when the test ends, so that no later test's tick calls (or
// fails the scripted calls of) a network for them.
export const stopCollectingAfterTest = (accountId: string) =>
  onTestFinished(async () => {
    await db.profile.updateMany({ where: { accountId }, data: { status: "disconnected" } });
  });

// A sandbox tenant on facebook (two pages), telegram (one channel), bluesky and tiktok.
export const sandboxTenant = async () => {
  const sb = await seedSandboxTenant(["facebook", "telegram", "bluesky", "tiktok"]);
  stopCollectingAfterTest(sb.account.id);
  return sb;
};
