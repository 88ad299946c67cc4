// MigratePg: @prisma/adapter-pg 7.10.1 made fit to drive the WASM schema engine. It wraps PrismaPg and fixes:
//  1. connectToShadowDb() connected to the MAIN database (the URL's path overrides `database`): the shadow URL is
//     now built by replacing the path.
//  2. the shadow database was dropped before its pool was closed ("is being accessed by other users") and the
//     main pool was never closed: the shadow pool is closed first, then DROP DATABASE ... WITH (FORCE); close()
//     ends every pool this factory opened.
//  3. Postgres "char" (OID 18, e.g. pg_constraint.contype) was unsupported: it is reported as ColumnType.Character.
//  4. executeScript() split the script on every ";" (breaking $$ bodies): the whole script now goes to the server
//     as one simple-protocol query, as the native engine does (one implicit transaction).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  ColumnTypeEnum,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from "@prisma/driver-adapter-utils";
import { isSameDatabase, quoteIdent, withDatabase, withServerClient } from "./pg-server";

const CHAR_OID = 18;
const TEXT_OID = 25;

/** Result rows array -> indexes of its "char" columns (recorded by the patched pg client, read by queryRaw). */
const charColumns = new WeakMap<object, number[]>();

type PgField = { dataTypeID: number };
type PgResultLike = { fields?: PgField[]; rows?: unknown };

function markCharColumns(result: unknown): void {
  for (const res of (Array.isArray(result) ? result : [result]) as PgResultLike[]) {
    if (!res || !Array.isArray(res.fields) || typeof res.rows !== "object" || res.rows === null) continue;
    const indexes: number[] = [];
    res.fields.forEach((field, i) => {
      if (field.dataTypeID === CHAR_OID) {
        field.dataTypeID = TEXT_OID; // the value is already a string; adapter-pg accepts the field now
        indexes.push(i);
      }
    });
    if (indexes.length > 0) charColumns.set(res.rows, indexes);
  }
}

/** Patches a pg client's query() so "char" columns are recorded before adapter-pg looks at the fields. */
function patchClient(client: pg.PoolClient): void {
  const original = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      const callback = last as (err: unknown, res: unknown) => void;
      args[args.length - 1] = (err: unknown, res: unknown) => {
        if (!err) markCharColumns(res);
        callback(err, res);
      };
      return original(...args);
    }
    const ret = original(...args);
    if (ret instanceof Promise) return ret.then((res: unknown) => (markCharColumns(res), res));
    return ret;
  };
}

function fixColumnTypes(result: SqlResultSet): SqlResultSet {
  const indexes = charColumns.get(result.rows);
  if (indexes) for (const i of indexes) result.columnTypes[i] = ColumnTypeEnum.Character;
  return result;
}

class MigrateTransaction implements Transaction {
  readonly provider = "postgres" as const;
  readonly adapterName: string;
  readonly options: Transaction["options"];
  constructor(private readonly inner: Transaction) {
    this.adapterName = inner.adapterName;
    this.options = inner.options;
  }
  async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return fixColumnTypes(await this.inner.queryRaw(query));
  }
  executeRaw(query: SqlQuery): Promise<number> {
    return this.inner.executeRaw(query);
  }
  commit(): Promise<void> {
    return this.inner.commit();
  }
  rollback(): Promise<void> {
    return this.inner.rollback();
  }
}

class MigrateAdapter implements SqlDriverAdapter {
  readonly provider = "postgres" as const;
  readonly adapterName: string;
  constructor(
    private readonly inner: SqlDriverAdapter,
    private readonly release: () => Promise<void>,
  ) {
    this.adapterName = inner.adapterName;
  }
  async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return fixColumnTypes(await this.inner.queryRaw(query));
  }
  executeRaw(query: SqlQuery): Promise<number> {
    return this.inner.executeRaw(query);
  }
  async executeScript(script: string): Promise<void> {
    // No args -> pg uses the simple query protocol: the whole script in one round trip and one implicit
    // transaction; errors are converted by adapter-pg like any other query error.
    await this.inner.executeRaw({ sql: script, args: [], argTypes: [] });
  }
  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    return new MigrateTransaction(await this.inner.startTransaction(isolationLevel));
  }
  getConnectionInfo() {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: true };
  }
  async dispose(): Promise<void> {
    await this.release();
  }
}

/**
 * Adapter for an empty URL: the engine only asks for the server version when it starts, so commands that need
 * no database (`prisma migrate diff --from-empty --to-schema ...`) still work. Anything else fails clearly.
 */
