import { afterAll, afterEach, beforeAll } from "vitest";
import type { InngestFunction } from "inngest";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { startGraphFake, type GraphFake } from "@/testing/fakes/graph";
import { startTelegramFake, type TelegramFake } from "@/testing/fakes/telegram";
import { db } from "@/lib/db/client";
import { deliverTelegram, seedTelegramProfile, type MetaApp } from "./messaging-seeds";
import { seedTenant, setEnv } from "./network-tests";
import { seedKey } from "./seed";

export {
  deliverTelegram,
  pushMeta,
  seedFacebookPage,
  seedInstagramAccount,
  seedSandboxProfile,
  seedTelegramProfile,
  type MetaApp,
} from "./messaging-seeds";

// What the messaging tests (lib/services/messages, private replies) share: the jobs a request enqueued
// run to the end, the Graph and Telegram fakes with the connectors pointed at them, a Telegram bot whose
// updates are delivered; the profiles and pushes themselves are in messaging-seeds.ts.

// Runs the jobs `functions` handle until none is left (no polling wait), as after a request that
// enqueued them: on a fresh manual clock, or on `clock` moved `advanceMs` ahead first (past retries and
// delays). A runner that a failed test left behind is stopped after each test.
export const useDrain = (functions: InngestFunction.Any[], { clock }: { clock?: ManualClock } = {}) => {
  let runner: LocalRunner | undefined;
  afterEach(async () => {
    await runner?.stop();
    runner = undefined;
  });
  return async (advanceMs = 0) => {
    clock?.advance(advanceMs);
    runner = await startLocalRunner({ functions, clock: clock ?? new ManualClock(new Date()), pollIntervalMs: 0 });
    await runner.drain();
    await runner.stop();
    runner = undefined;
  };
};

// A fake the file's beforeAll starts, usable under its name at the top of the file: reads and writes go
// to the started fake (before beforeAll they throw).
export const lateBound = <T extends object>(what: string, current: () => T | undefined): T => {
  const started = () => {
    const fake = current();
    if (!fake) throw new Error(`${what} is used before beforeAll started it`);
    return fake;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(started(), key),
    set: (_, key, value) => Reflect.set(started(), key, value),
  });
};

// The Telegram fake for the file's tests, NETWORK_TELEGRAM_API_URL pointed at it.
export const useTelegramFake = (): TelegramFake => {
  let fake: TelegramFake | undefined;
  beforeAll(async () => {
    fake = await startTelegramFake();
    return setEnv({ NETWORK_TELEGRAM_API_URL: fake.url });
  });
  afterAll(async () => {
    await fake?.close();
    await db.$disconnect();
  });
  return lateBound("the Telegram fake", () => fake);
};

// The Graph fake for the file's tests with a facebook and an instagram app, the connectors' NETWORK_*
// settings pointed at it.
export const useMetaGraphFake = (facebook: MetaApp, instagram: MetaApp): GraphFake => {
  let fake: GraphFake | undefined;
  beforeAll(async () => {
    const graph = (fake = await startGraphFake());
    graph.addApp("facebook", facebook.id, facebook.secret);
    graph.addApp("instagram", instagram.id, instagram.secret);
    return setEnv({
      NETWORK_FACEBOOK_CLIENT_ID: facebook.id,
      NETWORK_FACEBOOK_CLIENT_SECRET: facebook.secret,
      NETWORK_FACEBOOK_GRAPH_URL: graph.base("graph.facebook.com"),
      NETWORK_INSTAGRAM_CLIENT_ID: instagram.id,
      NETWORK_INSTAGRAM_CLIENT_SECRET: instagram.secret,
      NETWORK_INSTAGRAM_GRAPH_URL: graph.base("graph.instagram.com"),
    });
  });
  afterAll(async () => {
    await fake?.close();
    await db.$disconnect();
  });
  return lateBound("the Graph fake", () => fake);
};

// A tenant (with an account key) whose telegram profile is the fake's bot; `deliver` posts an update to
// the profile's signed receiver, then runs the jobs it enqueued.
export const seedTelegramBot = async (telegram: TelegramFake, drain: () => Promise<void>) => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const profile = await seedTelegramProfile(telegram, tenant);
  const deliver = async (update: unknown) => {
    const status = await deliverTelegram(profile.id, update);
    await drain();
    return status;
  };
  return { tenant, token, profile, deliver };
};
