import { randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { deploy } from "@/lib/db/migrate";

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

const DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres";

// The PostgreSQL server of the tests: TEST_DATABASE_SERVER_URL, else the machine's server on 127.0.0.1:5432,
// else (none answers, or TEST_DB=embedded) an embedded PostgreSQL started for this test run in a temporary
// folder. Its address goes into TEST_DATABASE_SERVER_URL, so child processes (vitest workers, scripts)
// create their databases on the same server. `stopServer` ends a server this process started.
export const ensureTestServer = async (): Promise<{
  url: string;
  embedded: boolean;
  stopServer: () => Promise<void>;
}> => {
  const configured = process.env.TEST_DATABASE_SERVER_URL;
  if (configured) return { url: configured, embedded: false, stopServer: async () => {} };
  if (process.env.TEST_DB !== "embedded" && (await isReachable(DEFAULT_SERVER))) {
    return { url: DEFAULT_SERVER, embedded: false, stopServer: async () => {} };
  }
  const folder = mkdtempSync(path.join(tmpdir(), "social-publisher-test-pg-"));
  chmodSync(folder, 0o755); // as root, the server runs as the user postgres, which must reach its data
  const server = await startEmbeddedPostgres({
    dataDir: path.join(folder, "pg"),
    password: randomBytes(16).toString("hex"),
  });
  process.env.TEST_DATABASE_SERVER_URL = server.url;
  return {
    url: server.url,
    embedded: true,
    stopServer: async () => {
      await server.stop();
      rmSync(folder, { recursive: true, force: true });
      if (process.env.TEST_DATABASE_SERVER_URL === server.url) delete process.env.TEST_DATABASE_SERVER_URL;
    },
  };
};

// A fresh, migrated database for one test run (or one test file) on the test server (ensureTestServer).
// KEEP_TEST_DB=1 keeps it for inspection.
export const createTestDatabase = async (prefix: string): Promise<TestDatabase> => {
  const server = await ensureTestServer();
  const name = `${prefix}_${Date.now()}_${process.pid}_${randomBytes(2).toString("hex")}`;
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  try {
    await deploy({ url: url.toString() }); // creates the database first
  } catch (error) {
    await server.stopServer();
    throw error;
  }
  return {
    url: url.toString(),
    name: server.embedded ? `${name} (embedded PostgreSQL)` : name,
    drop: async () => {
      if (process.env.KEEP_TEST_DB !== "1") {
        const admin = new pg.Client({ connectionString: server.url });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await admin.end();
      }
      await server.stopServer();
    },
  };
};

const isReachable = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
};
