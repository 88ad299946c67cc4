import "server-only";
import { inngest } from "@/inngest/client";
import { subscribeDispatcher } from "@/lib/jobs/dispatchers";
import { listenToOutbox } from "@/lib/jobs/outbox-listener";
import { leasePending, markFailed, markSent, type OutboxPayload } from "@/lib/jobs/outbox";
import { log } from "@/lib/log";

// Server mode (INNGEST_MODE=server): hands committed outbox events (lib/jobs/outbox.ts) to the Inngest
// server. Every app process runs a relay; leases keep two from sending the same batch at once, and a
// batch sent twice (a crash before it was marked) carries the same event ids, which Inngest deduplicates.

export type SendToServer = (events: OutboxPayload[]) => Promise<unknown>;

const RETRY_AFTER_FAILURE_MS = 10_000;

const sendWithInngest: SendToServer = (events) => inngest.send(events);

/** Sends pending events (only `ids` when given); returns how many were sent. */
export const relayOutbox = async ({
  ids,
  send = sendWithInngest,
}: { ids?: readonly string[]; send?: SendToServer } = {}) => {
  let sent = 0;
  for (;;) {
    const rows = await leasePending({ ids });
    if (rows.length === 0) return sent;
    try {
      await send(rows.map((row) => row.event));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log.warn("could not hand events to the Inngest server; retrying", { events: rows.length, error: message });
      await markFailed(
        rows.map((row) => row.id),
        message,
        RETRY_AFTER_FAILURE_MS,
      );
      return sent;
    }
    await markSent(rows.map((row) => row.id));
    sent += rows.length;
    if (ids) return sent;
  }
};

// A send without a transaction in this process hands its events over at once (lib/jobs/send.ts).
subscribeDispatcher("server", (ids) => relayOutbox({ ids }));

/** The relay loop of an app process: woken by commits (LISTEN), and polling as a safety net. */
export const startOutboxRelay = ({
  pollIntervalMs = 1_000,
  send,
}: { pollIntervalMs?: number; send?: SendToServer } = {}) => {
  let running: Promise<unknown> = Promise.resolve();
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (again) return;
    again = true;
    running = running.then(async () => {
      again = false;
      await relayOutbox({ send }).catch((error: unknown) => log.error("outbox relay failed", { error: String(error) }));
    });
  };
  const listener = listenToOutbox((destination) => destination !== "local" && run());
  const timer = setInterval(run, pollIntervalMs);
  timer.unref();
  run();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await listener.close();
      await running;
    },
  };
};
