import { useOwnDatabase } from "@/testing/own-database";
import type { ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXFake, type XFake } from "@/testing/fakes/x";
import { waitFor } from "@/inngest/local-runner/testing/helpers";
import { kill9, spawnRunnerProcess } from "@/inngest/local-runner/testing/processes";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { seedTenant, setEnv } from "@/testing/network-tests";
import { seedXProfiles } from "@/testing/posts";
import { createPost } from "./create-post";

await useOwnDatabase("multiproc");

// Several app processes on one database (issue: "many processes on one database"): two processes run every
// function of the app against one PostgreSQL database; one is killed with SIGKILL halfway through
// publishing 1,000 posts to 50 X accounts. The survivor takes over the dead process's runs when their
// leases run out; an attempt that was on the wire when the process died is read back from X, never sent
// blindly again. The X fake sees every post exactly once.

const POSTS = 1_000;
const PROFILES = 50;
const childScript = path.join(import.meta.dirname, "testing/app-runner-child.ts");
let x: XFake;
const children: ChildProcess[] = [];

beforeAll(async () => {
  x = await startXFake();
  return setEnv({ NETWORK_TWITTER_API_URL: x.url, NETWORK_TWITTER_WEB_URL: x.url, LOG_LEVEL: "warn" });
});
afterAll(async () => {
  await Promise.all(children.map(kill9));
  await x.close();
});

const spawnApp = async () => {
  const child = await spawnRunnerProcess(childScript, ["3000"]);
  children.push(child);
  return child;
};

const inParallel = async <T>(items: readonly T[], limit: number, fn: (item: T) => Promise<unknown>) => {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      for (let i = next++; i < items.length; i = next++) await fn(items[i]!);
    }),
  );
};

describe("two app processes on one database", () => {
  it("publish 1,000 posts to 50 profiles exactly once, although one process is killed midway", async () => {
    const tenant = await seedTenant();
    const profiles = await seedXProfiles({ tenant, x, count: PROFILES, firstUserId: 1_470_000_000_000_000_000n });

    const [first] = await Promise.all([spawnApp(), spawnApp()]);
    const bodies = Array.from({ length: POSTS }, (_, i) => `Multi-process post ${i} ${newId("post")}`);
    await inParallel(bodies, 8, (body) =>
      createPost({
        principal: tenant.principal,
        input: { post: { body }, profiles: [profiles[bodies.indexOf(body) % PROFILES]!] },
      }),
    );

    await waitFor(async () => (await db.platformPost.count({ where: { status: "published" } })) >= POSTS / 2, {
      what: "half of the posts to be published",
      timeoutMs: 120_000,
      intervalMs: 20,
    });
    await kill9(first!);
    const publishedAtKill = await db.platformPost.count({ where: { status: "published" } });
    const onTheWireAtKill = await db.platformPost.count({ where: { sendingSince: { not: null } } });

    const settled = await waitFor(
      async () => {
        const open = await db.platformPost.count({
          where: { status: { notIn: ["published", "failed", "delivery_unconfirmed"] } },
        });
        return open === 0 && db.platformPost.findMany({ select: { status: true, externalId: true, postId: true } });
      },
      { what: "every platform post to settle", timeoutMs: 180_000, intervalMs: 200 },
    );

    const sent = x.requests.filter((r) => r.method === "POST" && r.path === "/2/tweets").length;
    const tweets = x.posts.tweets;
    const perText = new Map<string, number>();
    for (const t of tweets) perText.set(String(t.request.text), (perText.get(String(t.request.text)) ?? 0) + 1);
    const statuses: Record<string, number> = {};
    for (const p of settled) statuses[p.status] = (statuses[p.status] ?? 0) + 1;
    console.log(
      `multi-process: ${POSTS} posts, ${PROFILES} profiles, killed at ${publishedAtKill} published (${onTheWireAtKill} attempts on the wire); ` +
        `POST /2/tweets ${sent}, tweets ${tweets.length}, statuses ${JSON.stringify(statuses)}`,
    );
    expect(settled.filter((p) => p.status !== "published")).toEqual([]);
    expect(sent).toBe(POSTS); // never sent twice, not even once refused as a duplicate
    expect(tweets).toHaveLength(POSTS);
    expect([...perText.values()].every((n) => n === 1)).toBe(true);
    expect(new Set(settled.map((p) => p.externalId)).size).toBe(POSTS);
    expect(publishedAtKill).toBeLessThan(POSTS); // the kill happened mid-run
  }, 420_000);
});
