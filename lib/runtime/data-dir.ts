import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

// Process bootstrap for `npm start` and the CLI (not imported by the Next app). Reads process.env
// before lib/env.ts validates it, and fills in what a single-machine install can generate itself.

export const resolveDataDir = (): string => path.resolve(process.env.DATA_DIR ?? ".data");

type AppSecrets = { APP_ENCRYPTION_KEY: string; NEXTAUTH_SECRET: string };
type StoredSecrets = Partial<AppSecrets> & { EMBEDDED_DB_PASSWORD?: string };

const secretsFile = (dataDir: string) => path.join(dataDir, "secrets.json");

const readStored = (dataDir: string): StoredSecrets =>
  existsSync(secretsFile(dataDir)) ? (JSON.parse(readFileSync(secretsFile(dataDir), "utf8")) as StoredSecrets) : {};

const store = (dataDir: string, before: StoredSecrets, after: StoredSecrets) => {
  if (JSON.stringify(after) === JSON.stringify(before)) return;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(secretsFile(dataDir), JSON.stringify(after, null, 2), { mode: 0o600 });
};

// Secrets not given in the environment are generated once and kept (mode 0600) in the data directory,
// so restarts keep sessions valid and encrypted tokens readable.
export const loadOrCreateSecrets = (dataDir: string): AppSecrets => {
  const stored = readStored(dataDir);
  const secrets: AppSecrets = {
    APP_ENCRYPTION_KEY: process.env.APP_ENCRYPTION_KEY ?? stored.APP_ENCRYPTION_KEY ?? randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? stored.NEXTAUTH_SECRET ?? randomBytes(32).toString("base64url"),
  };
  store(dataDir, stored, {
    ...stored,
    ...(!process.env.APP_ENCRYPTION_KEY && { APP_ENCRYPTION_KEY: secrets.APP_ENCRYPTION_KEY }),
    ...(!process.env.NEXTAUTH_SECRET && { NEXTAUTH_SECRET: secrets.NEXTAUTH_SECRET }),
  });
  return secrets;
};

/** The embedded database's password: random on first use, then kept in secrets.json. */
export const embeddedDatabasePassword = (dataDir: string): string => {
  const stored = readStored(dataDir);
  const password = stored.EMBEDDED_DB_PASSWORD ?? randomBytes(24).toString("base64url");
  store(dataDir, stored, { ...stored, EMBEDDED_DB_PASSWORD: password });
  return password;
};
