import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { deploy } from "@/lib/db/migrate";
import { embeddedDatabasePassword } from "./data-dir";
import { claimOwnership, publishAddress, releaseOwnership, type OwnerRole } from "./embedded-owner";

export type ResolvedDatabase = { url: string; isEmbedded: boolean; stop: () => Promise<void> };

const WAIT_FOR_OWNER_MS = 60_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL server of DATA_DIR/pg. `serve` (npm start) runs
 * it for as long as the app runs; `client` (the CLI) uses the running one, or runs it briefly itself.
 * A CLI that briefly holds the server makes `npm start` wait; two `npm start` on one data directory refuse.
 */
export const resolveDatabase = async ({
  dataDir,
  role,
}: {
  dataDir: string;
  role: OwnerRole;
}): Promise<ResolvedDatabase> => {
  const external = process.env.DATABASE_URL;
  if (external) return { url: external, isEmbedded: false, stop: async () => {} };

  const deadline = Date.now() + WAIT_FOR_OWNER_MS;
  for (;;) {
    const claim = claimOwnership(dataDir, role);
    if (claim.claimed) break;
    const { owner } = claim;
    if (role === "serve" && owner.role === "serve") {
      throw new Error(
        `The embedded database in ${dataDir} is already in use by process ${owner.pid} (another npm start?).`,
      );
    }
    if (role === "client" && owner.url) return { url: owner.url, isEmbedded: true, stop: async () => {} };
    if (Date.now() > deadline) throw new Error(`The embedded database in ${dataDir} is held by process ${owner.pid}.`);
    await sleep(100); // starting up (its address comes next), or a CLI command that will finish soon
  }

  try {
    const server = await startEmbeddedPostgres({
      dataDir: path.join(dataDir, "pg"),
      password: embeddedDatabasePassword(dataDir),
    });
    publishAddress(dataDir, role, server.url);
    return {
      url: server.url,
      isEmbedded: true,
      stop: async () => {
        await server.stop();
        releaseOwnership(dataDir);
      },
    };
  } catch (error) {
    releaseOwnership(dataDir);
    throw error;
  }
};

export const migrateDatabase = async (url: string) => (await deploy({ url })).applied;
