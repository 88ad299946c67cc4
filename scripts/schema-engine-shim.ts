// Stand-in for Prisma's native `schema-engine` binary (which cannot be downloaded here), run by the Prisma CLI
// through scripts/schema-engine (PRISMA_SCHEMA_ENGINE_BINARY, set in prisma.config.ts). It speaks the binary's
// protocol and forwards every call to the WASM engine (@prisma/schema-engine-wasm) over MigratePg:
//   schema-engine --version
//   schema-engine --datasource <json> cli can-connect-to-database|create-database|drop-database
//   schema-engine [--datamodels <file>]... --datasource <json>   then newline-delimited JSON-RPC 2.0 on stdin/stdout
// Nothing but protocol may be written to stdout/stderr (the CLI parses both).
import { readFileSync } from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { MigratePg } from "../lib/db/migrate-adapter";
import { databaseOf, quoteIdent, withDatabase, withServerClient } from "../lib/db/pg-server";
import { DEFAULT_SCHEMA_PATH, ensureDatabase } from "../lib/db/migrate";
import { engineError, engineVersion, onEnginePanic, openEngine, type SchemaEngine } from "../lib/db/schema-engine";

type Datasource = { url?: string; shadowDatabaseUrl?: string };
type RpcRequest = { jsonrpc: "2.0"; id?: number | string; method?: string; params?: unknown; result?: unknown };
type EngineError = Error & { code?: string; isPanic?: boolean };

function parseArgs(argv: string[]) {
  const datamodels: string[] = [];
  let datasource: Datasource = {};
  let cli: string | undefined;
  let version = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--datamodels") datamodels.push(argv[++i] ?? "");
    else if (arg === "--datasource") datasource = JSON.parse(argv[++i] ?? "{}") as Datasource;
    else if (arg === "--version" || arg === "-V") version = true;
    else if (arg === "cli") cli = argv[++i];
    else if (arg === "--enabled-preview-features" || arg === "--extension-types") i++;
  }
  return { datamodels, datasource, cli, version };
}

function hostOf(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || "5432"}`;
  } catch {
    return "<invalid url>";
  }
}

/** Maps a connection failure to the P1xxx code and message the native engine reports. */
function connectionError(error: unknown, url: string): { code: string; message: string } {
  const e = error as { code?: string; message?: string };
  const where = hostOf(url);
  switch (e.code) {
    case "3D000":
      return {
        code: "P1003",
        message: `Database \`${databaseOf(url)}\` does not exist on the database server at \`${where}\`.`,
      };
    case "28P01":
    case "28000":
      return { code: "P1000", message: `Authentication failed against database server at \`${where}\`: ${e.message}` };
    case "ECONNREFUSED":
    case "ENOTFOUND":
    case "ETIMEDOUT":
    case "EHOSTUNREACH":
      return {
        code: "P1001",
        message: `Can't reach database server at \`${where}\`\n\nPlease make sure your database server is running at \`${where}\`.`,
      };
    default:
      return { code: "P1001", message: e.message ?? String(error) };
  }
}

function logLine(level: "INFO" | "ERROR", fields: Record<string, unknown>): string {
  return JSON.stringify({ timestamp: new Date().toISOString(), level, fields, target: "schema_engine::logger" });
}

