import "server-only";
import { ApiError } from "@/lib/errors";
import { sqlStateOf } from "@/lib/db/sql-state";
import { db, Prisma, type Tx } from "@/lib/db/client";
import type { Message } from "@/lib/generated/prisma/client";

// Our own changes to a message that go to the network at once (a reaction, an edit), one at a time per
// message: the message's row lock is taken before the network is called and held until the stored
// change commits. Requests at once therefore reach the network in the order their changes are stored,
// and the last one stored is the one the network holds; each change starts from the row as it is under
// the lock, so a participant's reaction or edit applied meanwhile (under the same lock:
// apply-signals.ts) is not lost. A refusal by the network throws and rolls the change back.
//
// A request that finds the lock taken does not queue on it inside a transaction (that would hold a
// pooled connection per waiter): it lets go and tries again a moment later, for up to LOCK_WAIT_MS,
// then answers 429. The holder keeps one connection for the length of one network call (the network
// client's own timeout is 30 s).
const LOCK_WAIT_MS = 30_000;
const LOCKED_CALL_MS = 60_000;
const LOCK_NOT_AVAILABLE = "55P03";

const lockTaken = (err: unknown) =>
  err instanceof Prisma.PrismaClientKnownRequestError &&
  (sqlStateOf(err) === LOCK_NOT_AVAILABLE || err.message.includes(LOCK_NOT_AVAILABLE));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const withMessageLock = async <T>(id: string, change: (tx: Tx, message: Message) => Promise<T>): Promise<T> => {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (let pause = 5; ; pause = Math.min(pause * 2, 200)) {
    try {
      return await db.$transaction(
        async (tx) => {
          await tx.$queryRaw`SELECT id FROM messages WHERE id = ${id} FOR UPDATE NOWAIT`;
          return change(tx, await tx.message.findUniqueOrThrow({ where: { id } }));
        },
        { timeout: LOCKED_CALL_MS },
      );
    } catch (err) {
      if (!lockTaken(err)) throw err;
      if (Date.now() > deadline)
        throw new ApiError(
          "too_many_requests",
          "Other changes to this message are still being sent; retry after 1 second",
          {
            headers: { "Retry-After": "1" },
            extra: { retry_after: 1 },
          },
        );
      await sleep(pause * (0.5 + Math.random()));
    }
  }
};
