import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

// Tenants are seeded the way a headless operator would: through the CLI, against the e2e database.
const cli = (...args: string[]): string => {
  const state = JSON.parse(readFileSync(path.join(ROOT, ".e2e", "state.json"), "utf8")) as Record<string, string>;
  return execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/cli.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: state.databaseUrl, APP_ENCRYPTION_KEY: state.APP_ENCRYPTION_KEY, NEXTAUTH_SECRET: state.NEXTAUTH_SECRET },
    encoding: "utf8",
  }).trim();
};

export type Tenant = { accountId: string; live: string; sandbox: string };

// A new account with an account-wide key per environment.
export const createTenant = (): Tenant => {
  const accountId = cli("accounts", "create", "--name", `E2E ${Date.now()}`);
  return {
    accountId,
    live: cli("keys", "create", "--environment", "live", "--account", accountId),
    sandbox: cli("keys", "create", "--environment", "sandbox", "--account", accountId),
  };
};

export const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
