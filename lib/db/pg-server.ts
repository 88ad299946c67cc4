// Small helpers around PostgreSQL connection URLs and one-off server connections (used by the migration code).
import { randomInt } from "node:crypto";
import pg from "pg";

/** Returns `url` with its database (path) replaced. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(database)}`;
  return u.toString();
}

/** Database name of a connection URL (pg's default: the user name, else "postgres"). */
export function databaseOf(url: string): string {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, ""));
  return name || decodeURIComponent(u.username) || "postgres";
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * Runs `fn` on a short-lived client of `url`. When that database does not exist (3D000) it connects to the
 * server's `postgres` database instead and passes `missing: true`.
 */
export async function withServerClient<T>(
  url: string,
  fn: (client: pg.Client, missing: boolean) => Promise<T>,
): Promise<T> {
  let client = new pg.Client({ connectionString: url });
  let missing = false;
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code !== "3D000") throw error;
    missing = true;
    client = new pg.Client({ connectionString: withDatabase(url, "postgres") });
    await client.connect();
  }
  try {
    return await fn(client, missing);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * True when both URLs reach the same database, whatever host aliases they use: a session advisory lock held
 * through `a` (locks are per database) is probed through `b`.
 */
export async function isSameDatabase(a: string, b: string): Promise<boolean> {
  const key = randomInt(1, 2 ** 31 - 1);
  const ca = new pg.Client({ connectionString: a });
  const cb = new pg.Client({ connectionString: b });
  try {
    await ca.connect();
    await cb.connect();
    await ca.query(`SELECT pg_advisory_lock(${key})`);
    const { rows } = await cb.query<{ free: boolean }>(`SELECT pg_try_advisory_lock(${key}) AS free`);
    const free = Boolean(rows[0]?.free);
    if (free) await cb.query(`SELECT pg_advisory_unlock(${key})`);
    await ca.query(`SELECT pg_advisory_unlock(${key})`);
    return !free;
  } finally {
    await Promise.all([ca.end().catch(() => {}), cb.end().catch(() => {})]);
  }
}
