// A runner process of the app's post functions for crash.test.ts (started with tsx, killed with SIGKILL
// by the test). Short leases, so a killed process's runs are reclaimed quickly.
import { startLocalRunner } from "@/inngest/local-runner";
import {
  dispatchDuePostsFn,
  dispatchPostFn,
  processPostMediaFn,
  publishChainFn,
} from "@/inngest/functions/publish-posts";

const runner = await startLocalRunner({
  functions: [processPostMediaFn, dispatchPostFn, dispatchDuePostsFn, publishChainFn],
  pollIntervalMs: 100,
  leaseMs: 1_000,
  id: `publish-child-${process.pid}`,
});
process.stdout.write("ready\n");
process.on("SIGTERM", () => void runner.stop().then(() => process.exit(0)));
