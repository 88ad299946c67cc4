import type { EmbeddedPostgres, ServerExit } from "@/lib/db/embedded";

// `npm start` keeps its embedded PostgreSQL running: when the server process dies without being asked to
// (a crash, the OOM killer, a kill -9), it is started again on the same data directory and port, so the
// app's connection URL stays valid (PostgreSQL replays its WAL on start: committed work is kept). Each
// restart is announced in one line. Past `maxRestarts` deaths within `windowMs`, or when a restart does
// not come up within `startTimeoutMs`, it gives up: `lost` resolves with one line saying why, and the
// caller stops the app so that a supervisor can restart everything.

export type RestartPolicy = { maxRestarts: number; windowMs: number; startTimeoutMs: number };

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxRestarts: 3,
  windowMs: 10 * 60_000,
  startTimeoutMs: 60_000,
};

type Server = Pick<EmbeddedPostgres, "port" | "exited" | "stop">;

export type KeptAlive = {
  /** Resolves with one line when the server died and will not be restarted; never once stop() was called. */
  lost: Promise<string>;
  /** Stops the server for good (waiting for a restart under way). Idempotent. */
  stop(): Promise<void>;
};

const RETRY_MS = 500;

const describeExit = ({ code, signal }: ServerExit) => (signal ? `killed by ${signal}` : `exit code ${code}`);

const minutes = (ms: number) => `${Math.round(ms / 60_000)} min`;

export const keepAlive = <S extends Server>({
  first,
  start,
  onRestart,
  policy = DEFAULT_RESTART_POLICY,
}: {
  first: S;
  /** Starts the server again on `port`; may fail while the dead server's processes are still exiting. */
  start: (port: number) => Promise<S>;
  onRestart: (line: string) => void;
  policy?: RestartPolicy;
}): KeptAlive => {
  let current: S = first;
  let stopping = false;
  let restarting: Promise<unknown> = Promise.resolve();
  const restarts: number[] = []; // times of the restarts within the window
  let giveUp!: (line: string) => void;
  const lost = new Promise<string>((resolve) => (giveUp = resolve));

  // Retries until the server is up: the killed postmaster's backends may hold its shared memory for a
  // moment (PostgreSQL refuses to start beside them), and crash recovery takes a while on a big WAL.
  const startAgain = async (port: number): Promise<S> => {
    const deadline = Date.now() + policy.startTimeoutMs;
    for (;;) {
      try {
        return await start(port);
      } catch (error) {
        if (stopping || Date.now() + RETRY_MS > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
    }
  };

  const watch = async (server: S) => {
    const exit = await server.exited;
    if (stopping) return;
    const now = Date.now();
    while (restarts.length > 0 && restarts[0]! <= now - policy.windowMs) restarts.shift();
    const died = `The embedded PostgreSQL stopped unexpectedly (${describeExit(exit)})`;
    if (restarts.length >= policy.maxRestarts) {
      return giveUp(
        `${died}, ${restarts.length + 1} times within ${minutes(policy.windowMs)}: giving up and stopping the app.`,
      );
    }
    restarts.push(now);
    const attempt = startAgain(server.port).then((next) => (current = next)); // before stop() looks
    restarting = attempt.catch(() => undefined);
    let next: S;
    try {
      next = await attempt;
    } catch (error) {
      if (stopping) return;
      const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
      return giveUp(`${died} and could not be restarted (${reason}): stopping the app.`);
    }
    if (stopping) return; // stop() stops it
    onRestart(
      `${died}: restarted it on port ${next.port} (restart ${restarts.length} of at most ${policy.maxRestarts} within ${minutes(policy.windowMs)}).`,
    );
    void watch(next);
  };
  void watch(first);

  let stopped: Promise<void> | undefined;
  return {
    lost,
    stop: () =>
      (stopped ??= (async () => {
        stopping = true;
        await restarting;
        await current.stop();
      })()),
  };
};
