import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

// Runs a script of the project against the e2e database (state written by start-server.ts).
export const runScript = (script: string, args: string[]): string => {
  const state = JSON.parse(readFileSync(path.join(ROOT, ".e2e", "state.json"), "utf8")) as Record<string, string>;
  return execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", script, ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: state.databaseUrl, APP_ENCRYPTION_KEY: state.APP_ENCRYPTION_KEY, NEXTAUTH_SECRET: state.NEXTAUTH_SECRET },
    encoding: "utf8",
  }).trim();
};

// Tenants are seeded the way a headless operator would: through the CLI.
const cli = (...args: string[]) => runScript("scripts/cli.ts", args);

// Records a spec event for the account (as the domain will when profiles connect, posts publish, ...).
export const emitTestEvent = ({ accountId, environment = "live", type, data, profileGroupId }: {
  accountId: string;
  environment?: "live" | "sandbox";
  type: string;
  data: Record<string, unknown>;
  profileGroupId?: string;
}): string => runScript("e2e/support/emit-event.ts", [accountId, environment, type, JSON.stringify(data), ...(profileGroupId ? [profileGroupId] : [])]);

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
