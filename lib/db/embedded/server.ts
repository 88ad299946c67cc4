// A real PostgreSQL server run from the npm package's binaries (lib/db/embedded/binaries.ts): initialised in
// its data directory on first use, started on a free loopback port, stopped cleanly, and recovered after
// the owning process was killed (an orphaned server or a stale postmaster.pid).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";
import { binaries, checkReachable, serverUser, type RunAs } from "./binaries";
import { isProcessAlive } from "./process";

export type EmbeddedPostgres = {
  /** postgresql://postgres:<password>@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  dataDir: string;
  /** Fast shutdown (open transactions roll back); resolves once the server has exited. Idempotent. */
  stop(): Promise<void>;
  /** Resolves when the server process has exited, for whatever reason (stop(), a crash, a kill). */
  exited: Promise<ServerExit>;
};

export type ServerExit = { code: number | null; signal: NodeJS.Signals | null };

export type EmbeddedPostgresOptions = {
  dataDir: string;
  password: string;
  /** Default: a free port chosen by the OS. */
  port?: number;
  /** Server messages (startup, warnings); default: dropped. */
  onLog?: (line: string) => void;
};

const USER = "postgres";
const HOST = "127.0.0.1";
const READY_TIMEOUT_MS = 60_000;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, HOST, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const ownTo = (target: string, runAs: RunAs) => {
  if (runAs.uid !== undefined) chownSync(target, runAs.uid, runAs.gid!);
};

/** initdb into a temporary sibling folder, renamed into place when complete (a crash leaves no half cluster). */
const initialise = (dataDir: string, password: string, runAs: RunAs) => {
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  checkReachable(runAs, [parent, binaries().root]);
  const staging = `${dataDir}.init-${process.pid}`; // holds the password file and the new cluster
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { mode: 0o700 });
  ownTo(staging, runAs);
  const passwordFile = path.join(staging, "pwfile");
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  ownTo(passwordFile, runAs);
  const cluster = path.join(staging, "data");
  try {
    const result = spawnSync(
      binaries().initdb,
      [
        `--pgdata=${cluster}`,
        `--username=${USER}`,
        `--pwfile=${passwordFile}`,
        "--auth=scram-sha-256",
        "--encoding=UTF8",
        "--locale=C",
        "--no-instructions",
      ],
      { uid: runAs.uid, gid: runAs.gid, encoding: "utf8", env: { ...process.env, LC_ALL: "C" } },
    );
    if (result.status !== 0)
      throw new Error(`initdb failed (${result.status ?? result.signal}): ${result.stderr || result.stdout}`);
    renameSync(cluster, dataDir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
};

const waitForExit = async (pid: number, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  return !isProcessAlive(pid);
};

/**
 * A postmaster.pid left behind: either the server of a killed app still runs (it outlives its parent), or
 * the file is stale. The orphan is shut down (fast: it only ever served the dead app), a stale file removed.
 */
const recoverLock = async (dataDir: string) => {
  const lockFile = path.join(dataDir, "postmaster.pid");
  if (!existsSync(lockFile)) return;
  const pid = Number(readFileSync(lockFile, "utf8").split("\n")[0]);
  const cmdline =
    Number.isInteger(pid) && pid > 0 && existsSync(`/proc/${pid}/cmdline`)
      ? readFileSync(`/proc/${pid}/cmdline`, "utf8")
      : "";
  const isOurServer =
    isProcessAlive(pid) && (cmdline === "" ? process.platform !== "linux" : cmdline.includes(dataDir));
  if (isOurServer) {
    process.kill(pid, "SIGINT");
    if (!(await waitForExit(pid, 30_000))) {
      process.kill(pid, "SIGQUIT");
      await waitForExit(pid, 5_000);
    }
  }
  rmSync(lockFile, { force: true });
};

const waitUntilReady = async (url: string, child: ChildProcess, log: () => string) => {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `The embedded PostgreSQL exited during startup (${child.exitCode ?? child.signalCode}): ${log()}`,
      );
    }
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
    try {
      await client.connect();
      await client.query("SELECT 1");
      return;
    } catch (error) {
      if (Date.now() > deadline)
        throw new Error(`The embedded PostgreSQL did not become ready: ${(error as Error).message}\n${log()}`, {
          cause: error,
        });
      await new Promise((r) => setTimeout(r, 100));
    } finally {
      await client.end().catch(() => {});
    }
  }
};

/** Starts (initialising on first use) the PostgreSQL server whose data lives in `dataDir`. */
export const startEmbeddedPostgres = async (options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> => {
  const dataDir = path.resolve(options.dataDir);
  const runAs = serverUser();
  if (!existsSync(path.join(dataDir, "PG_VERSION"))) initialise(dataDir, options.password, runAs);
  await recoverLock(dataDir);

  const port = options.port ?? (await freePort());
  const args = [
    "-D",
    dataDir,
    "-p",
    String(port),
    "-h",
    HOST,
    "-c",
    "unix_socket_directories=",
    "-c",
    "max_connections=200",
  ];
  const child = spawn(binaries().postgres, args, {
    uid: runAs.uid,
    gid: runAs.gid,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, LC_ALL: "C" },
  });
  let recent = "";
  const onOutput = (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    recent = (recent + text).slice(-4_000);
    for (const line of text.split("\n")) if (line.trim()) options.onLog?.(line);
  };
  child.stdout!.on("data", onOutput);
  child.stderr!.on("data", onOutput);
  const exited = new Promise<ServerExit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));

  const url = `postgresql://${USER}:${encodeURIComponent(options.password)}@${HOST}:${port}/postgres`;
  try {
    await waitUntilReady(url, child, () => recent);
  } catch (error) {
    child.kill("SIGKILL");
    await exited;
    throw error;
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    dataDir,
    exited,
    stop: () =>
      (stopping ??= (async () => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill("SIGINT"); // fast shutdown: roll back open transactions, checkpoint, exit
        const timer = setTimeout(() => child.kill("SIGQUIT"), 30_000);
        await exited;
        clearTimeout(timer);
      })()),
  };
};
