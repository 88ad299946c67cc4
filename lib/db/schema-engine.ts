// Loads Prisma's WASM schema engine (@prisma/schema-engine-wasm) in Node ESM and opens engine instances on top
// of a migration-aware driver adapter factory (MigratePg). Node cannot `import` the .wasm file that the package's
// main entry imports, so the module is instantiated by hand from its `schema_engine_bg` glue.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import type { SchemaEngine } from "@prisma/schema-engine-wasm/schema_engine_bg";
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";

export type {
  SchemaEngine,
  MigrationList,
  SchemaFilter,
  DiagnoseMigrationHistoryOutput,
  HistoryDiagnostic,
} from "@prisma/schema-engine-wasm/schema_engine_bg";

export type EngineLog = (message: string) => void;

type PanicRegistry = { set_message(message: string): void };
declare global {
  // Read by the wasm glue (`global.PRISMA_WASM_PANIC_REGISTRY.set_message`) when the engine panics.
  var PRISMA_WASM_PANIC_REGISTRY: PanicRegistry | undefined;
}

let lastPanic: string | null = null;
let panicHandler: (message: string) => void = (message) => {
  process.stderr.write(`[schema-engine] panic: ${message}\n`);
};

/**
 * Replaces the default panic reporter (a line on stderr). Some panics surface as an uncaught
 * `RuntimeError: unreachable` that carries no message, so the message is reported as soon as it is known.
 */
export function onEnginePanic(handler: (message: string) => void): void {
  panicHandler = handler;
}

globalThis.PRISMA_WASM_PANIC_REGISTRY ??= {
  set_message(message: string) {
    lastPanic = message;
    panicHandler(message);
  },
};

let loading: Promise<void> | null = null;

function instantiate(): Promise<void> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const gluePath = require.resolve("@prisma/schema-engine-wasm/schema_engine_bg");
    const bytes = await readFile(path.join(path.dirname(gluePath), "schema_engine_bg.wasm"));
    const imports: Record<string, unknown> = { ...(bg as Record<string, unknown>) };
    // The engine arms timers (e.g. the 10 s advisory-lock timeout) and never clears them; unref them so a
    // finished process (a CLI run, a vitest worker) exits at once instead of lingering.
    for (const name of Object.keys(imports)) {
      if (name.startsWith("__wbg_setTimeout_")) {
        imports[name] = (fn: () => void, ms: number) => {
          const timer = setTimeout(fn, ms >>> 0);
          timer.unref();
          return timer;
        };
      }
    }
    const { instance } = await WebAssembly.instantiate(bytes, {
      "./schema_engine_bg.js": imports as WebAssembly.ModuleImports,
    });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** Version string of the loaded WASM schema engine. */
export async function engineVersion(): Promise<string> {
  await instantiate();
  return bg.version();
}

/** Rewrites an engine failure into an Error with the panic message (if it panicked) and the engine's error code. */
export function engineError(error: unknown): Error {
  const panic = lastPanic;
  lastPanic = null;
  if (panic !== null) {
    return Object.assign(new Error(`Schema engine panicked: ${panic}`, { cause: error }), { isPanic: true });
  }
  if (error instanceof Error) return error;
  return new Error(typeof error === "string" ? error : JSON.stringify(error));
}

export interface OpenEngineOptions {
  /** The driver adapter factory the engine talks through (a MigratePg). */
  adapterFactory: SqlMigrationAwareDriverAdapterFactory;
  /** Prisma schema files as [absolute path, content]; the engine needs at least one. */
  datamodels: [string, string][];
  /** Receives the engine's JSON log lines. */
  log?: EngineLog;
}

/** Opens a schema engine. Call `engine.free()` when done, then close the adapter factory's pools yourself. */
export async function openEngine(options: OpenEngineOptions): Promise<SchemaEngine> {
  await instantiate();
  const log = options.log ?? (() => {});
  try {
    return await bg.SchemaEngine.new(
      { datamodels: options.datamodels },
      (message: unknown) => log(typeof message === "string" ? message : JSON.stringify(message)),
      bindMigrationAwareSqlAdapterFactory(options.adapterFactory),
    );
  } catch (error) {
    throw engineError(error);
  }
}

/** Runs one engine call, turning a panic into a readable Error. */
export async function callEngine<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw engineError(error);
  }
}
