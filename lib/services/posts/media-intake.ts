import "server-only";
import { unprocessable } from "@/lib/errors";
import { env } from "@/lib/env";
import { MediaError } from "@/lib/media/download";
import { storeUpload } from "@/lib/media/store-upload";
import type { FormatLimits } from "@/lib/networks/post-rules";
import type { MediaInput } from "./check-rules";

// Media of a create/update request: URLs are recorded and downloaded in the background (post status
// `pending`); multipart files are stored during the request. The size cap is the largest file any
// targeted network takes, never more than MEDIA_MAX_BYTES (default 512 MB: files are held in memory).

export type MediaRef = string | File;
export type MediaRow = {
  sourceUrl: string | null;
  storageKey: string | null;
  contentType: string;
  sizeBytes: number | null;
  width?: number | null;
  height?: number | null;
  durationSec?: number | null;
  status: "pending" | "processed";
};

export const asMediaInput = (ref: MediaRef): MediaInput =>
  typeof ref === "string" ? { url: ref } : { url: ref.name || "upload", contentType: ref.type, sizeBytes: ref.size };

export const maxMediaBytes = (formats: (FormatLimits | undefined)[]): number => {
  const serverCap = env().MEDIA_MAX_BYTES;
  let max = 0;
  for (const limits of formats) {
    for (const kind of [limits?.image, limits?.gif, limits?.video, limits?.document])
      if (kind) max = Math.max(max, kind.maxBytes);
  }
  return Math.min(max || serverCap, serverCap);
};

export const storeMediaRefs = async (refs: MediaRef[], maxBytes: number, field: string): Promise<MediaRow[]> => {
  const rows: MediaRow[] = [];
  for (const [i, ref] of refs.entries()) {
    if (typeof ref === "string") {
      rows.push({
        sourceUrl: ref,
        storageKey: null,
        contentType: "application/octet-stream",
        sizeBytes: null,
        status: "pending",
      });
      continue;
    }
    try {
      const stored = await storeUpload(ref, { maxBytes });
      const { storageKey, contentType, sizeBytes, width, height, durationSec } = stored;
      rows.push({
        sourceUrl: null,
        storageKey,
        contentType,
        sizeBytes,
        width,
        height,
        durationSec,
        status: "processed",
      });
    } catch (err) {
      if (err instanceof MediaError) throw unprocessable([`${field}[${i}]: ${err.reason}`]);
      throw err;
    }
  }
  return rows;
};

// mcp sends per-network cover images as files (`platforms[<p>][cover_file]`): store them and pass the
// hosted URL on as `cover_url`, the parameter every network's rules know.
export const storeCoverFiles = async (platforms: Record<string, Record<string, unknown> | undefined>) => {
  const out: Record<string, Record<string, unknown> | undefined> = {};
  for (const [network, params] of Object.entries(platforms)) {
    const file = params?.cover_file;
    if (!(file instanceof File)) {
      out[network] = params;
      continue;
    }
    const { cover_file: _, ...rest } = params!;
    try {
      const stored = await storeUpload(file, { maxBytes: 20 * 1024 * 1024 });
      out[network] = { ...rest, cover_url: stored.url };
    } catch (err) {
      if (err instanceof MediaError) throw unprocessable([`platforms.${network}.cover_file: ${err.reason}`]);
      throw err;
    }
  }
  return out;
};
