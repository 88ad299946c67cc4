// npm start: database (embedded unless DATABASE_URL is set), migrations, a production build when the
// sources changed, then `next start`. Prints where the app is and how to sign in.
import "dotenv/config";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { loadOrCreateSecrets, resolveDataDir } from "@/lib/runtime/data-dir";
import { migrateDatabase, resolveDatabase } from "@/lib/runtime/database";

const ROOT = path.resolve(import.meta.dirname, "..");
const PORT = Number(process.env.PORT ?? 3000);
// Loopback unless configured: a fresh install is not reachable from the network before its owner set it up.
const HOST = process.env.HOST ?? "127.0.0.1";

const main = async () => {
  const dataDir = resolveDataDir();
  const secrets = loadOrCreateSecrets(dataDir);
  // A crashed or killed embedded PostgreSQL is restarted on its address (lib/runtime/keep-alive.ts), each
  // time announced in one line.
  const database = await resolveDatabase({ dataDir, role: "serve", onRestart: (line) => console.log(line) });
  const shutdown = async (code: number) => {
    await database.stop().catch(() => {});
    process.exit(code);
  };

  try {
    const applied = await migrateDatabase(database.url);
    if (applied.length > 0) console.log(`Applied ${applied.length} migration(s).`);
    ensureBuild();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown(1);
  }

  const publicUrl = process.env.NEXTAUTH_URL ?? `http://localhost:${PORT}`;
  const child = spawn(path.join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(PORT), "-H", HOST], {
    cwd: ROOT,
    stdio: "inherit",
    // SUPERVISOR_PID: the server exits when this process is gone (killed with SIGKILL), so a restart finds
    // the port free (lib/runtime/supervisor.ts); the embedded database recovers on its own.
    env: {
      ...process.env,
      ...secrets,
      DATABASE_URL: database.url,
      NEXTAUTH_URL: publicUrl,
      NODE_ENV: "production",
      SUPERVISOR_PID: String(process.pid),
    },
  });
  // Clean shutdown: the server first (its runner parks its runs), then the database.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
  let lostDatabase = false;
  child.on("exit", (code) => void shutdown(lostDatabase ? 1 : (code ?? 0)));
  // Past its restart limit the app stops with one line and exit code 1, for a supervisor to restart it.
  void database.lost.then((line) => {
    lostDatabase = true;
    console.error(line);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM"); // its exit shuts down
    setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
  });

  // Services read their settings through lib/env: give this process what the server got.
  Object.assign(process.env, secrets, { DATABASE_URL: database.url });
  const { issueSetupTokenIfOpen } = await import("@/lib/services/setup/setup-tokens");
  const setup = await issueSetupTokenIfOpen();
  await (await import("@/lib/db/client")).db.$disconnect();
  printBanner({ publicUrl, isEmbedded: database.isEmbedded, dataDir, setup });
};

// Rebuild when any source file is newer than the last build (first start, or after a pull).
const ensureBuild = () => {
  const buildId = path.join(ROOT, ".next", "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  const sources = ["app", "components", "lib", "inngest", "prisma", "public", "package-lock.json", "next.config.ts"];
  const isStale = sources.some((entry) => newestMtime(path.join(ROOT, entry)) > builtAt);
  if (!isStale) return;
  console.log(builtAt ? "Sources changed: rebuilding the app…" : "First start: building the app (a minute or two)…");
  for (const [cmd, args] of [
    ["prisma", ["generate"]],
    ["next", ["build"]],
  ] as const) {
    const result = spawnSync(path.join(ROOT, "node_modules/.bin", cmd), args, { cwd: ROOT, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
  }
};

const newestMtime = (target: string): number => {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  if (target.endsWith(path.join("lib", "generated"))) return 0;
  return readdirSync(target).reduce((max, name) => Math.max(max, newestMtime(path.join(target, name))), stat.mtimeMs);
};

const printBanner = ({
  publicUrl,
  isEmbedded,
  dataDir,
  setup,
}: {
  publicUrl: string;
  isEmbedded: boolean;
  dataDir: string;
  setup: { token: string; expiresAt: Date } | null;
}) => {
  console.log(
    [
      "",
      `  App:       ${publicUrl}`,
      `  Database:  ${isEmbedded ? `embedded PostgreSQL (data in ${path.join(dataDir, "pg")})` : "DATABASE_URL"}`,
      setup
        ? `  First run: open ${publicUrl}/setup and enter the setup token ${setup.token}\n             (valid until ${setup.expiresAt.toISOString()}; a new one: npm run cli -- setup token)`
        : `  Sign in:   ${publicUrl}/login with your staff email and password`,
      `  API key:   npm run cli -- keys create --environment live`,
      `  API docs:  ${publicUrl}/docs`,
      "",
    ].join("\n"),
  );
};

void main();
