// Tests of the WASM-engine migration module against the local PostgreSQL (127.0.0.1:5432, or
// MIGRATE_TEST_SERVER_URL). Self-contained: every database it uses is created here with a
// unique name and dropped WITH (FORCE) in afterAll; prisma/migrations is only read.
import { createHash } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMigration,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SCHEMA_PATH,
  deploy,
  LOCKFILE_CONTENT,
  status,
} from "./migrate";
import { isSameDatabase, withDatabase } from "./pg-server";

const SERVER_URL =
  process.env.MIGRATE_TEST_SERVER_URL ??
  process.env.TEST_DATABASE_SERVER_URL ??
  "postgresql://postgres@127.0.0.1:5432/postgres";
const RUN_ID = `${Date.now()}_${process.pid}`;
const created: string[] = [];
let tmpRoot = "";

/** A unique database URL on the test server (not created: deploy() creates it). */
function newDatabaseUrl(label: string): string {
  const name = `migrate_test_${RUN_ID}_${label}`;
  created.push(name);
  return withDatabase(SERVER_URL, name);
}

async function query<T extends pg.QueryResultRow = Record<string, unknown>>(
  url: string,
  sql: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function localMigrationNames(): Promise<string[]> {
  const entries = await readdir(DEFAULT_MIGRATIONS_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
}

/** Copies prisma/migrations to a temp dir and adds extra migration folders. */
async function migrationsWith(label: string, extra: Record<string, string>): Promise<string> {
  const dir = path.join(tmpRoot, label);
  await cp(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
  for (const [name, sql] of Object.entries(extra)) {
    await mkdir(path.join(dir, name), { recursive: true });
    await writeFile(path.join(dir, name, "migration.sql"), sql);
  }
  return dir;
}

beforeAll(async () => {
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), "migrate-test-"));
});

