import "server-only";
import type { MediaKind } from "@/lib/networks/post-rules";
import { extensionFor, kindOfContentType, resolveContentType } from "./content-type";
import { downloadMedia, type DownloadOptions } from "./download";
import { formatBytes } from "./format";
import { newMediaKey } from "./keys";
import { MediaError } from "./media-error";
import { probeMedia, probeMediaFile } from "./probe";
import { takeSpooledPath } from "./spool";
import { mediaStorage, publicMediaUrl } from "./storage";
import { recordUpload } from "./upload-scope";
import type { MediaStorage } from "./storage-types";

// Media into storage: multipart file parts during the request, URLs in the background. Both go through
// the same checks (size cap, content type from the bytes) and come out with what publishing needs.
// MediaError: the file is unusable (message for the user). Any other error is our storage failing.

export type StoredMediaFile = {
  storageKey: string;
  url: string; // public URL of our copy
  contentType: string;
  sizeBytes: number;
  kind: MediaKind;
  width: number | null;
  height: number | null;
  durationSec: number | null;
};

type StoreOptions = { maxBytes: number; storage?: MediaStorage };

export const storeMediaBytes = async ({
  bytes,
  contentType,
  storage = mediaStorage(),
}: {
  bytes: Uint8Array;
  contentType: string;
  storage?: MediaStorage;
}): Promise<StoredMediaFile> => {
  const storageKey = newMediaKey(extensionFor(contentType));
  try {
    await storage.put(storageKey, bytes, contentType);
  } catch (err) {
    await storage.delete(storageKey).catch(() => {}); // a half-written file (or its type sidecar)
    throw err;
  }
  return {
    storageKey,
    url: publicMediaUrl(storageKey),
    contentType,
    sizeBytes: bytes.byteLength,
    kind: kindOfContentType(contentType),
    ...probeMedia(bytes),
  };
};

// A multipart part (File, or a Blob without a name). Recorded in the request's upload scope, so a
// request that fails afterwards takes it away again (upload-scope.ts).
export const storeUpload = async (
  file: File | Blob,
  { maxBytes, storage = mediaStorage() }: StoreOptions,
): Promise<StoredMediaFile> => {
  const source = "name" in file && file.name ? file.name : "upload";
  if (file.size > maxBytes) throw new MediaError("too_large", source, `larger than ${formatBytes(maxBytes)}`);
  const spooled = storage.putFile && takeSpooledPath(file);
  const stored = spooled ? await storeSpooled(file, spooled, source, storage) : await storeBytes(file, source, storage);
  recordUpload({ key: stored.storageKey, storage });
  return stored;
};

const storeBytes = async (file: Blob, source: string, storage: MediaStorage) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = resolveContentType({ bytes, declared: file.type, source });
  return storeMediaBytes({ bytes, contentType, storage });
};

// A part spooled to disk while the request streamed in (lib/media/spool.ts): typed from its first bytes,
// probed in place, and moved into storage; never read whole into memory.
const SNIFF_BYTES = 64 * 1024;
const storeSpooled = async (file: Blob, spooled: string, source: string, storage: MediaStorage) => {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const contentType = resolveContentType({ bytes: head, declared: file.type, source });
  const facts = probeMediaFile(spooled, head);
  const storageKey = newMediaKey(extensionFor(contentType));
  try {
    await storage.putFile!(storageKey, spooled, contentType);
  } catch (err) {
    await storage.delete(storageKey).catch(() => {});
    throw err;
  }
  return {
    storageKey,
    url: publicMediaUrl(storageKey),
    contentType,
    sizeBytes: file.size,
    kind: kindOfContentType(contentType),
    ...facts,
  };
};

// A media URL given by the API user (downloadMedia's rules and errors).
export const storeDownloaded = async (
  url: string,
  { storage, ...options }: DownloadOptions & { storage?: MediaStorage },
): Promise<StoredMediaFile> => {
  const { bytes, contentType } = await downloadMedia(url, options);
  return storeMediaBytes({ bytes, contentType, storage });
};

// The write that makes a stored file referenced (a row's storage key); when it fails (the row is gone, the
// database is down), the file is removed again instead of waiting for the nightly sweep.
export const referenceOrRemove = async <T>(
  stored: { storageKey: string },
  write: () => Promise<T>,
  storage: MediaStorage = mediaStorage(),
): Promise<T> => {
  try {
    return await write();
  } catch (err) {
    await storage.delete(stored.storageKey).catch(() => {});
    throw err;
  }
};
