import type { NetworkConnector } from "./types";
import { NetworkError } from "./errors";

const DEFAULT_TIMEOUT_MS = 30_000;
const UNREACHABLE_RETRY_MS = 60_000;

// fetch with a deadline. A request that may have reached the network but got no answer is
// `outcome_unknown` (the caller decides whether a read-back is possible). A connection that could not be
// opened (refused, DNS failure) never sent anything: transient, safe to retry, so it is reported as
// `rate_limited` with a short wait - never as a refusal that would disconnect a profile.
export const timedFetch =
  (timeoutMs = DEFAULT_TIMEOUT_MS): typeof fetch =>
  async (input, init) => {
    try {
      return await fetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const cause = (err as { cause?: { code?: string } }).cause?.code;
      if (cause === "ECONNREFUSED" || cause === "ENOTFOUND" || cause === "EAI_AGAIN") {
        throw new NetworkError("rate_limited", `Network unreachable (${cause})`, undefined, UNREACHABLE_RETRY_MS);
      }
      throw new NetworkError("outcome_unknown", `No answer from the network: ${(err as Error).message}`);
    }
  };

// Reads a JSON answer; a non-2xx goes through the connector's documented error mapping.
export const readJson = async <T>(connector: Pick<NetworkConnector, "mapError">, res: Response): Promise<T> => {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? (JSON.parse(text) as unknown) : null;
  } catch {
    // keep the raw text for the error mapper
  }
  if (!res.ok) throw connector.mapError({ status: res.status, body, headers: res.headers });
  return body as T;
};

export const formBody = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));

// Marks a URL handed to ctx.fetch as the network's own API although it is not built from the connector's
// settings right there: an upload URL the API answered for this request, or a request helper's URL that
// its callers build from settings. Nothing else: a URL from a caller or from a network's payload (media, a
// cover, an attachment) is downloaded by lib/media/download.ts. See eslint/guarded-downloads.mjs.
export const networkApiUrl = (url: string): string => url;
