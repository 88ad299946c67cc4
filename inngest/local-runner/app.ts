import "server-only";
import { isNextBuild, jobsMode } from "@/lib/env";
import { log } from "@/lib/log";
import { startLocalRunner, type LocalRunner } from "./runner";

// The runner of the Next.js server process (instrumentation.ts): local mode only, never during
// `next build`, and once per process even if Next.js loads this module twice.
const KEY: unique symbol = Symbol.for("social-publisher.app-job-runner");
const store = globalThis as { [KEY]?: Promise<LocalRunner | null> };

export const startAppJobRunner = (): Promise<LocalRunner | null> =>
  (store[KEY] ??= (async () => {
    if (isNextBuild()) return null;
    if (jobsMode() !== "local") {
      log.info("background jobs run on an Inngest server (INNGEST_MODE=server); local runner not started");
      return null;
    }
    return startLocalRunner();
  })());