afterAll(async () => {
  for (const name of created) {
    await query(SERVER_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
  if (tmpRoot) await rm(tmpRoot, { recursive: true, force: true });
});

describe("deploy / status on PostgreSQL", () => {
  const url = newDatabaseUrl("main");

  it("creates the database, all tables and _prisma_migrations rows like prisma migrate deploy", async () => {
    const names = await localMigrationNames();
    expect(names.length).toBeGreaterThan(0);

    const { applied } = await deploy({ url });
    expect(applied).toEqual(names);

    const tables = (
      await query<{ tablename: string }>(url, "SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
    ).map((r) => r.tablename);
    expect(tables).toEqual(
      expect.arrayContaining([
        "_prisma_migrations",
        "accounts",
        "users",
        "api_keys",
        "profile_groups",
        "profiles",
        "idempotency_records",
      ]),
    );

    const rows = await query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
      applied_steps_count: number;
      logs: string | null;
    }>(url, "SELECT * FROM _prisma_migrations ORDER BY migration_name");
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const row of rows) {
      const sql = await readFile(path.join(DEFAULT_MIGRATIONS_DIR, row.migration_name, "migration.sql"));
      expect(row.checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
      expect(row.logs).toBeNull();
    }
  });

  it("applies nothing the second time", async () => {
    expect(await deploy({ url })).toEqual({ applied: [] });
  });

  it("reports up to date, then the unapplied migration of a newer migrations dir", async () => {
    const s = await status({ url });
    expect(s).toMatchObject({ upToDate: true, hasMigrationsTable: true, unapplied: [], failed: [], edited: [] });

    const dir = await migrationsWith("newer", {
      "29990101000000_add_notes": 'CREATE TABLE "notes" ("id" TEXT PRIMARY KEY);\n',
    });
    const behind = await status({ url, migrationsDir: dir });
    expect(behind.upToDate).toBe(false);
    expect(behind.unapplied).toEqual(["29990101000000_add_notes"]);
    expect(behind.history?.diagnostic).toBe("databaseIsBehind");

    expect((await deploy({ url, migrationsDir: dir })).applied).toEqual(["29990101000000_add_notes"]);
    expect((await status({ url, migrationsDir: dir })).upToDate).toBe(true);
  });
});

describe("isSameDatabase (shadow database guard)", () => {
  it("sees through host aliases and tells databases of one server apart", async () => {
    const url = newDatabaseUrl("same");
    await deploy({ url, migrationsDir: path.join(tmpRoot, "no-migrations") });
    const alias = new URL(url);
    alias.hostname = alias.hostname === "127.0.0.1" ? "localhost" : "127.0.0.1";
    expect(await isSameDatabase(url, alias.toString())).toBe(true);
    expect(await isSameDatabase(url, SERVER_URL)).toBe(false);
  });
});

describe("migration scripts", () => {
  it("applies a plpgsql function with $$ bodies and semicolons (whole script sent at once)", async () => {
    const url = newDatabaseUrl("plpgsql");
    const dir = await migrationsWith("plpgsql", {
      "29990101000001_trim_trigger": `
CREATE FUNCTION "trim_account_name"() RETURNS trigger AS $$
BEGIN
  NEW.name := btrim(NEW.name);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

CREATE TRIGGER "accounts_trim_name" BEFORE INSERT OR UPDATE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "trim_account_name"();
`,
    });
    const { applied } = await deploy({ url, migrationsDir: dir });
    expect(applied).toContain("29990101000001_trim_trigger");

    await query(url, `INSERT INTO accounts (id, name, updated_at) VALUES ('a1', '  padded  ', now())`);
    expect(await query(url, "SELECT name FROM accounts WHERE id = 'a1'")).toEqual([{ name: "padded" }]);
  });

  it("rolls back a failing migration as a whole and reports it as failed", async () => {
    const url = newDatabaseUrl("failing");
    const dir = await migrationsWith("failing", {
      "29990101000002_broken": 'CREATE TABLE "half_done" ("id" INT);\nALTER TABLE "nope" ADD COLUMN "x" INT;\n',
    });
    await expect(deploy({ url, migrationsDir: dir })).rejects.toThrow(/nope/);
    expect(await query(url, "SELECT to_regclass('public.half_done') AS t")).toEqual([{ t: null }]);

    const s = await status({ url, migrationsDir: dir });
    expect(s.upToDate).toBe(false);
    expect(s.failed).toEqual(["29990101000002_broken"]);
  });
});

describe("createMigration", () => {
  it("writes the lockfile and the first migration into an empty dir, then nothing without changes", async () => {
    const url = newDatabaseUrl("create");
    const dir = path.join(tmpRoot, "create-empty");
    const first = await createMigration({ url, name: "init", migrationsDir: dir });
    expect(first).toMatch(/^\d{14}_init$/);
    expect(await readFile(path.join(dir, "migration_lock.toml"), "utf8")).toBe(LOCKFILE_CONTENT);
    expect(await readFile(path.join(dir, first!, "migration.sql"), "utf8")).toContain('CREATE TABLE "accounts"');

    // Replays the new migration on a temporary shadow database: no difference left.
    expect(await createMigration({ url, name: "again", migrationsDir: dir })).toBeNull();
    const leftovers = await query(
      SERVER_URL,
      "SELECT datname FROM pg_database WHERE datname LIKE 'prisma_migrate_shadow_db_%'",
    );
    expect(leftovers).toEqual([]);
  });

  it("diffs a changed schema against the existing migrations", async () => {
    const url = newDatabaseUrl("create2");
    const dir = await migrationsWith("create-change", {});
    const schema = (await readFile(DEFAULT_SCHEMA_PATH, "utf8")).replace(
      /model Account \{\n {2}id {8}String {3}@id\n/,
      "model Account {\n  id        String   @id\n  bio       String?  @db.VarChar(280)\n",
    );
    expect(schema).toContain("bio");
    const schemaPath = path.join(tmpRoot, "changed.prisma");
    await writeFile(schemaPath, schema);

    const name = await createMigration({ url, name: "add bio", migrationsDir: dir, schemaPath });
    expect(name).toMatch(/^\d{14}_add_bio$/);
    const sql = await readFile(path.join(dir, name!, "migration.sql"), "utf8");
    expect(sql).toContain('ALTER TABLE "accounts" ADD COLUMN     "bio" VARCHAR(280);');
  });
});
