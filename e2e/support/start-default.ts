// Playwright's second webServer: the app exactly as `npm start` runs it on a machine without DATABASE_URL
// (embedded PostgreSQL in a fresh DATA_DIR). Specs of the `api-default` project run against it and seed
// tenants through the CLI with the same DATA_DIR, as a headless operator would.
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { testCertificateFiles } from "@/testing/tls";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PORT = Number(process.env.E2E_DEFAULT_PORT ?? 3200);

const dataDir = mkdtempSync(path.join(tmpdir(), "social-publisher-default-"));
chmodSync(dataDir, 0o755); // as root, the embedded server runs as the user postgres
mkdirSync(path.join(ROOT, ".e2e"), { recursive: true });
writeFileSync(path.join(ROOT, ".e2e", "default-state.json"), JSON.stringify({ dataDir }));

const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: dataDir,
  PORT: String(PORT),
  HOST: "127.0.0.1",
  NEXTAUTH_URL: `http://127.0.0.1:${PORT}`,
  WEBHOOK_ALLOWED_PRIVATE_HOSTS: "localhost",
  NODE_EXTRA_CA_CERTS: testCertificateFiles().certFile,
};
delete env.DATABASE_URL;

const child = spawn(
  process.execPath,
  ["--import", "tsx", "--conditions=react-server", path.join(ROOT, "scripts/start.ts")],
  { cwd: ROOT, stdio: "inherit", env },
);
const stop = (code: number) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code);
};
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => stop(code ?? 0));
