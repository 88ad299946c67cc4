import { afterAll, afterEach, beforeAll } from "vitest";
import type { InngestFunction } from "inngest";
import * as profileRoute from "@/app/inbound/[platform]/[profileId]/route";
import * as metaRoute from "@/app/inbound/[platform]/route";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { startGraphFake, type GraphFake } from "@/e2e/fakes/graph";
import { metaJson, signMeta } from "@/e2e/fakes/meta-webhooks";
import { startTelegramFake, type TelegramFake } from "@/e2e/fakes/telegram";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { connectorFor } from "@/lib/networks/registry";
import { sandboxAuth, sandboxCtx } from "@/lib/networks/sandbox/sandbox-test-auth";
import type { TPlatform } from "@/lib/schemas/common";
import { profileInboundSecret } from "@/lib/services/inbound/secrets";
import { seedNetworkProfile, uniqueDigits } from "./comments";
import { seedTenant, setEnv, type Tenant } from "./network-tests";
import { seedKey } from "./seed";

// What the messaging tests (lib/services/messages, private replies) share: the jobs a request enqueued
// run to the end, the Meta apps and the Telegram bot pointed at their fakes, connected profiles, and
// signed webhook pushes through the receivers (app/inbound).

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

// A tenant's profile of the sandbox network's simulated `platform` account, with its placements (a
// facebook Page, …) stored as connecting stores them.
export const seedSandboxProfile = async (tenant: Tenant, platform: TPlatform) => {
  const auth = await sandboxAuth(platform);
  const profile = await seedNetworkProfile({ group: tenant.group, platform, externalId: auth.externalId! });
  await db.profile.update({
    where: { id: profile.id },
    data: { accessToken: encryptSecret(auth.tokens!.accessToken), scopes: auth.tokens!.scopes ?? [] },
  });
  const placements = (
    (await connectorFor({ platform, environment: "sandbox" }).placements?.(sandboxCtx(), auth)) ?? []
  ).filter((p) => p.externalId !== null);
  for (const p of placements)
    await db.placement.create({
      data: { id: newId("placement"), profileId: profile.id, externalId: p.externalId, name: p.name },
    });
  return { profile, placements };
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

export type MetaApp = { id: string; secret: string };

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

// A tenant's facebook profile whose user manages one Page (a placement with its Page token) on the fake.
export const seedFacebookPage = async (
  graph: GraphFake,
  tenant: Tenant,
  { name, scopes = ["pages_messaging"] }: { name: string; scopes?: string[] },
) => {
  const user = uniqueDigits(12);
  const page = uniqueDigits(15);
  graph.addFacebookUser({ id: user, name: "Owner", pages: [{ id: page, name, category: "Bakery" }] });
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "facebook", externalId: user });
  await db.profile.update({
    where: { id: profile.id },
    data: { accessToken: encryptSecret(graph.issueToken("facebook", user, scopes)) },
  });
  await db.placement.create({
    data: {
      id: newId("placement"),
      profileId: profile.id,
      externalId: page,
      name,
      accessToken: encryptSecret(graph.pageToken(user, page, scopes)),
    },
  });
  return { profile, user, page };
};

// A tenant's instagram profile: a professional account (its id `account`) logged in through the fake.
export const seedInstagramAccount = async (
  graph: GraphFake,
  tenant: Tenant,
  { username, scopes = ["instagram_business_manage_messages"] }: { username: string; scopes?: string[] },
) => {
  const account = `1784${uniqueDigits(13)}`;
  const scoped = `app-scoped-${uniqueDigits(8)}`;
  graph.addInstagramUser({ id: scoped, user_id: account, username });
  const profile = await seedNetworkProfile({ group: tenant.group, platform: "instagram", externalId: account });
  await db.profile.update({
    where: { id: profile.id },
    data: { accessToken: encryptSecret(graph.issueToken("instagram", scoped, scopes)) },
  });
  return { profile, account };
};

// A Messenger Platform webhook (entry.messaging) for `account`, signed with the app's secret, through
// the network's receiver; its status.
export const pushMeta = async (
  app: MetaApp,
  platform: "facebook" | "instagram",
  account: string,
  messaging: Record<string, unknown>[],
) => {
  const { body, headers } = signMeta(
    app.secret,
    metaJson({
      object: platform === "facebook" ? "page" : "instagram",
      entry: [{ id: account, time: Date.now(), messaging }],
    }),
  );
  const res = await metaRoute.POST(
    new Request(`http://localhost/inbound/${platform}`, { method: "POST", body, headers }),
    { params: Promise.resolve({ platform }) },
  );
  return res.status;
};

// A tenant (with an account key) whose telegram profile is the fake's bot; `deliver` posts an update to
// the profile's signed receiver, then runs the jobs it enqueued.
export const seedTelegramBot = async (telegram: TelegramFake, drain: () => Promise<void>) => {
  const tenant = await seedTenant();
  const { token } = await seedKey({ accountId: tenant.account.id });
  const profile = await seedNetworkProfile({
    group: tenant.group,
    platform: "telegram",
    externalId: String(telegram.bot.id),
  });
  await db.profile.update({
    where: { id: profile.id },
    data: { credentials: encryptSecret(JSON.stringify({ bot_token: telegram.token })) },
  });
  const deliver = async (update: unknown) => {
    const req = new Request(`http://localhost/inbound/telegram/${profile.id}`, {
      method: "POST",
      body: JSON.stringify(update),
      headers: {
        "content-type": "application/json",
        "x-telegram-bot-api-secret-token": profileInboundSecret(profile.id),
      },
    });
    const res = await profileRoute.POST(req, {
      params: Promise.resolve({ platform: "telegram", profileId: profile.id }),
    });
    await drain();
    return res.status;
  };
  return { tenant, token, profile, deliver };
};
