import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";

const ROOT = path.resolve(import.meta.dirname, "../..");

// Runs a script of the project against the database of the server under test: the e2e database
// (start-server.ts), or, in the `api-default` project, the embedded database of `npm start`
// (start-default.ts), which the CLI finds through DATA_DIR alone.
export const runScript = (script: string, args: string[]): string =>
  execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", script, ...args], {
    cwd: ROOT,
    env: { ...withoutDatabase(process.env), ...scriptEnv(script) },
    encoding: "utf8",
  }).trim();

const withoutDatabase = ({ DATABASE_URL: _, ...rest }: NodeJS.ProcessEnv) => rest;

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, string>;

const scriptEnv = (script: string): Record<string, string> => {
  if (test.info().project.name !== "api-default") {
    const state = readJson(path.join(ROOT, ".e2e", "state.json"));
    return {
      DATABASE_URL: state.databaseUrl!,
      APP_ENCRYPTION_KEY: state.APP_ENCRYPTION_KEY!,
      NEXTAUTH_SECRET: state.NEXTAUTH_SECRET!,
    };
  }
  const { dataDir } = readJson(path.join(ROOT, ".e2e", "default-state.json")) as { dataDir: string };
  if (script === "scripts/cli.ts") return { DATA_DIR: dataDir }; // finds the running embedded database itself
  const secrets = readJson(path.join(dataDir, "secrets.json"));
  const owner = readJson(path.join(dataDir, "embedded-db.json"));
  return {
    DATA_DIR: dataDir,
    DATABASE_URL: owner.url!,
    APP_ENCRYPTION_KEY: secrets.APP_ENCRYPTION_KEY!,
    NEXTAUTH_SECRET: secrets.NEXTAUTH_SECRET!,
  };
};

// Tenants are seeded the way a headless operator would: through the CLI.
const cli = (...args: string[]) => runScript("scripts/cli.ts", args);

// Records a spec event for the account (as the domain will when profiles connect, posts publish, ...).
export const emitTestEvent = ({
  accountId,
  environment = "live",
  type,
  data,
  profileGroupId,
}: {
  accountId: string;
  environment?: "live" | "sandbox";
  type: string;
  data: Record<string, unknown>;
  profileGroupId?: string;
}): string =>
  runScript("e2e/support/emit-event.ts", [
    accountId,
    environment,
    type,
    JSON.stringify(data),
    ...(profileGroupId ? [profileGroupId] : []),
  ]);

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
