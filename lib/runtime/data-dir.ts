import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// Process bootstrap for `npm start` and the CLI (not imported by the Next app). Reads process.env
// before lib/env.ts validates it, and fills in what a single-machine install can generate itself.

export const resolveDataDir = (): string => path.resolve(process.env.DATA_DIR ?? ".data");

type Secrets = { APP_ENCRYPTION_KEY: string; NEXTAUTH_SECRET: string };

// Secrets not given in the environment are generated once and kept (mode 0600) in the data directory,
// so restarts keep sessions valid and encrypted tokens readable.
export const loadOrCreateSecrets = (dataDir: string): Secrets => {
  const file = path.join(dataDir, "secrets.json");
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8")) as Partial<Secrets>;
  const secrets: Secrets = {
    APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY ?? stored.APP_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? stored.NEXTAUTH_SECRET ?? randomBytes(32).toString("base64url"),
  };
  const toStore = {
    ...stored,
    ...(!process.env.APP_ENCRYPTION_KEY && { APP_ENCRYPTION_KEY: secrets.APP_ENCRYPTION_KEY }),
    ...(!process.env.NEXTAUTH_SECRET && { NEXTAUTH_SECRET: secrets.NEXTAUTH_SECRET }),
  };
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  return secrets;
};

// The embedded database publishes its address here while `npm start` runs, so the CLI can use it
// instead of opening the same data directory a second time.
const stateFile = (dataDir: string) => path.join(dataDir, "embedded-db.json");

export const writeEmbeddedState = (dataDir: string, state: { url: string; pid: number }) =>
  writeFileSync(stateFile(dataDir), JSON.stringify(state), { mode: 0o600 });

export const readLiveEmbeddedState = (dataDir: string): { url: string; pid: number } | null => {
  if (!existsSync(stateFile(dataDir))) return null;
  const state = JSON.parse(readFileSync(stateFile(dataDir), "utf8")) as { url: string; pid: number };
  try {
    process.kill(state.pid, 0);
    return state;
  } catch {
    return null;
  }
};

export const clearEmbeddedState = (dataDir: string) => rmSync(stateFile(dataDir), { force: true });
