// A runner process for durability.test.ts (started with tsx, killed with SIGKILL by the test):
//   tsx --conditions=react-server inngest/local-runner/testing/durability-child.ts [--hang-in-step-two]
import { startLocalRunner } from "../runner";
import { setHangInStepTwo, sleeper, stepper } from "./durability-functions";

setHangInStepTwo(process.argv.includes("--hang-in-step-two"));
const runner = await startLocalRunner({
  functions: [sleeper, stepper],
  pollIntervalMs: 100,
  leaseMs: 1_000, // a killed child's leases expire quickly
  id: `durability-child-${process.pid}`,
});
process.stdout.write("ready\n");
process.on("SIGTERM", () => void runner.stop().then(() => process.exit(0)));
