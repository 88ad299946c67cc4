import * as profileRoute from "@/app/inbound/[platform]/[profileId]/route";
import * as metaRoute from "@/app/inbound/[platform]/route";
import type { GraphFake } from "@/testing/fakes/graph";
import { metaJson, signMeta } from "@/testing/fakes/meta-webhooks";
import type { TelegramFake } from "@/testing/fakes/telegram";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { connectorFor } from "@/lib/networks/registry";
import { sandboxAuth, sandboxCtx } from "@/lib/networks/sandbox/sandbox-test-auth";
import type { TPlatform } from "@/lib/schemas/common";
import { profileInboundSecret } from "@/lib/services/inbound/secrets";
import { seedNetworkProfile, uniqueDigits } from "./comments";
import type { Tenant } from "./network-tests";

// Messaging profiles stored as connecting stores them (a Facebook Page, an Instagram professional
// account, a Telegram bot, a sandbox account) and signed pushes through the receivers (app/inbound):
// for the messaging tests (their vitest hooks: messaging.ts) and the messaging benchmark.

export type MetaApp = { id: string; secret: string };

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

// A tenant's telegram profile that is the fake's bot (its token as the profile's credentials).
export const seedTelegramProfile = async (telegram: TelegramFake, tenant: Tenant) => {
  const profile = await seedNetworkProfile({
    group: tenant.group,
    platform: "telegram",
    externalId: String(telegram.bot.id),
  });
  await db.profile.update({
    where: { id: profile.id },
    data: { credentials: encryptSecret(JSON.stringify({ bot_token: telegram.token })) },
  });
  return profile;
};

// A Telegram update through the profile's receiver, with the profile's secret token; its status.
// `body`: the bytes to send, when they are not the update's JSON (a raw NUL).
export const deliverTelegram = async (profileId: string, update: unknown, body = JSON.stringify(update)) => {
  const req = new Request(`http://localhost/inbound/telegram/${profileId}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/json",
      "x-telegram-bot-api-secret-token": profileInboundSecret(profileId),
    },
  });
  const res = await profileRoute.POST(req, { params: Promise.resolve({ platform: "telegram", profileId }) });
  return res.status;
};
