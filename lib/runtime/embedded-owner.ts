import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isProcessAlive } from "@/lib/db/embedded/process";

// Who runs the embedded database of a data directory. The file is created exclusively (O_EXCL) by the
// process that starts the server, so `npm start` and the CLI never start two servers on one data
// directory; the others read the address from it. A file whose process is gone (killed) is taken over.

export type OwnerRole = "serve" | "client";
export type Owner = { pid: number; role: OwnerRole; url?: string };

const ownerFile = (dataDir: string) => path.join(dataDir, "embedded-db.json");

export const readOwner = (dataDir: string): Owner | null => {
  try {
    const owner = JSON.parse(readFileSync(ownerFile(dataDir), "utf8")) as Owner;
    return isProcessAlive(owner.pid) ? owner : null;
  } catch {
    return null; // missing, or being written
  }
};

/** Becomes the owner, or returns the live owner that holds the data directory. */
export const claimOwnership = (
  dataDir: string,
  role: OwnerRole,
): { claimed: true } | { claimed: false; owner: Owner } => {
  mkdirSync(dataDir, { recursive: true });
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const fd = openSync(ownerFile(dataDir), "wx", 0o600);
      writeFileSync(fd, JSON.stringify({ pid: process.pid, role } satisfies Owner));
      closeSync(fd);
      return { claimed: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    const owner = readOwner(dataDir);
    if (owner) return { claimed: false, owner };
    let stale: Owner | null = null;
    try {
      stale = JSON.parse(readFileSync(ownerFile(dataDir), "utf8")) as Owner;
    } catch {
      // half-written by a live process that is just claiming: look again
    }
    if (stale && !isProcessAlive(stale.pid)) rmSync(ownerFile(dataDir), { force: true });
  }
  throw new Error(`Could not take ownership of the embedded database in ${dataDir}`);
};

export const publishAddress = (dataDir: string, role: OwnerRole, url: string) =>
  writeFileSync(ownerFile(dataDir), JSON.stringify({ pid: process.pid, role, url } satisfies Owner), { mode: 0o600 });

export const releaseOwnership = (dataDir: string) => {
  const owner = readOwner(dataDir);
  if (owner?.pid === process.pid) rmSync(ownerFile(dataDir), { force: true });
};
