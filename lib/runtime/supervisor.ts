import "server-only";
import { isProcessAlive } from "@/lib/db/embedded/process";
import { env, isNextBuild } from "@/lib/env";
import { log } from "@/lib/log";

// `npm start` (scripts/start.ts) supervises the Next.js server it spawns. If the supervisor is killed
// with SIGKILL it cannot stop its child; the server notices here and exits, so the port is free for the
// next start and its job runs are taken over by whoever holds the database next (leases run out).
export const watchSupervisor = (intervalMs = 1_000) => {
  if (isNextBuild()) return;
  const pid = env().SUPERVISOR_PID;
  if (!pid) return;
  const timer = setInterval(() => {
    if (isProcessAlive(pid)) return;
    log.error("the npm start process is gone; stopping the server", { supervisorPid: pid });
    process.exit(1);
  }, intervalMs);
  timer.unref();
};
