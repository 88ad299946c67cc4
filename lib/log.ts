import { logLevel } from "@/lib/env";

// Structured JSON log lines on stderr. Callers pass ids and codes, never tokens or secrets.
type Level = "debug" | "info" | "warn" | "error";
const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

const threshold = (): number => ORDER[logLevel()];

const write = (level: Level, msg: string, fields?: Record<string, unknown>) => {
  if (ORDER[level] < threshold()) return;
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields })}\n`);
};

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
