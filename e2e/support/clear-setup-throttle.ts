// Test support: forgets the setup-token guesses of an address (lib/services/users/sign-in-throttle.ts),
// so a spec that provoked the throttle leaves the first-run setup open for the admin specs.
//   tsx --conditions=react-server e2e/support/clear-setup-throttle.ts <address>
import { db } from "@/lib/db/client";
import { clearSetupAttempts } from "@/lib/services/users/sign-in-throttle";

await clearSetupAttempts({ ip: process.argv[2] ?? "127.0.0.1" });
await db.$disconnect();