/** `cli <command>`: exit 0 on success; on failure JSON log lines on stderr (the CLI skips the first line). */
async function runCli(command: string, url: string | undefined): Promise<number> {
  if (!url) {
    process.stderr.write(
      `${logLine("INFO", { message: "cli" })}\n${logLine("ERROR", { message: "No datasource url given.", error_code: "P1012" })}`,
    );
    return 1;
  }
  try {
    if (command === "can-connect-to-database") {
      await withServerClient(url, async (_client, missing) => {
        if (missing) throw Object.assign(new Error("missing"), { code: "3D000" });
      });
    } else if (command === "create-database") {
      await ensureDatabase(url);
    } else if (command === "drop-database") {
      const name = databaseOf(url);
      const client = withDatabase(url, "postgres");
      await withServerClient(client, (c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    } else {
      throw Object.assign(new Error(`Unknown cli command: ${command}`), { code: "P1012" });
    }
    return 0;
  } catch (error) {
    const mapped = connectionError(error, url);
    process.stderr.write(
      `${logLine("INFO", { message: `cli ${command}` })}\n${logLine("ERROR", { message: mapped.message, error_code: mapped.code })}`,
    );
    return 1;
  }
}

function write(message: object): void {
  process.stdout.write(`${JSON.stringify(message)}\n`);
}

function rpcError(id: RpcRequest["id"], error: unknown, cause: Error | null) {
  const err = engineError(error) as EngineError;
  let message = err.message || String(error);
  // Adapter errors reach the engine as "External error id#N"; add the real cause.
  if (cause && !message.includes(cause.message)) message = `${message.split("\n")[0]}: ${cause.message}`;
  const data: Record<string, unknown> = { is_panic: Boolean(err.isPanic), message };
  if (err.isPanic) data.error = { message };
  if (typeof err.code === "string" && /^P\d{4}$/.test(err.code)) data.error_code = err.code;
  return {
    jsonrpc: "2.0",
    id,
    error: { code: 4466, message: "An error happened. Check the data field for details.", data },
  };
}

/**
 * The WASM engine's evaluateDataLoss/createMigration cannot open a shadow database themselves ("PostgreSQL shadow
 * DB must be provided through an external factory"); they only read the engine's cache of the schema the
 * migrations produce. devDiagnostic fills that cache through the adapter factory, but `migrate dev` on a fresh
 * database applies the migrations without it. Filling the cache first is harmless: devDiagnostic only reads.
 */
async function warmShadowCache(engine: Record<string, unknown>, params: unknown): Promise<void> {
  const p = params as { migrationsList?: unknown; filters?: unknown } | undefined;
  if (!p?.migrationsList) return;
  const filters = p.filters ?? { externalTables: [], externalEnums: [] };
  try {
    await (engine.devDiagnostic as (input: unknown) => Promise<unknown>).call(engine, {
      migrationsList: p.migrationsList,
      filters,
    });
  } catch {
    // the real call reports the problem
  }
}

async function runRpc(datamodelPaths: string[], datasource: Datasource): Promise<number> {
  const url = datasource.url ?? "";
  const factory = new MigratePg(url, { shadowUrl: datasource.shadowDatabaseUrl || undefined });
  // `prisma migrate diff` starts the engine without --datamodels; the WASM engine panics without a schema.
  const files = datamodelPaths.length > 0 ? datamodelPaths : [DEFAULT_SCHEMA_PATH];
  const datamodels = files.map((f): [string, string] => [path.resolve(f), readFileSync(path.resolve(f), "utf8")]);
  const debug = process.env.PRISMA_SHIM_DEBUG ? (m: string) => process.stderr.write(`${m}\n`) : undefined;
  const opened: { engine?: Promise<SchemaEngine> } = {};
  const getEngine = () => (opened.engine ??= openEngine({ adapterFactory: factory, datamodels, log: debug }));

  let printId = 0;
  const pendingPrints = new Map<string, () => void>();
  const print = (content: string) =>
    new Promise<void>((resolve) => {
      const id = `shim-print-${++printId}`;
      pendingPrints.set(id, resolve);
      write({ jsonrpc: "2.0", id, method: "print", params: { content } });
    });

  async function handle(req: RpcRequest): Promise<void> {
    const method = req.method ?? "";
    factory.lastError = null;
    try {
      let result: unknown;
      if (method === "createDatabase") {
        const ds = (req.params as { datasource?: { tag: string; url?: string } } | undefined)?.datasource;
        const target = ds?.tag === "ConnectionString" && ds.url ? ds.url : url;
        await ensureDatabase(target);
        result = { databaseName: databaseOf(target) };
      } else {
        const name = method === "getDatabaseVersion" ? "version" : method;
        const e = (await getEngine()) as unknown as Record<string, unknown>;
        const fn = e[name];
        if (typeof fn !== "function" || name === "free" || name.startsWith("_")) {
          write({ jsonrpc: "2.0", id: req.id, error: { code: -32601, message: `Method not found: ${method}` } });
          return;
        }
        if (method === "evaluateDataLoss" || method === "createMigration") await warmShadowCache(e, req.params);
        result = await (fn as (p: unknown) => Promise<unknown>).call(e, req.params ?? null);
        if (method === "diff" && result && typeof result === "object") {
          // The native engine prints the diff through a `print` request; the WASM engine returns it.
          const r = result as { stdout?: string | null };
          if (typeof r.stdout === "string") await print(r.stdout);
          result = { ...r, stdout: null };
        }
      }
      write({ jsonrpc: "2.0", id: req.id, result: result ?? null });
    } catch (error) {
      write(rpcError(req.id, error, factory.lastError));
    }
  }

  let queue = Promise.resolve();
  const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
  rl.on("line", (line) => {
    if (!line.trim()) return;
    let msg: RpcRequest;
    try {
      msg = JSON.parse(line) as RpcRequest;
    } catch {
      write({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "Parse error" } });
      return;
    }
    if (!msg.method) {
      // A reply from the CLI (to a `print` request).
      const done = pendingPrints.get(String(msg.id));
      pendingPrints.delete(String(msg.id));
      done?.();
      return;
    }
    queue = queue.then(() => handle(msg));
  });
  await new Promise<void>((resolve) => rl.once("close", resolve));
  await queue;
  if (opened.engine) {
    try {
      (await opened.engine).free();
    } catch {
      // the engine failed to open; nothing to free
    }
  }
  await factory.close();
  return 0;
}

async function main(): Promise<number> {
  // The CLI collects JSON log lines from stderr; an ERROR line becomes the reported cause if the engine dies.
  onEnginePanic((message) => process.stderr.write(`${logLine("ERROR", { message, is_panic: true })}\n`));
  const args = parseArgs(process.argv.slice(2));
  if (args.version) {
    process.stdout.write(`schema-engine-cli wasm-shim (@prisma/schema-engine-wasm ${await engineVersion()})\n`);
    return 0;
  }
  if (args.cli) return runCli(args.cli, args.datasource.url);
  return runRpc(args.datamodels, args.datasource);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${logLine("ERROR", { message: (error as Error)?.message ?? String(error) })}\n`);
    process.exit(1);
  },
);