function offlineAdapter(): SqlDriverAdapter {
  const fail = async (): Promise<never> => {
    throw new Error("No database URL configured (DATABASE_URL is empty).");
  };
  return {
    provider: "postgres",
    adapterName: "@prisma/adapter-pg",
    async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
      if (!query.sql.includes("server_version_num")) return fail();
      return {
        columnNames: ["exists", "version", "numeric_version"],
        columnTypes: [ColumnTypeEnum.Boolean, ColumnTypeEnum.Text, ColumnTypeEnum.Int32],
        rows: [[true, "PostgreSQL 15.0 (no database configured)", 150000]],
      };
    },
    executeRaw: fail,
    executeScript: fail,
    startTransaction: fail,
    getConnectionInfo: () => ({ supportsRelationJoins: true }),
    dispose: async () => {},
  };
}

export interface MigratePgOptions {
  /** An existing database to use as the shadow database instead of creating a temporary one (it is reset). */
  shadowUrl?: string;
}

export class MigratePg implements SqlMigrationAwareDriverAdapterFactory {
  readonly provider = "postgres" as const;
  readonly adapterName = "@prisma/adapter-pg";
  private readonly pools = new Set<pg.Pool>();
  private readonly shadowDatabases = new Set<string>();
  /** The last error thrown to the engine by connect()/connectToShadowDb(); the engine only reports "External error id#N". */
  lastError: Error | null = null;

  constructor(
    private readonly url: string,
    private readonly options: MigratePgOptions = {},
  ) {}

  private openPool(connectionString: string): pg.Pool {
    // One connection, like the native engine: session state (the advisory lock) stays on one session.
    const pool = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: 60_000 });
    pool.on("connect", patchClient);
    pool.on("error", () => {}); // idle-client errors surface on the next query instead of crashing the process
    this.pools.add(pool);
    return pool;
  }

  private async endPool(pool: pg.Pool): Promise<void> {
    if (!this.pools.delete(pool)) return;
    await pool.end().catch(() => {});
  }

  private async adapterFor(connectionString: string, onRelease?: () => Promise<void>): Promise<MigrateAdapter> {
    const pool = this.openPool(connectionString);
    const inner = await new PrismaPg(pool).connect();
    return new MigrateAdapter(inner, async () => {
      await inner.dispose();
      await this.endPool(pool);
      await onRelease?.();
    });
  }

  private async recording<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      this.lastError = error instanceof Error ? error : new Error(String(error));
      throw error;
    }
  }

  connect(): Promise<SqlDriverAdapter> {
    return this.recording(async () => (this.url ? this.adapterFor(this.url) : offlineAdapter()));
  }

  connectToShadowDb(): Promise<SqlDriverAdapter> {
    return this.recording(() => this.openShadow());
  }

  private async openShadow(): Promise<SqlDriverAdapter> {
    if (this.options.shadowUrl) return this.connectToExternalShadow(this.options.shadowUrl);
    if (!this.url)
      throw new Error("No database URL configured: a shadow database needs DATABASE_URL or SHADOW_DATABASE_URL.");
    const name = `prisma_migrate_shadow_db_${randomUUID()}`;
    await withServerClient(this.url, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
    this.shadowDatabases.add(name);
    const adapter = await this.adapterFor(withDatabase(this.url, name), () => this.dropShadow(name));
    const current = await adapter.queryRaw({ sql: "SELECT current_database()", args: [], argTypes: [] });
    if (current.rows[0]?.[0] !== name) {
      await adapter.dispose();
      throw new Error(`The shadow connection landed in database "${String(current.rows[0]?.[0])}", not "${name}".`);
    }
    return adapter;
  }

  private async connectToExternalShadow(shadowUrl: string): Promise<SqlDriverAdapter> {
    if (this.url && (await isSameDatabase(this.url, shadowUrl))) {
      throw new Error("The shadow database URL points at the main database; use a separate database or instance.");
    }
    const adapter = await this.adapterFor(shadowUrl);
    // Like Prisma Migrate, the shadow database is wiped before use.
    await adapter.executeScript("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;");
    return adapter;
  }

  private async dropShadow(name: string): Promise<void> {
    if (!this.shadowDatabases.delete(name)) return;
    await withServerClient(this.url, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
    );
  }

  /** Ends every pool this factory opened and drops temporary shadow databases left behind. Idempotent. */
  async close(): Promise<void> {
    await Promise.all([...this.pools].map((pool) => this.endPool(pool)));
    for (const name of [...this.shadowDatabases]) await this.dropShadow(name).catch(() => {});
  }
}
