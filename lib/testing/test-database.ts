import pg from "pg";
import { startEphemeralPostgres } from "@/lib/db/embedded";
import { deploy } from "@/lib/db/migrate";

export type TestDatabase = { url: string; name: string; drop: () => Promise<void> };

// A fresh, migrated database for one test run: on the local PostgreSQL server
// (TEST_DATABASE_SERVER_URL, default 127.0.0.1:5432), or an in-memory PGlite when TEST_DB=pglite or
// when no server answers. KEEP_TEST_DB=1 keeps a server database for inspection.
export const createTestDatabase = async (prefix: string): Promise<TestDatabase> => {
  const serverUrl = new URL(process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  if (process.env.TEST_DB === "pglite" || !(await isReachable(serverUrl.toString()))) {
    const server = await startEphemeralPostgres();
    await deploy({ url: server.url });
    return { url: server.url, name: "pglite (in memory)", drop: () => server.stop() };
  }
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await deploy({ url: url.toString() }); // creates the database first
  return {
    url: url.toString(),
    name,
    drop: async () => {
      if (process.env.KEEP_TEST_DB === "1") return;
      const admin = new pg.Client({ connectionString: serverUrl.toString() });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
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
