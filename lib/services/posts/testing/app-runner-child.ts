// An app process's background side for multi-process.test.ts: the local runner with every function of the
// app, as `npm start` runs it (started with node + tsx's loader, killed with SIGKILL by the test).
import { startLocalRunner } from "@/inngest/local-runner";

const leaseMs = Number(process.argv[2] ?? 3_000);
const runner = await startLocalRunner({ pollIntervalMs: 100, leaseMs, id: `app-child-${process.pid}` });
process.stdout.write("ready\n");
process.on("SIGTERM", () => void runner.stop().then(() => process.exit(0)));
