// Headless administration. Prints only the requested value on stdout (messages go to stderr), so
//   KEY=$(npm run -s cli -- keys create --environment live)
// works in scripts. Uses DATABASE_URL, or the embedded database of `npm start` (running or not).
import "dotenv/config";
import { parseArgs } from "node:util";
import { loadOrCreateSecrets, resolveDataDir } from "@/lib/runtime/data-dir";
import { migrateDatabase, resolveDatabase } from "@/lib/runtime/database";

const USAGE = `Usage:
  npm run cli -- keys create --environment live|sandbox [--name NAME] [--account ACCOUNT_ID]
      Mint an account-wide API key (creates the account if there is none yet); prints the token.
  npm run cli -- accounts create --name NAME
      Create another account (multi-tenant installs); prints its id.
  npm run cli -- setup token
      Print a one-time token for the first-run page /setup (valid 1 hour, used once).`;

const fail = (message: string): never => {
  process.stderr.write(`${message}\n\n${USAGE}\n`);
  process.exit(2);
};

const main = async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      environment: { type: "string" },
      name: { type: "string" },
      account: { type: "string" },
      help: { type: "boolean" },
    },
  });
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  const command = positionals.join(" ");
  if (!["keys create", "accounts create", "setup token"].includes(command))
    fail(`Unknown command: ${command || "(none)"}`);
  if (command === "keys create" && values.environment !== "live" && values.environment !== "sandbox") {
    fail("--environment must be live or sandbox");
  }
  if (command === "accounts create" && !values.name?.trim()) fail("--name is required");

  const dataDir = resolveDataDir();
  Object.assign(process.env, loadOrCreateSecrets(dataDir));
  const database = await resolveDatabase({ dataDir, role: "client" });
  process.env.DATABASE_URL = database.url;
  try {
    await migrateDatabase(database.url);
    if (command === "setup token") {
      const { createSetupToken } = await import("@/lib/services/setup/setup-tokens");
      const { token, expiresAt } = await createSetupToken();
      process.stdout.write(`${token}\n`);
      process.stderr.write(
        `Valid until ${expiresAt.toISOString()}, once: enter it at /setup to create the owner account.\n`,
      );
      return;
    }
    // Imported after DATABASE_URL is settled: the services read it through lib/env.
    const accounts = await import("@/lib/services/accounts/ensure-account");
    if (command === "accounts create") {
      const account = await accounts.createAccount({ name: values.name!.trim() });
      process.stdout.write(`${account.id}\n`);
      return;
    }
    const { createAccountKey } = await import("@/lib/services/api-keys/account-keys");
    const account = values.account ? await accounts.findAccount(values.account) : await accounts.ensureDefaultAccount();
    if (!account) fail(`No account ${values.account}`);
    const { token } = await createAccountKey({
      accountId: account!.id,
      environment: values.environment as "live" | "sandbox",
      name: values.name?.trim() || "CLI key",
    });
    process.stdout.write(`${token}\n`);
  } finally {
    const { db } = await import("@/lib/db/client");
    await db.$disconnect().catch(() => {});
    await database.stop();
  }
};

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
