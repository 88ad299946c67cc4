import { execFileSync, spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { testCertificateFiles } from "@/testing/tls";

// A default install of a spec's own, for specs that break it on purpose (e2e/api/embedded-crash.spec.ts):
// `npm start` without DATABASE_URL on a fresh DATA_DIR and a free port, as e2e/support/start-default.ts
// starts the `api-default` server, with its output kept line by line and its embedded PostgreSQL's
// postmaster found through DATA_DIR/pg/postmaster.pid.

const ROOT = path.resolve(import.meta.dirname, "../..");

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

export type OwnInstall = Awaited<ReturnType<typeof startOwnInstall>>;

export const startOwnInstall = async ({ readyTimeoutMs = 180_000 } = {}) => {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "social-publisher-own-"));
  chmodSync(dataDir, 0o755); // as root, the embedded server runs as the user postgres
  const { DATABASE_URL: _, ...inherited } = process.env;
  const env = {
    ...inherited,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    NEXTAUTH_URL: baseURL,
    WEBHOOK_ALLOWED_PRIVATE_HOSTS: "localhost",
    NODE_EXTRA_CA_CERTS: testCertificateFiles().certFile,
    NEXT_TELEMETRY_DISABLED: "1",
  };
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "--conditions=react-server", path.join(ROOT, "scripts/start.ts")],
    { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  const lines: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = "";
    stream.on("data", (chunk: Buffer) => {
      const parts = (rest + chunk.toString("utf8")).split("\n");
      rest = parts.pop()!;
      lines.push(...parts.filter((line) => line.trim()));
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));

  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (exitCode !== undefined) throw new Error(`npm start exited (${exitCode}):\n${lines.join("\n")}`);
    const ready = await fetch(`${baseURL}/login`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`npm start not ready after ${readyTimeoutMs} ms:\n${lines.join("\n")}`);
    await new Promise((r) => setTimeout(r, 500));
  }

  return {
    baseURL,
    dataDir,
    lines,
    exited,
    /** The running postmaster of the embedded PostgreSQL. */
    postmasterPid: () => Number(readFileSync(path.join(dataDir, "pg", "postmaster.pid"), "utf8").split("\n")[0]),
    /** `npm run cli -- …` against this install (it finds the running embedded database through DATA_DIR). */
    cli: (...args: string[]) =>
      execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["--conditions=react-server", "scripts/cli.ts", ...args], {
        cwd: ROOT,
        env: { ...inherited, DATA_DIR: dataDir },
        encoding: "utf8",
      }).trim(),
    stop: async () => {
      if (exitCode === undefined) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
