import "server-only";
import { tmpdir } from "node:os";
import path from "node:path";
import { appUrl, env, type TEnv } from "@/lib/env";
import { localMediaStorage } from "./storage-local";
import { s3MediaStorage } from "./storage-s3";
import type { MediaStorage } from "./storage-types";

export { isMediaKey, newMediaKey } from "./keys";
export type { ByteRange, MediaStorage, StoredMedia, StoredMediaInfo } from "./storage-types";

// The media backend from the environment: an S3-compatible bucket when MEDIA_S3_BUCKET is set, else the
// local directory MEDIA_DIR (default <DATA_DIR or .data>/media).
export const storageFromEnv = (e: TEnv): MediaStorage =>
  e.MEDIA_S3_BUCKET
    ? s3MediaStorage({
        endpoint: e.MEDIA_S3_ENDPOINT,
        bucket: e.MEDIA_S3_BUCKET,
        region: e.MEDIA_S3_REGION,
        accessKeyId: e.MEDIA_S3_ACCESS_KEY_ID!, // required with a bucket (lib/env.ts)
        secretAccessKey: e.MEDIA_S3_SECRET_ACCESS_KEY!,
      })
    : localMediaStorage(mediaDir(e));

export const mediaDir = (e: TEnv): string => path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR ?? ".data", "media"));

// Where multipart file parts are written while a request streams in (lib/api/multipart-stream.ts): beside
// the local media directory, so storing a part is a rename (no key names `.spool`); the system's temporary
// directory with a bucket.
export const spoolDir = (e: TEnv = env()): string =>
  e.MEDIA_S3_BUCKET ? path.join(tmpdir(), "media-spool") : path.join(mediaDir(e), ".spool");

let cached: MediaStorage | undefined;

export const mediaStorage = (): MediaStorage => (cached ??= storageFromEnv(env()));

// The public URL of a stored file (what networks that fetch media themselves are given).
export const publicMediaUrl = (key: string): string =>
  `${(env().MEDIA_PUBLIC_URL ?? appUrl()).replace(/\/+$/, "")}/media/${key}`;
