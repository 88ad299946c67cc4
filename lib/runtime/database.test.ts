import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveDatabase, type ResolvedDatabase } from "./database";

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
const resolve = async (dataDir: string, role: "serve" | "client") => {
  const db = await resolveDatabase({ dataDir, role });
  open.push(db);
  return db;
};

const ping = async (url: string) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ ok: number }>("SELECT 1 AS ok")).rows[0]!.ok;
  } finally {
    await client.end();
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

  it("uses DATABASE_URL when it is set, starting nothing", async () => {
    process.env.DATABASE_URL = "postgresql://example.invalid/db";
    const db = await resolveDatabase({ dataDir: path.join(root, "external"), role: "serve" });
    expect(db).toMatchObject({ url: "postgresql://example.invalid/db", isEmbedded: false });
    expect(existsSync(path.join(root, "external"))).toBe(false);
  });
});
