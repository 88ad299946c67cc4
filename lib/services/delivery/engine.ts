import "server-only";
import { db, Prisma, type Tx } from "@/lib/db/client";
import type { AnyConnector } from "@/lib/networks/types";
import { settleWriteFailure, type WriteFailure } from "./write-failure";

// One attempt at one write to a network (a post, a message, a comment, a reply), exactly once. Every kind
// of write runs this protocol; an adapter (`DeliveryAdapter`) says what is kind-specific.
//
// 1. Claim, in one transaction, with the row locked (`SELECT … FOR UPDATE` on the adapter's table):
//    gone, or a finished status (returned as it is: the step may be running again), or `sending_since`
//    already set (in doubt: an earlier attempt died mid-call or the step is re-run), or claimed: the
//    adapter marks the row sending (`sending_since`, `attempted_at`, `attempts + 1`), committed before the
//    network is called.
// 2. Prepare (the adapter): load the row, build the request. A problem (a disconnected profile, a placement
//    gone) fails the write; in doubt it leaves it `delivery_unconfirmed` (it may have been sent before).
// 3. In doubt: read the network back, never send. Otherwise send once.
// 4. The answer is recorded by the adapter in one transaction with the events it emits. A thrown error is
//    settled by the decision table of write-failure.ts: no answer → read back; transient → retried
//    (`failed_waiting_for_retry`, after RETRY_DELAYS_MS or the network's Retry-After; MAX_ATTEMPTS, then
//    failed); refused → failed.
// 5. Read back: found → published; certainly absent → retried; the network cannot tell or cannot be read
//    back → `delivery_unconfirmed`, terminal: never sent again blindly.
//
// `sending_since` is cleared by every recorded outcome.

export const MAX_ATTEMPTS = 4;
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000]; // before attempts 2, 3, 4

export type DeliveryOutcome =
  | { state: "published"; externalId: string }
  | { state: "retry"; delayMs: number }
  | { state: "failed" | "delivery_unconfirmed" | "gone" };

type FailureStatus = "failed" | "failed_waiting_for_retry" | "delivery_unconfirmed";

// The stored error_details of a failed write (serialised by lib/serializers/post.ts).
export const detailsJson = (f: Pick<WriteFailure, "details" | "note">): Prisma.InputJsonObject => ({
  platformErrorCode: f.details?.platformErrorCode ?? null,
  platformErrorSubcode: f.details?.platformErrorSubcode ?? null,
  platformErrorMessage: f.details?.platformErrorMessage ?? null,
  note: f.note ?? null,
});

// What recording a published write sets besides the kind's own columns.
export const PUBLISHED = { status: "published", sendingSince: null, error: null, errorDetails: Prisma.DbNull } as const;

export type SendingMark = { sendingSince: Date; attemptedAt: Date; attempts: { increment: 1 } };
export type FailureMark = {
  status: FailureStatus;
  sendingSince: null;
  error: string;
  errorDetails: Prisma.InputJsonObject;
};

// One claimed write, ready to go (built by the adapter's `prepare`).
export type DeliveryJob<R extends { externalId: string }> = {
  connector: AnyConnector;
  profileId: string; // whose token a refusal refreshes or disconnects
  logFields: Record<string, unknown>;
  send: (() => Promise<R>) | { unavailable: string }; // or why the network takes no such write
  readBack: (() => Promise<R | null>) | undefined; // undefined: the network cannot be asked
  // Records the answer, in the transaction of its events. Called again for a write already recorded
  // (a read-back after a lost answer): it must change nothing then.
  recordPublished(tx: Tx, result: R): Promise<unknown>;
};

export type DeliveryAdapter<R extends { externalId: string }> = {
  table: string; // the rows' table, locked by the claim; it has status, sending_since and external_id
  noun: string; // "post", "message": names the write in the read-back's messages
  writer: string; // "publisher", "sender": names us in the log (write-failure.ts)
  finished: Record<string, "published" | "failed" | "delivery_unconfirmed" | "gone">; // statuses not sent again
  cannotReadBack: string; // the note of `delivery_unconfirmed` when the network cannot be asked
  markSending(tx: Tx, id: string, mark: SendingMark): Promise<unknown>;
  markFailed(tx: Tx, id: string, mark: FailureMark): Promise<unknown>;
  emitFailed?(tx: Tx, id: string, status: FailureStatus): Promise<unknown>; // in the transaction of markFailed
  // Loads the claimed row and builds the write. null: the row is gone (or gave way). A problem: the write
  // cannot be made; `inDoubt` is what an attempt in doubt records (default: delivery unconfirmed: problem).
  prepare(
    id: string,
    claimed: "claimed" | "in_doubt",
  ): Promise<DeliveryJob<R> | { problem: string; inDoubt?: WriteFailure } | null>;
};

