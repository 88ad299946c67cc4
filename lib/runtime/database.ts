import path from "node:path";
import { startEmbeddedPostgres } from "@/lib/db/embedded";
import { deploy } from "@/lib/db/migrate";
import { clearEmbeddedState, readLiveEmbeddedState, writeEmbeddedState } from "./data-dir";

export type ResolvedDatabase = { url: string; isEmbedded: boolean; stop: () => Promise<void> };

// DATABASE_URL when set; otherwise the embedded PGlite database in DATA_DIR/pg. `serve` owns it and
// publishes its address for the CLI; `client` (the CLI) reuses a running one or opens it briefly.
export const resolveDatabase = async ({ dataDir, role }: { dataDir: string; role: "serve" | "client" }): Promise<ResolvedDatabase> => {
  const external = process.env.DATABASE_URL;
  if (external) return { url: external, isEmbedded: false, stop: async () => {} };

  const running = readLiveEmbeddedState(dataDir);
  if (running && role === "client") return { url: running.url, isEmbedded: true, stop: async () => {} };
  if (running) throw new Error(`The embedded database in ${dataDir} is already in use by process ${running.pid}.`);

  const server = await startEmbeddedPostgres({ dataDir: path.join(dataDir, "pg") });
  if (role === "serve") writeEmbeddedState(dataDir, { url: server.url, pid: process.pid });
  return {
    url: server.url,
    isEmbedded: true,
    stop: async () => {
      if (role === "serve") clearEmbeddedState(dataDir);
      await server.stop();
    },
  };
};

export const migrateDatabase = async (url: string) => (await deploy({ url })).applied;
