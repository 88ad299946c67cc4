import "server-only";
import { downloadMedia, MediaError, type DownloadOptions } from "@/lib/media/download";
import { log } from "@/lib/log";
import { NetworkError } from "./errors";

const TIMEOUT_MS = 60_000; // the whole download, redirects included
const RETRY_MS = 60_000;

export type NamedImage = { bytes: Uint8Array; contentType: string };

type Options = {
  maxBytes: number; // the network's limit for this image; a larger file is refused with `tooLarge`
  tooLarge: string; // "cover_url is larger than 2 MB"
  refuse: (message: string) => Error; // the connector's refusal (NetworkError "rejected" with its code)
} & Pick<DownloadOptions, "allowlist" | "resolver">;

// An image a post names by URL (a cover, a thumbnail), downloaded before anything is sent to the network so
// that a bad one refuses the post without creating anything. The download is the guarded one of
// lib/media/download.ts (address policy on every redirect hop, size and time caps; the bytes decide the
// content type). What the caller learns is only "<field> could not be downloaded": never the status, the
// content type, the connection error or the address reached (the reason is logged for the operator). A
// download that got no answer (timeout, unreachable) is tried again later (rate_limited: nothing reached
// the network); anything else is the caller's refusal.
export const downloadNamedImage = async (url: string, field: string, options: Options): Promise<NamedImage> => {
  const { maxBytes, tooLarge, refuse, ...guard } = options;
  try {
    const { bytes, contentType } = await downloadMedia(url, { maxBytes, timeoutMs: TIMEOUT_MS, ...guard });
    return { bytes, contentType };
  } catch (err) {
    if (!(err instanceof MediaError)) throw err;
    if (err.code === "too_large") throw refuse(tooLarge);
    log.info("named image not downloaded", { field, code: err.code, reason: err.reason });
    const message = `${field} could not be downloaded`;
    if (err.code === "timeout" || err.code === "unreachable")
      throw new NetworkError("rate_limited", message, undefined, RETRY_MS);
    throw refuse(message);
  }
};
