import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { deploy } from "@/lib/db/migrate";
import { embeddedDatabasePassword } from "./data-dir";
import { claimOwnership, publishAddress, releaseOwnership, type OwnerRole } from "./embedded-owner";
import { keepAlive, type RestartPolicy } from "./keep-alive";

export type ResolvedDatabase = {
  url: string;
  isEmbedded: boolean;
  stop: () => Promise<void>;
  /** The embedded server of `serve` died and was not restarted (lib/runtime/keep-alive.ts): one line why.
   * Never resolves otherwise. */
  lost: Promise<string>;
};

const never = new Promise<string>(() => {});

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
  onRestart = () => {},
  restartPolicy,
}: {
  dataDir: string;
  role: OwnerRole;
  /** `serve`: the embedded server died and was restarted (one line to print). */
  onRestart?: (line: string) => void;
  restartPolicy?: RestartPolicy;
}): Promise<ResolvedDatabase> => {
  const external = process.env.DATABASE_URL;
  if (external) return { url: external, isEmbedded: false, stop: async () => {}, lost: never };

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
    if (role === "client" && owner.url) return { url: owner.url, isEmbedded: true, stop: async () => {}, lost: never };
    if (Date.now() > deadline) throw new Error(`The embedded database in ${dataDir} is held by process ${owner.pid}.`);
    await sleep(100); // starting up (its address comes next), or a CLI command that will finish soon
  }

  try {
    const start = (port?: number) =>
      startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg"), password: embeddedDatabasePassword(dataDir), port });
    const server = await start();
    publishAddress(dataDir, role, server.url);
    // The CLI's brief server is not restarted: its command fails, and the next one starts it again.
    const kept =
      role === "serve"
        ? keepAlive({ first: server, start, onRestart, policy: restartPolicy })
        : { lost: never, stop: () => server.stop() };
    return {
      url: server.url,
      isEmbedded: true,
      lost: kept.lost,
      stop: async () => {
        await kept.stop();
        releaseOwnership(dataDir);
      },
    };
  } catch (error) {
    releaseOwnership(dataDir);
    throw error;
  }
};

export const migrateDatabase = async (url: string) => (await deploy({ url })).applied;