type Claim = "gone" | "in_doubt" | "claimed" | { finished: DeliveryOutcome };

type Rows = Pick<DeliveryAdapter<never>, "table" | "finished" | "markSending" | "markFailed" | "emitFailed">;

const claim = (a: Rows, id: string) =>
  db.$transaction(async (tx): Promise<Claim> => {
    const [row] = await tx.$queryRaw<{ status: string; sending_since: Date | null; external_id: string | null }[]>(
      Prisma.sql`SELECT status, sending_since, external_id FROM ${Prisma.raw(a.table)} WHERE id = ${id} FOR UPDATE`,
    );
    if (!row) return "gone";
    const finished = Object.hasOwn(a.finished, row.status) ? a.finished[row.status] : undefined;
    if (finished === "published") return { finished: { state: finished, externalId: row.external_id ?? "" } };
    if (finished) return { finished: { state: finished } };
    if (row.sending_since) return "in_doubt";
    await a.markSending(tx, id, { sendingSince: new Date(), attemptedAt: new Date(), attempts: { increment: 1 } });
    return "claimed";
  });

const recordFailure = (a: Rows, id: string, status: FailureStatus, f: WriteFailure) => {
  const mark: FailureMark = {
    status,
    sendingSince: null,
    error: f.message.slice(0, 2000),
    errorDetails: detailsJson(f),
  };
  const emit = a.emitFailed;
  if (!emit) return a.markFailed(db, id, mark);
  return db.$transaction(async (tx) => {
    await a.markFailed(tx, id, mark);
    await emit(tx, id, status);
  });
};

export const deliver = async <R extends { externalId: string }>(
  a: DeliveryAdapter<R>,
  id: string,
  attempt: number,
): Promise<DeliveryOutcome> => {
  const fail = async (failure: WriteFailure): Promise<DeliveryOutcome> => {
    await recordFailure(a, id, "failed", failure);
    return { state: "failed" };
  };
  const unconfirmed = async (failure: WriteFailure): Promise<DeliveryOutcome> => {
    await recordFailure(a, id, "delivery_unconfirmed", failure);
    return { state: "delivery_unconfirmed" };
  };
  const retryOrFail = async (failure: WriteFailure, retryAfterMs: number | null): Promise<DeliveryOutcome> => {
    if (attempt >= MAX_ATTEMPTS) return fail({ ...failure, note: `Gave up after ${attempt} attempts` });
    await recordFailure(a, id, "failed_waiting_for_retry", failure);
    return {
      state: "retry",
      delayMs: Math.max(retryAfterMs ?? 0, RETRY_DELAYS_MS[attempt - 1] ?? RETRY_DELAYS_MS.at(-1)!),
    };
  };
  const published = async (job: DeliveryJob<R>, result: R): Promise<DeliveryOutcome> => {
    await db.$transaction((tx) => job.recordPublished(tx, result));
    return { state: "published", externalId: result.externalId };
  };
  // After an unknown outcome: read back, never resend blindly.
  const resolveUnknown = async (job: DeliveryJob<R>, cause: string): Promise<DeliveryOutcome> => {
    const message = `Delivery unconfirmed: ${cause}`;
    if (!job.readBack) return unconfirmed({ message, note: a.cannotReadBack });
    try {
      const found = await job.readBack();
      if (found) return published(job, found);
      return retryOrFail({ message: `${cause}; the ${a.noun} is not on the network, retrying` }, 0);
    } catch (err) {
      return unconfirmed({ message, note: `Reading back failed: ${err instanceof Error ? err.message : String(err)}` });
    }
  };

  const claimed = await claim(a, id);
  if (claimed === "gone") return { state: "gone" };
  if (typeof claimed === "object") return claimed.finished;
  const job = await a.prepare(id, claimed);
  if (!job) return { state: "gone" };
  if ("problem" in job) {
    if (claimed === "in_doubt") return unconfirmed(job.inDoubt ?? { message: `Delivery unconfirmed: ${job.problem}` });
    return fail({ message: job.problem });
  }
  if (claimed === "in_doubt") return resolveUnknown(job, "an earlier attempt was interrupted while sending");
  const { send } = job;
  if (typeof send !== "function") return fail({ message: send.unavailable });
  try {
    return await published(job, await send());
  } catch (err) {
    return settleWriteFailure(err, {
      connector: job.connector,
      profileId: job.profileId,
      writer: a.writer,
      logFields: job.logFields,
      unknown: (reason) => resolveUnknown(job, reason),
      retryOrFail,
      fail,
    });
  }
};
