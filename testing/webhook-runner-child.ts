// A runner process of the app's webhook functions for webhooks.test.ts (started with tsx, killed with
// SIGKILL by the test). Short leases, so a killed process's runs are reclaimed quickly.
//   --clock-offset-ms=N  runs the business clock N ms ahead (time that passed while no runner was alive)
import { startLocalRunner } from "@/inngest/local-runner";
import { deliverWebhookFn } from "@/inngest/functions/deliver-webhook";
import { fanOutEventFn } from "@/inngest/functions/fan-out-event";

const offsetArg = process.argv.find((a) => a.startsWith("--clock-offset-ms="));
const offsetMs = offsetArg ? Number(offsetArg.split("=")[1]) : 0;

const runner = await startLocalRunner({
  functions: [fanOutEventFn, deliverWebhookFn],
  clock: { now: () => new Date(Date.now() + offsetMs) },
  pollIntervalMs: 100,
  leaseMs: 1_000,
  id: `webhook-child-${process.pid}`,
});
process.stdout.write("ready\n");
process.on("SIGTERM", () => void runner.stop().then(() => process.exit(0)));
