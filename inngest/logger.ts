import type { Logger } from "inngest";
import { log } from "@/lib/log";

// The SDK's loggers (ctx.logger in functions, and its own diagnostics) write through lib/log, so every line
// is structured JSON on stderr. The SDK calls them as (message, ...rest) or (fields, message).
type Level = "debug" | "info" | "warn" | "error";

const describe = (value: unknown): unknown =>
  value instanceof Error ? { name: value.name, message: value.message } : value;

const write = (level: Level, args: unknown[]) => {
  const [first, second, ...rest] = args;
  if (first !== null && typeof first === "object" && !(first instanceof Error) && typeof second === "string") {
    const fields = Object.fromEntries(Object.entries(first).map(([k, v]) => [k, describe(v)]));
    log[level](second, { source: "inngest", ...fields, ...(rest.length ? { args: rest.map(describe) } : {}) });
    return;
  }
  const message =
    typeof first === "string" ? first : first instanceof Error ? first.message : JSON.stringify(describe(first));
  const extra = [second, ...rest].filter((v) => v !== undefined).map(describe);
  log[level](message, { source: "inngest", ...(extra.length ? { args: extra } : {}) });
};

const createLogger = (map: Record<Level, Level>): Logger => ({
  debug: (...args) => write(map.debug, args),
  info: (...args) => write(map.info, args),
  warn: (...args) => write(map.warn, args),
  error: (...args) => write(map.error, args),
});

/** ctx.logger inside functions. */
export const functionLogger = createLogger({ debug: "debug", info: "info", warn: "warn", error: "error" });

/** The SDK's own diagnostics ("Inngest step error" for every failed attempt, …): one level quieter, since
 * the runner (or the Inngest server) reports the outcome of each run itself. */
export const sdkLogger = createLogger({ debug: "debug", info: "debug", warn: "warn", error: "warn" });
