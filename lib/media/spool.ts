import "server-only";
import { randomBytes } from "node:crypto";
import { openAsBlob } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { spoolDir } from "./storage";

// Multipart file parts written to disk while the request streams in (lib/api/multipart-stream.ts), handed
// on as File objects whose bytes stay on disk. `storeUpload` moves a spooled part into storage without
// reading it (storage.putFile); whatever is still spooled when the request ends is removed.

const spooled = new WeakMap<Blob, string>();

export const newSpoolPath = async (): Promise<string> => {
  const dir = spoolDir();
  await mkdir(dir, { recursive: true });
  return path.join(dir, `${randomBytes(16).toString("hex")}.part`);
};

export const spooledFile = async (file: string, name: string, type: string): Promise<File> => {
  const upload = new File([await openAsBlob(file, { type })], name, { type });
  spooled.set(upload, file);
  return upload;
};

// The spooled file behind an upload, once: it is moved into storage (a second store reads the bytes).
export const takeSpooledPath = (upload: Blob): string | undefined => {
  const file = spooled.get(upload);
  spooled.delete(upload);
  return file;
};

export const removeSpooled = async (files: string[]) => {
  await Promise.all(files.map((file) => rm(file, { force: true })));
};
