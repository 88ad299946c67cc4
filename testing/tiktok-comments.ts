import { afterAll, beforeAll } from "vitest";
import { startTikTokFake, type TikTokFake } from "@/testing/fakes/tiktok";
import type { InngestFunction } from "inngest";
import { ManualClock, startLocalRunner, type LocalRunner } from "@/inngest/local-runner";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import type { Environment } from "@/lib/generated/prisma/enums";
import { seedNetworkProfile, seedPublishedPost, uniqueDigits } from "./comments";
import { setEnv } from "./network-tests";

// TikTok comment tests: the TikTok fake and a local runner with the comment functions for the file, the
// connector pointed at the fake; and a published video on a profile connected through TikTok's
// Authorization for Business (its token the only kind the API for Business takes) or through Login Kit.

export const useTikTokComments = (functions: InngestFunction.Any[]) => {
  const held: { tiktok?: TikTokFake; runner?: LocalRunner } = {};
  beforeAll(async () => {
    const tiktok = (held.tiktok = await startTikTokFake());
    held.runner = await startLocalRunner({ functions, clock: new ManualClock(new Date()), pollIntervalMs: 0 });
    return setEnv({
      NETWORK_TIKTOK_CLIENT_KEY: tiktok.clientKey,
      NETWORK_TIKTOK_CLIENT_SECRET: tiktok.clientSecret,
      NETWORK_TIKTOK_WEB_URL: tiktok.url,
      NETWORK_TIKTOK_API_URL: tiktok.url,
      NETWORK_TIKTOK_BUSINESS_API_URL: tiktok.url,
    });
  }, 60_000);
  afterAll(async () => {
    await held.runner?.stop();
    await held.tiktok?.close();
  });
  return { tiktok: () => held.tiktok!, runner: () => held.runner! };
};

type Group = { id: string; accountId: string; environment: Environment };

// A published video of the fake's account on a tiktok profile in `group` connected at `connectedAt`.
export const seedTikTokVideo = async (
  tiktok: TikTokFake,
  group: Group,
  { connectedAt = new Date("2026-10-01T00:00:00Z"), loginKit = false }: { connectedAt?: Date; loginKit?: boolean } = {},
) => {
  const profile = await seedNetworkProfile({ group, platform: "tiktok", externalId: tiktok.user.open_id, connectedAt });
  await db.profile.update({
    where: { id: profile.id },
    data: loginKit
      ? { accessToken: encryptSecret(tiktok.grant()), metadata: { connected_at: connectedAt.toISOString() } }
      : { accessToken: encryptSecret(tiktok.business.grant()), metadata: { grant: "business" } },
  });
  const videoId = `73${uniqueDigits(17)}`;
  tiktok.comments.addVideo(videoId);
  const { post, platformPost } = await seedPublishedPost({ group, profile, externalId: videoId });
  const published = await db.platformPost.update({ where: { id: platformPost.id }, data: { publishedAt: new Date() } });
  return { profile, post, platformPost: published, videoId };
};
