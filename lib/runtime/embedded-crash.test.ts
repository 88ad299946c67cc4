import type { ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startXFake, type XFake } from "@/testing/fakes/x";
import { waitFor } from "@/inngest/local-runner/testing/helpers";
import { kill9, spawnRunnerProcess } from "@/inngest/local-runner/testing/processes";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { deploy } from "@/lib/db/migrate";
import { seedTenant, setEnv } from "@/testing/network-tests";
import { seedXProfiles } from "@/testing/posts";
import { resolveDatabase } from "./database";

// The embedded PostgreSQL of `npm start` killed with SIGKILL (a crash, the OOM killer) while the app
// publishes: the server is restarted on its address (lib/runtime/keep-alive.ts), the job runner of the app
// process waits it out without an error per poll, and every post reaches X exactly once.

const root = mkdtempSync(path.join(tmpdir(), "embedded-crash-test-"));
chmodSync(root, 0o755); // as root, the embedded server runs as the user postgres
const restarts: string[] = [];
delete process.env.DATABASE_URL; // the run's shared database: npm start without it runs the embedded one
const app = await resolveDatabase({
  dataDir: path.join(root, "app"),
  role: "serve",
  onRestart: (line) => restarts.push(line),
});
if (!app.isEmbedded) throw new Error("expected the embedded database");
await deploy({ url: app.url });
// This file's database is the embedded one (set before anything reads the environment).
process.env.DATABASE_URL = app.url;
if ((await import("@/lib/env")).env().DATABASE_URL !== app.url) throw new Error("the environment was read too early");
const { db } = await import("@/lib/db/client");
const { createPost } = await import("@/lib/services/posts/create-post");
const { newId } = await import("@/lib/ids");

const appChild = path.resolve(import.meta.dirname, "../services/posts/testing/app-runner-child.ts");
const children: ChildProcess[] = [];
let x: XFake;

beforeAll(async () => {
  x = await startXFake();
  return setEnv({ NETWORK_TWITTER_API_URL: x.url, NETWORK_TWITTER_WEB_URL: x.url });
});
afterAll(async () => {
  await Promise.all(children.map(kill9));
  await x.close();
  await db.$disconnect();
  await app.stop();
  rmSync(root, { recursive: true, force: true });
});

const postmasterOf = (pgDir: string) => Number(readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]);

// An app process's job runner (every function of the app, npm start's lease), its log lines kept.
const spawnApp = async (databaseUrl: string) => {
  const child = await spawnRunnerProcess(appChild, ["60000"], { DATABASE_URL: databaseUrl, LOG_LEVEL: "info" });
  children.push(child);
  const lines: { msg: string }[] = [];
  let rest = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    const text = rest + chunk.toString();
    const parts = text.split("\n");
    rest = parts.pop()!;
    for (const line of parts) if (line.startsWith("{")) lines.push(JSON.parse(line) as { msg: string });
  });
  return { child, lines, said: (msg: string) => lines.filter((l) => l.msg === msg).length };
};

describe("the embedded PostgreSQL killed under a running app", () => {
  it("the job runner backs off while the database is gone: one line when it goes, one when it is back", async () => {
    const pgDir = path.join(root, "outage", "pg");
    const password = "outage";
    const server = await startEmbeddedPostgres({ dataDir: pgDir, password });
    await deploy({ url: server.url });
    const runner = await spawnApp(server.url);
    await new Promise((r) => setTimeout(r, 1_000)); // a few healthy polls

    process.kill(postmasterOf(pgDir), "SIGKILL");
    await server.exited;
    await waitFor(async () => runner.said("job runner lost the database; retrying with backoff until it is back"), {
      what: "the runner to notice",
      timeoutMs: 30_000,
    });
    await new Promise((r) => setTimeout(r, 4_000)); // 13+ polls at 300 ms, 40 at the child's 100 ms
    expect(runner.said("job runner tick failed")).toBe(0);
    expect(runner.said("job runner lost the database; retrying with backoff until it is back")).toBe(1);

    const again = await startEmbeddedPostgres({ dataDir: pgDir, password, port: server.port });
    try {
      await waitFor(async () => runner.said("job runner reached the database again"), {
        what: "the runner to reconnect",
        timeoutMs: 30_000,
      });
      expect(runner.said("job runner lost the database; retrying with backoff until it is back")).toBe(1);
    } finally {
      await kill9(runner.child);
      await again.stop();
    }
  });

  it("is restarted on its address, and every post is published on X exactly once", async () => {
    const POSTS = 120;
    const PROFILES = 6;
    const tenant = await seedTenant();
    const profiles = await seedXProfiles({ tenant, x, count: PROFILES, firstUserId: 1_480_000_000_000_000_000n });
    const runner = await spawnApp(app.url);
    const bodies = Array.from({ length: POSTS }, (_, i) => `Crash post ${i} ${newId("post")}`);
    for (const [i, body] of bodies.entries())
      await createPost({ principal: tenant.principal, input: { post: { body }, profiles: [profiles[i % PROFILES]!] } });

    await waitFor(async () => x.posts.tweets.length >= POSTS / 5, {
      what: "a fifth of the posts to be published",
      timeoutMs: 120_000,
      intervalMs: 20,
    });
    process.kill(postmasterOf(path.join(root, "app", "pg")), "SIGKILL");
    const publishedAtKill = x.posts.tweets.length;
    await waitFor(async () => restarts.length === 1, { what: "the server to be restarted", timeoutMs: 90_000 });
    expect(restarts[0]).toMatch(/^The embedded PostgreSQL stopped unexpectedly \(killed by SIGKILL\): restarted it/);
    const restartedAt = Date.now();

    const settled = await waitFor(
      async () => {
        const open = await db.platformPost.count({
          where: { status: { notIn: ["published", "failed", "delivery_unconfirmed"] } },
        });
        return open === 0 && db.platformPost.findMany({ select: { status: true, externalId: true } });
      },
      { what: "every platform post to settle", timeoutMs: 240_000, intervalMs: 250 },
    );
    const perText = new Map<string, number>();
    for (const t of x.posts.tweets) perText.set(String(t.request.text), (perText.get(String(t.request.text)) ?? 0) + 1);
    console.log(
      `embedded crash: killed at ${publishedAtKill} of ${POSTS} tweets; POST /2/tweets ${
        x.requests.filter((r) => r.method === "POST" && r.path === "/2/tweets").length
      }; settled ${Date.now() - restartedAt} ms after the restart; runner lost the database ${runner.said("job runner lost the database; retrying with backoff until it is back")} time(s)`,
    );
    expect(publishedAtKill).toBeLessThan(POSTS); // killed mid-publishing
    expect(settled.filter((p) => p.status !== "published")).toEqual([]);
    expect(settled).toHaveLength(POSTS);
    expect(x.posts.tweets).toHaveLength(POSTS);
    expect(bodies.map((body) => perText.get(body))).toEqual(bodies.map(() => 1));
    expect(new Set(settled.map((p) => p.externalId)).size).toBe(POSTS);
    expect(runner.lines.filter((l) => l.msg === "job runner tick failed")).toEqual([]);
  }, 420_000);
});
