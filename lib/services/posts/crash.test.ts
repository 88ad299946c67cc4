import { useOwnDatabase } from "@/testing/own-database";
import type { ChildProcess } from "node:child_process";
import { request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTelegramFake, type TelegramFake } from "@/testing/fakes/telegram";
import { startXFake, type XFake } from "@/testing/fakes/x";
import { listen, readBody } from "@/testing/fakes/support";
import { waitFor } from "@/inngest/local-runner/testing/helpers";
import { kill9, spawnRunnerProcess } from "@/inngest/local-runner/testing/processes";
import { encryptSecret } from "@/lib/crypto";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { seedTenant, setEnv } from "@/testing/network-tests";
import { createPost } from "./create-post";

await useOwnDatabase("posts");

// Exactly once across a crash: a runner process is killed with SIGKILL while the network has accepted a
// post but not answered yet. A new process picks the run up. X can be read back: the post is found and
// marked published, with no second post. Telegram bots cannot read a channel: the platform post ends as
// delivery_unconfirmed, and nothing is sent twice.

const childScript = path.join(import.meta.dirname, "testing/publish-runner-child.ts");
let x: XFake;
let tg: TelegramFake;
// In front of each fake: passes requests through, or (holding) forwards a publish request and keeps the
// answer back, as a network does when the process dies before the response arrives.
let holding = true;
const held: string[] = [];
const proxyTo =
  (target: string, isPublish: (req: IncomingMessage) => boolean) =>
  async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    const upstream = httpRequest(
      new URL(req.url!, target),
      { method: req.method, headers: { ...req.headers, host: new URL(target).host } },
      (up) => {
        if (holding && isPublish(req)) {
          held.push(`${req.method} ${req.url}`);
          up.resume(); // carried out upstream; the answer never reaches the caller
          return;
        }
        res.writeHead(up.statusCode!, up.headers);
        up.pipe(res);
      },
    );
    upstream.end(body);
  };
const proxies: Awaited<ReturnType<typeof listen>>[] = [];
const children: ChildProcess[] = [];

beforeAll(async () => {
  x = await startXFake();
  tg = await startTelegramFake();
  const xProxy = await listen(
    proxyTo(x.url, (r) => r.method === "POST" && r.url === "/2/tweets"),
    { dropConnections: true },
  );
  const tgProxy = await listen(
    proxyTo(tg.url, (r) => /\/sendMessage$/.test(r.url ?? "")),
    { dropConnections: true },
  );
  proxies.push(xProxy, tgProxy);
  return setEnv({
    NETWORK_TWITTER_API_URL: xProxy.url,
    NETWORK_TWITTER_WEB_URL: xProxy.url,
    NETWORK_TELEGRAM_API_URL: tgProxy.url,
  });
});
afterAll(async () => {
  await Promise.all(children.map(kill9));
  await Promise.all(proxies.map((p) => p.close()));
  await x.close();
  await tg.close();
  await db.$disconnect();
});

const spawnRunner = async () => {
  const child = await spawnRunnerProcess(childScript);
  children.push(child);
  return child;
};

describe("a crash mid-publish", () => {
  it("neither loses nor duplicates a post: read back where possible, delivery_unconfirmed otherwise", async () => {
    const tenant = await seedTenant();
    const base = { accountId: tenant.account.id, environment: "live" as const, profileGroupId: tenant.group.id };
    const twitter = await db.profile.create({
      data: {
        ...base,
        id: newId("profile"),
        platform: "twitter",
        name: "X account",
        externalId: x.user.id,
        accessToken: encryptSecret(x.issueToken()),
        metadata: { subscription_type: "None" },
      },
    });
    const channel = tg.createChannel({ title: "Crash channel", username: "crashchannel" });
    tg.makeBotAdmin(channel.id);
    const telegram = await db.profile.create({
      data: {
        ...base,
        id: newId("profile"),
        platform: "telegram",
        name: "Bot",
        externalId: String(tg.bot.id),
        credentials: encryptSecret(JSON.stringify({ bot_token: tg.token })),
        placements: {
          create: {
            id: newId("placement"),
            externalId: String(channel.id),
            name: "Crash channel",
            metadata: { type: "channel", username: "crashchannel" },
          },
        },
      },
    });
    const body = `Launch day ${newId("post")}`;
    const post = await createPost({
      principal: tenant.principal,
      input: {
        post: { body },
        profiles: [twitter.id, telegram.id],
        platforms: { telegram: { chat_id: String(channel.id) } },
      },
    });

    const first = await spawnRunner();
    await waitFor(async () => held.length === 2, {
      what: "both publish requests to reach the networks",
      timeoutMs: 30_000,
    });
    await kill9(first);
    const inFlight = await db.platformPost.findMany({ where: { rootPostId: post.id } });
    expect(inFlight.map((p) => [p.status, p.sendingSince !== null])).toEqual([
      ["processing", true],
      ["processing", true],
    ]);
    expect(x.posts.tweets.filter((t) => t.request.text === body)).toHaveLength(1);
    expect(tg.messages.filter((m) => m.text === body)).toHaveLength(1);

    holding = false;
    await spawnRunner();
    const settled = await waitFor(
      async () => {
        const rows = await db.platformPost.findMany({ where: { rootPostId: post.id }, orderBy: { platform: "asc" } });
        return rows.every((r) => r.status !== "processing") && rows;
      },
      { what: "the second runner to settle both platform posts", timeoutMs: 30_000 },
    );
    const byPlatform = Object.fromEntries(settled.map((r) => [r.platform, r]));
    const tweets = x.posts.tweets.filter((t) => t.request.text === body);
    expect(tweets).toHaveLength(1);
    expect(byPlatform.twitter).toMatchObject({
      status: "published",
      externalId: tweets[0]!.id,
      attempts: 1,
      sendingSince: null,
    });
    expect(byPlatform.telegram).toMatchObject({ status: "delivery_unconfirmed", attempts: 1, sendingSince: null });
    expect(tg.messages.filter((m) => m.text === body)).toHaveLength(1);
    const events = await db.event.findMany({
      where: { accountId: tenant.account.id, type: { startsWith: "platform_post." } },
    });
    expect(events.map((e) => e.type).sort()).toEqual(["platform_post.delivery_unconfirmed", "platform_post.published"]);
  }, 90_000);
});
