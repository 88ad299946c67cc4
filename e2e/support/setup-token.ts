// Test support: a one-time setup token for the e2e server's first-run setup, as `npm run cli -- setup
// token` prints it (lib/services/setup/setup-tokens.ts), against the e2e database.
//   tsx --conditions=react-server e2e/support/setup-token.ts
import { db } from "@/lib/db/client";
import { createSetupToken } from "@/lib/services/setup/setup-tokens";

const { token } = await createSetupToken();
process.stdout.write(`${token}\n`);
await db.$disconnect();
