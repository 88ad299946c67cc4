import "server-only";
import { Worker } from "node:worker_threads";

// bcrypt (bcryptjs, pure JavaScript) costs a few hundred milliseconds of CPU per password. On the event
// loop that CPU is taken from every other request, so hashes run on worker threads instead: a small pool
// (one worker by default) with a bounded queue. Past the queue a hash is refused at once
// (HasherBusyError: sign-in answers "invalid", setup 429) rather than queued without end.
//
// The worker is given as source text (`eval`) rather than a file: nothing for the bundler of `next build`
// to trace or rewrite, and the same code under tsx scripts and vitest. It loads bcryptjs from the
// app's node_modules (the working directory of `next start`, `npm start` and the tests).
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const bcrypt = require("bcryptjs");
const clock = () => performance.timeOrigin + performance.now();
parentPort.on("message", (job) => {
  const startedAt = clock();
  try {
    const result = job.op === "hash" ? bcrypt.hashSync(job.password, job.cost) : bcrypt.compareSync(job.password, job.hash);
    parentPort.postMessage({ result, startedAt, endedAt: clock() });
  } catch (err) {
    parentPort.postMessage({ error: String((err && err.message) || err) });
  }
});
`;

export const PASSWORD_HASH_COST = 12;

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  compare: (password: string, hash: string) => Promise<boolean>;
};

export class HasherBusyError extends Error {
  constructor() {
    super("Too many passwords are being checked right now");
    this.name = "HasherBusyError";
  }
}

type Op = { op: "hash"; password: string; cost: number } | { op: "compare"; password: string; hash: string };
type Job = { op: Op; resolve: (value: string | boolean) => void; reject: (err: Error) => void };
type Reply = { result?: string | boolean; error?: string; startedAt?: number; endedAt?: number };
type Slot = { worker: Worker; job: Job | null };

export type HashPoolOptions = {
  size?: number; // worker threads
  maxQueue?: number; // hashes waiting for a worker; one more is refused
  cost?: number;
  onRun?: (run: { startedAt: number; endedAt: number }) => void; // wall-clock span of each hash in its worker
};

export const createHashPool = ({
  size = 1,
  maxQueue = 16,
  cost = PASSWORD_HASH_COST,
  onRun,
}: HashPoolOptions = {}): PasswordHasher & { close: () => Promise<void> } => {
  const slots: Slot[] = [];
  const queue: Job[] = [];

  const spawn = (): Slot => {
    const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true }), job: null };
    const fail = (err: Error) => {
      slots.splice(slots.indexOf(slot), 1);
      slot.job?.reject(err);
      slot.job = null;
      dispatch();
    };
    slot.worker.on("message", (reply: Reply) => {
      const job = slot.job;
      slot.job = null;
      slot.worker.unref(); // an idle worker keeps no process alive
      if (reply.startedAt !== undefined && reply.endedAt !== undefined)
        onRun?.({ startedAt: reply.startedAt, endedAt: reply.endedAt });
      if (reply.error !== undefined) job?.reject(new Error(reply.error));
      else job?.resolve(reply.result!);
      dispatch();
    });
    slot.worker.on("error", fail);
    slot.worker.on("exit", (code) => {
      if (slots.includes(slot)) fail(new Error(`password hashing worker exited (${code})`));
    });
    slots.push(slot);
    return slot;
  };

  const dispatch = () => {
    while (queue.length > 0) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < size ? spawn() : null);
      if (!slot) return;
      slot.job = queue.shift()!;
      slot.worker.ref();
      slot.worker.postMessage(slot.job.op);
    }
  };

  const run = <T extends string | boolean>(op: Op): Promise<T> => {
    const idle = slots.some((s) => !s.job) || slots.length < size;
    if (!idle && queue.length >= maxQueue) return Promise.reject(new HasherBusyError());
    return new Promise<T>((resolve, reject) => {
      queue.push({ op, resolve: resolve as Job["resolve"], reject });
      dispatch();
    });
  };

  return {
    hash: (password) => run<string>({ op: "hash", password, cost }),
    compare: (password, hash) => run<boolean>({ op: "compare", password, hash }),
    close: async () => {
      const all = slots.splice(0);
      for (const job of queue.splice(0)) job.reject(new Error("password hasher closed"));
      await Promise.all(all.map((s) => s.worker.terminate()));
    },
  };
};

// The process's pool: one worker leaves the other cores to requests.
export const passwordHasher: PasswordHasher = createHashPool();
