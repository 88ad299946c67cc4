// Figures for `npm run bench` (scripts/bench.ts): POST /api/posts throughput on sandbox profiles, and the
// time to publish N due posts through the local runner to the Telegram fake (a real HTTP round trip per
// message, as in production).
import { performance } from "node:perf_hooks";
import * as postsRoute from "@/app/api/posts/route";
import {
  dispatchDuePostsFn,
  dispatchPostFn,
  processPostMediaFn,
  publishChainFn,
} from "@/inngest/functions/publish-posts";
import { startLocalRunner } from "@/inngest/local-runner";
import { startTelegramFake } from "@/testing/fakes/telegram";
import { db } from "@/lib/db/client";
import { initializeConnection } from "@/lib/services/connections/initialize-connection";
import { resyncPlacements } from "@/lib/services/profiles/profiles";
import { callRoute } from "@/testing/call-route";
import { seedTenant } from "@/testing/network-tests";
import { seedSandboxTenant } from "@/testing/posts";
import { seedKey } from "@/testing/seed";

type Load = (what: string, total: number, concurrency: number, fn: (i: number) => Promise<void>) => Promise<void>;
type Row = { what: string; figure: string; detail: string };

const expect200 = (res: { status: number; json: unknown }) => {
  if (res.status !== 200) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.json)}`);
};

export const benchCreatePosts = async (load: Load) => {
  const tenant = await seedSandboxTenant(["bluesky", "twitter", "threads"]);
  await load("POST /api/posts (3 networks, drafts)", 300, 8, async (i) =>
    expect200(
      await callRoute(postsRoute.POST, {
        path: "/api/posts",
        token: tenant.token,
        body: { post: { body: `Draft ${i} #launch`, draft: true }, profiles: ["bluesky", "twitter", "threads"] },
      }),
    ),
  );
  await load("POST /api/posts (3 networks, scheduled)", 300, 8, async (i) =>
    expect200(
      await callRoute(postsRoute.POST, {
        path: "/api/posts",
        token: tenant.token,
        body: {
          post: { body: `Scheduled ${i}`, scheduled_at: new Date(Date.now() + 86_400_000).toISOString() },
          profiles: ["bluesky", "twitter", "threads"],
        },
      }),
    ),
  );
};

// N immediate posts to one Telegram channel: from creation until every platform post is published.
export const benchPublishDuePosts = async (count: number): Promise<Row> => {
  const fake = await startTelegramFake();
  const previous = process.env.NETWORK_TELEGRAM_API_URL;
  process.env.NETWORK_TELEGRAM_API_URL = fake.url;
  const runner = await startLocalRunner({
    functions: [processPostMediaFn, dispatchPostFn, dispatchDuePostsFn, publishChainFn],
    pollIntervalMs: 0,
  });
  try {
    const tenant = await seedTenant();
    const { token } = await seedKey({ accountId: tenant.account.id });
    const connected = (await initializeConnection({
      principal: tenant.principal,
      groupId: tenant.group.id,
      input: { platform: "telegram", bot_token: fake.token },
    })) as { profile: { id: string } };
    const channel = fake.createChannel({ title: "Bench", username: "benchchannel" });
    fake.makeBotAdmin(channel.id);
    await resyncPlacements({ principal: tenant.principal, profileId: connected.profile.id });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await callRoute(postsRoute.POST, {
        path: "/api/posts",
        token,
        body: {
          post: { body: `Post ${i}` },
          profiles: ["telegram"],
          platforms: { telegram: { chat_id: String(channel.id) } },
        },
      });
      expect200(res);
      ids.push(res.json.id as string);
    }
    const started = performance.now();
    await runner.drain();
    const ms = performance.now() - started;
    const published = await db.platformPost.count({ where: { rootPostId: { in: ids }, status: "published" } });
    if (published !== count) throw new Error(`only ${published} of ${count} posts were published`);
    return {
      what: `publish ${count} due posts (telegram fake)`,
      figure: `${Math.round((count / ms) * 1000)} posts/s`,
      detail: `${count} posts in ${ms.toFixed(0)} ms to one profile (its publish runs are serialised): dispatch, post.processed, publish, platform_post.published`,
    };
  } finally {
    await runner.stop();
    await fake.close();
    process.env.NETWORK_TELEGRAM_API_URL = previous;
  }
};
