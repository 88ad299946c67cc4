import "server-only";
import { db, Prisma, type Tx } from "@/lib/db/client";

// PostgreSQL aborts one side of a deadlock (40P01) and of a serialization conflict (40001); the aborted
// transaction has written nothing and may simply run again. Prisma reports both as P2034, or (inside
// raw queries) as P2010 carrying the database's code.
const RETRYABLE_SQLSTATES = new Set(["40001", "40P01"]);

const sqlStateOf = (err: Prisma.PrismaClientKnownRequestError): string | undefined => {
  const cause = (err.meta?.driverAdapterError as { cause?: { originalCode?: unknown } } | undefined)?.cause;
  if (typeof cause?.originalCode === "string") return cause.originalCode;
  return /Code: `(\w{5})`/.exec(err.message)?.[1];
};

export const isRetryableConflict = (err: unknown): boolean => {
  if (!(err instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (err.code === "P2034") return true;
  const state = sqlStateOf(err);
  return state !== undefined && RETRYABLE_SQLSTATES.has(state);
};

export type RetryOptions = {
  attempts?: number; // in all, the first one included
  isolationLevel?: Prisma.TransactionIsolationLevel;
  timeout?: number; // ms one attempt may run, waiting for locks included
  maxWait?: number; // ms to wait for a pooled connection
  random?: () => number;
};

const DEFAULT_ATTEMPTS = 5;
const BASE_DELAY_MS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One interactive transaction, run again (at most `attempts` times in all, with a growing, jittered pause)
 * when PostgreSQL aborted it for a deadlock or a serialization failure. `fn` must do nothing outside
 * the transaction it is given (no network calls, no files): a retried attempt starts from scratch.
 * Any other error, and the last conflict, are thrown as they are.
 *
 * Transactions that touch a queue's posts or timeslots take the queue's row lock first (`lockQueues`
 * in lib/services/queues/rearrange.ts) so they queue up instead of deadlocking; the retry is the net
 * for the rare cycles left (a profile group deleted while one of its queues is in use).
 */
export const retryingTransaction = async <T>(fn: (tx: Tx) => Promise<T>, options: RetryOptions = {}): Promise<T> => {
  const {
    attempts = DEFAULT_ATTEMPTS,
    isolationLevel,
    timeout = 30_000,
    maxWait = 15_000,
    random = Math.random,
  } = options;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.$transaction(fn, { isolationLevel, timeout, maxWait });
    } catch (err) {
      if (attempt >= attempts || !isRetryableConflict(err)) throw err;
      await sleep(BASE_DELAY_MS * 2 ** (attempt - 1) * (0.5 + random()));
    }
  }
};
