import "server-only";
import { isNextBuild, jobsMode } from "@/lib/env";
import { log } from "@/lib/log";
import { startOutboxRelay } from "@/inngest/outbox-relay";
import { startLocalRunner, type LocalRunner } from "./runner";

// The background side of the Next.js server process (instrumentation.ts), never during `next build`, once
// per process even if Next.js loads this module twice: the local runner in local mode; in server mode the
// outbox relay that hands committed events to the Inngest server.
const KEY: unique symbol = Symbol.for("social-publisher.app-job-runner");
const store = globalThis as { [KEY]?: Promise<LocalRunner | null> };

export const startAppJobRunner = (): Promise<LocalRunner | null> =>
  (store[KEY] ??= (async () => {
    if (isNextBuild()) return null;
    if (jobsMode() !== "local") {
      log.info("background jobs run on an Inngest server (INNGEST_MODE=server); relaying the outbox to it");
      startOutboxRelay();
      return null;
    }
    return startLocalRunner();
  })());
