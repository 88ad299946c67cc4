import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTestDatabase } from "@/testing/test-database";
import { nextServerRssKb } from "./soak-load";

// The app as `npm start` runs it (scripts/start.ts: migrations, a build when the sources changed, `next
// start`) on a fresh database of the test server and a fresh data directory, for the soak scripts
// (scripts/soak.ts, scripts/soak-uploads.ts): its URL, the CLI against it, the next-server's resident memory.

const ROOT = path.resolve(import.meta.dirname, "../..");

export const startSoakServer = async ({ name, port }: { name: string; port: number }) => {
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await createTestDatabase(name);
  const dataDir = mkdtempSync(path.join(tmpdir(), `${name}-`));
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: "127.0.0.1",
    NEXTAUTH_URL: baseUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  };
  const server = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", path.join(ROOT, "scripts/start.ts")],
    { cwd: ROOT, env, stdio: ["ignore", "inherit", "inherit"] },
  );
  let serverExited = false;
  server.on("exit", () => (serverExited = true));

  const stop = async () => {
    if (!serverExited) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    }
    await database.drop().catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  };

  const waitForServer = async () => {
    const deadline = Date.now() + 300_000; // a first start may build the app
    while (Date.now() < deadline) {
      if (serverExited) throw new Error("the server exited before answering");
      const up = await fetch(`${baseUrl}/login`).then(
        (r) => r.status < 500,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    throw new Error(`no answer from ${baseUrl} within 5 minutes`);
  };

  const cli = (...args: string[]) =>
    execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/cli.ts", ...args], {
      cwd: ROOT,
      env,
      encoding: "utf8",
    }).trim();

  return {
    baseUrl,
    dataDir,
    waitForServer,
    cli,
    stop,
    rssKb: () => (server.pid ? nextServerRssKb(server.pid) : null),
  };
};
