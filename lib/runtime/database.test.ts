import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveDatabase, type ResolvedDatabase } from "./database";
import { isProcessAlive } from "@/lib/db/embedded/process";

type ResolveOptions = Parameters<typeof resolveDatabase>[0];

// The database of `npm start` (serve) and the CLI (client) without DATABASE_URL: one embedded server per
// DATA_DIR. The CLI reuses the running app's server, or runs one briefly itself; two apps refuse; the
// ownership of a killed process is taken over.

const root = mkdtempSync(path.join(tmpdir(), "runtime-db-test-"));
chmodSync(root, 0o755); // as root, the embedded server runs as the user postgres
afterAll(() => rmSync(root, { recursive: true, force: true }));

const saved = process.env.DATABASE_URL;
beforeEach(() => void delete process.env.DATABASE_URL);
afterEach(() => {
  if (saved !== undefined) process.env.DATABASE_URL = saved;
});

const open: ResolvedDatabase[] = [];
afterEach(async () => {
  for (const db of open.splice(0).reverse()) await db.stop();
});
const resolve = async (dataDir: string, role: "serve" | "client", options: Partial<ResolveOptions> = {}) => {
  const db = await resolveDatabase({ dataDir, role, ...options });
  open.push(db);
  return db;
};

const query = async (url: string, sql: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
};
const ping = async (url: string) => ((await query(url, "SELECT 1 AS ok")) as { ok: number }[])[0]!.ok;

const waitFor = async (probe: () => boolean, what: string, timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("resolveDatabase without DATABASE_URL", () => {
  it("the CLI runs the embedded server briefly when no app runs, and uses the app's while it runs", async () => {
    const dataDir = path.join(root, "cli");
    const brief = await resolve(dataDir, "client");
    expect(await ping(brief.url)).toBe(1);
    await brief.stop();
    open.pop();
    expect(existsSync(path.join(dataDir, "embedded-db.json"))).toBe(false);
    await expect(ping(brief.url)).rejects.toThrow(); // stopped with the command

    const app = await resolve(dataDir, "serve");
    const cli = await resolve(dataDir, "client");
    expect(cli.url).toBe(app.url);
    await cli.stop(); // the CLI leaves the app's server running
    expect(await ping(app.url)).toBe(1);
    await expect(resolveDatabase({ dataDir, role: "serve" })).rejects.toThrow(/already in use by process/);
    const secrets = JSON.parse(readFileSync(path.join(dataDir, "secrets.json"), "utf8")) as Record<string, string>;
    expect(app.url).toContain(encodeURIComponent(secrets.EMBEDDED_DB_PASSWORD!)); // random, kept in DATA_DIR
  });

  it("takes over the data directory of an app that was killed", async () => {
    const dataDir = path.join(root, "killed");
    const first = await resolve(dataDir, "serve");
    await first.stop();
    open.pop();
    const dead = spawn(process.execPath, ["-e", ""]);
    await new Promise((r) => dead.once("exit", r));
    writeFileSync(
      path.join(dataDir, "embedded-db.json"),
      JSON.stringify({ pid: dead.pid, role: "serve", url: first.url }),
    );
    const next = await resolve(dataDir, "serve");
    expect(await ping(next.url)).toBe(1);
    expect(JSON.parse(readFileSync(path.join(dataDir, "embedded-db.json"), "utf8"))).toMatchObject({
      pid: process.pid,
      role: "serve",
    });
  });

  it("restarts the server of npm start on its address when it is killed, and gives up past the limit", async () => {
    const dataDir = path.join(root, "crashing");
    const restarts: string[] = [];
    const app = await resolve(dataDir, "serve", {
      onRestart: (line) => restarts.push(line),
      restartPolicy: { maxRestarts: 2, windowMs: 10 * 60_000, startTimeoutMs: 30_000 },
    });
    let lost: string | undefined;
    void app.lost.then((line) => (lost = line));
    await query(app.url, "CREATE TABLE survivor (v text); INSERT INTO survivor VALUES ('kept')");
    const postmaster = () => Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]);

    for (const round of [1, 2]) {
      const pid = postmaster();
      process.kill(pid, "SIGKILL"); // as a crash or the OOM killer would
      await waitFor(() => restarts.length === round, `restart ${round}`);
      expect(postmaster()).not.toBe(pid);
      expect(await query(app.url, "SELECT v FROM survivor")).toEqual([{ v: "kept" }]); // same URL, data kept
    }
    expect(restarts[0]).toMatch(
      /^The embedded PostgreSQL stopped unexpectedly \(killed by SIGKILL\): restarted it on port \d+ \(restart 1 of at most 2 within 10 min\)\.$/,
    );
    expect(lost).toBeUndefined();

    const last = postmaster();
    process.kill(last, "SIGKILL");
    await waitFor(() => lost !== undefined, "giving up");
    expect(lost).toBe(
      "The embedded PostgreSQL stopped unexpectedly (killed by SIGKILL), 3 times within 10 min: giving up and stopping the app.",
    );
    expect(restarts).toHaveLength(2);
    expect(isProcessAlive(last)).toBe(false);
    await expect(ping(app.url)).rejects.toThrow();
  });

  it("does not restart a server that its owner stopped", async () => {
    const dataDir = path.join(root, "stopped");
    const restarts: string[] = [];
    const app = await resolve(dataDir, "serve", { onRestart: (line) => restarts.push(line) });
    let lost = false;
    void app.lost.then(() => (lost = true));
    await app.stop();
    open.pop();
    await new Promise((r) => setTimeout(r, 1_500));
    expect({ restarts, lost }).toEqual({ restarts: [], lost: false });
    await expect(ping(app.url)).rejects.toThrow();
  });

  it("uses DATABASE_URL when it is set, starting nothing", async () => {
    process.env.DATABASE_URL = "postgresql://example.invalid/db";
    const db = await resolveDatabase({ dataDir: path.join(root, "external"), role: "serve" });
    expect(db).toMatchObject({ url: "postgresql://example.invalid/db", isEmbedded: false });
    expect(existsSync(path.join(root, "external"))).toBe(false);
  });
});
