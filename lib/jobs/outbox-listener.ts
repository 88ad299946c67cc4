import "server-only";
import pg from "pg";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { OUTBOX_CHANNEL } from "./outbox";

// LISTEN on the outbox channel: `onEvent` runs when a transaction that wrote outbox events commits, in any
// process of the database. A lost connection reconnects with backoff; the dispatchers also poll, so a
// notification missed meanwhile only delays an event.
export const listenToOutbox = (onEvent: (destination: string) => void): { close: () => Promise<void> } => {
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: env().DATABASE_URL });
    next.on("notification", (message) => onEvent(message.payload ?? ""));
    next.on("error", (error) => {
      log.warn("outbox listener connection lost; reconnecting", { error: error.message });
      void next.end().catch(() => undefined);
      if (client === next) scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${OUTBOX_CHANNEL}`);
      if (closed) return void (await next.end().catch(() => undefined));
      client = next;
      retryMs = 500;
      onEvent(""); // whatever committed while not listening
    } catch (error) {
      await next.end().catch(() => undefined);
      log.warn("outbox listener could not connect; retrying", { error: String(error) });
      scheduleReconnect();
    }
  };
  const scheduleReconnect = () => {
    client = undefined;
    if (closed) return;
    timer = setTimeout(() => void connect(), retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, 10_000);
  };

  void connect();
  return {
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
};
