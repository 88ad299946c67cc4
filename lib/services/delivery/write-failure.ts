import "server-only";
import { NetworkError } from "@/lib/networks/errors";
import type { AnyConnector } from "@/lib/networks/types";
import { disconnectProfile, refreshProfileConnection } from "@/lib/services/connections/refresh-connections";
import { log } from "@/lib/log";

// What a write to a network (a post, a comment, a reply, a message) does when the network call threw: the
// one decision table of the exactly-once discipline, shared by every kind of write. Each caller keeps its
// own rows and says how to record each outcome.

export type WriteFailure = { message: string; details?: NetworkError["details"] | null; note?: string | null };

export type WriteFailureHandlers<R> = {
  connector: AnyConnector;
  profileId: string;
  // No answer, or an error of ours while sending: read the network back before anything is sent again.
  unknown(reason: string): Promise<R>;
  // A transient refusal (rate limit, an expired token just refreshed): retried, or failed after the last attempt.
  retryOrFail(failure: WriteFailure, retryAfterMs: number | null): Promise<R>;
  // Refused for good.
  fail(failure: WriteFailure): Promise<R>;
  logFields: Record<string, unknown>; // names the write in the log (its id and network)
  writer: string; // "publisher", "sender": how an unexpected error of ours is reported
};

export const settleWriteFailure = async <R>(err: unknown, h: WriteFailureHandlers<R>): Promise<R> => {
  if (!(err instanceof NetworkError)) {
    log.error(`${h.writer} failed unexpectedly`, {
      ...h.logFields,
      error: err instanceof Error ? err.message : String(err),
    });
    return h.unknown(`the ${h.writer} failed unexpectedly while sending`);
  }
  const failure: WriteFailure = { message: err.message, details: err.details };
  switch (err.kind) {
    case "outcome_unknown":
      return h.unknown(err.message);
    case "rate_limited":
      return h.retryOrFail(failure, err.retryAfterMs ?? null);
    case "auth_expired": {
      const refreshed = h.connector.refresh
        ? await refreshProfileConnection({ profileId: h.profileId })
        : { state: "skipped" };
      if (refreshed.state === "refreshed")
        return h.retryOrFail({ ...failure, note: "The token was refreshed; retrying" }, 0);
      // Without a refresh grant the token stops working for good: the profile is disconnected.
      if (h.connector.disconnectsWhenTokenRefused && !h.connector.refresh)
        await disconnectProfile({ profileId: h.profileId, reason: err.message });
      return h.fail({ ...failure, note: "The network refused the profile's authorization: reconnect the profile" });
    }
    default:
      return h.fail(failure);
  }
};
