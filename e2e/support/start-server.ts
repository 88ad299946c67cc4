// Playwright's webServer: a fresh migrated database, then `next start` on the built app.
// The database address is published in .e2e/state.json for specs that seed through the CLI, with the
// server's pid.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createTestDatabase } from "@/testing/test-database";
import { testCertificateFiles } from "@/testing/tls";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.E2E_PORT ?? 3100);

const main = async () => {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("No build found: run `npm run build` first");
  const database = await createTestDatabase("e2e");
  const secrets = {
    APP_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
  };
  mkdirSync(path.join(ROOT, ".e2e"), { recursive: true });
  const state = path.join(ROOT, ".e2e", "state.json");
  writeFileSync(state, JSON.stringify({ databaseUrl: database.url, ...secrets }));

  const child = spawn(path.join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(PORT), "-H", "127.0.0.1"], {
    cwd: ROOT,
    stdio: "inherit",
    env: {
      ...process.env,
      ...secrets,
      DATABASE_URL: database.url,
      NEXTAUTH_URL: `http://127.0.0.1:${PORT}`,
      NODE_ENV: "production",
      // every success body is checked against its contract's response schema; a mismatch is a 500
      API_RESPONSE_CHECK: "enforce",
      // webhook receivers of the specs listen on https://localhost with the test certificate
      WEBHOOK_ALLOWED_PRIVATE_HOSTS: "localhost",
      NODE_EXTRA_CA_CERTS: testCertificateFiles().certFile,
    },
  });
  // The server's pid: the soak spec samples its resident memory (e2e/support/soak-load.ts).
  writeFileSync(state, JSON.stringify({ databaseUrl: database.url, ...secrets, serverPid: child.pid }));
  const stop = async (code: number) => {
    child.kill("SIGTERM");
    await database.drop().catch(() => {});
    process.exit(code);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));
  child.on("exit", (code) => void stop(code ?? 0));
};

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
