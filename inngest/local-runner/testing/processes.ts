import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

// Runner processes for durability tests: started with node + tsx's loader (not the tsx CLI, which runs
// the script in a second process that a SIGKILL of the CLI would leave running), killed with SIGKILL.

const root = path.resolve(import.meta.dirname, "../../..");

export const spawnRunnerProcess = async (
  script: string,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<ChildProcess> => {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", script, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`runner child not ready after 30 s:\n${stderr}`)), 30_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`runner child exited early (${code}):\n${stderr}`));
    });
  });
  return child;
};

export const kill9 = async (child: ChildProcess) => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
};
