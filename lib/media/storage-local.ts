import "server-only";
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, open, opendir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { assertMediaKey, isMediaKey } from "./keys";
import type { MediaStorage } from "./storage-types";

// Media files on local disk under `root`: `<root>/m/<hex>.<ext>`, the content type in a sidecar
// `<file>.type` (keys have one dot at most, so no key names a sidecar). Writes go to a temporary file
// that is synced and renamed into place: readers see a whole file or none, even after a crash.

const isMissing = (err: unknown) => (err as NodeJS.ErrnoException).code === "ENOENT";

const writeAtomically = async (file: string, data: Uint8Array | string) => {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const handle = await open(tmp, "w", 0o644);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
};

// A spooled file moved into place (same filesystem: a rename), else copied to a temporary file, synced and
// renamed like any write.
const moveAtomically = async (source: string, file: string) => {
  try {
    await rename(source, file);
    return;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
  }
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await copyFile(source, tmp);
    const handle = await open(tmp, "r+");
    await handle.sync().finally(() => handle.close());
    await rename(tmp, file);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
};

export const localMediaStorage = (root: string): MediaStorage => {
  const fileOf = (key: string) => path.join(root, ...assertMediaKey(key).split("/"));
  const typeOf = async (file: string) =>
    (await readFile(`${file}.type`, "utf8").catch(() => "")).trim() || "application/octet-stream";

  return {
    async put(key, bytes, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(`${file}.type`, contentType); // first, so a visible file always has its type
      await writeAtomically(file, bytes);
    },
    async putFile(key, sourcePath, contentType) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(`${file}.type`, contentType);
      await moveAtomically(sourcePath, file);
    },
    // Files only: type sidecars and temporary files (names with a dot first or more than one dot) are
    // not keys. Prefixes are whole directories (`m/`).
    async *list(prefix) {
      const dir = path.join(root, ...prefix.split("/").filter(Boolean));
      let entries;
      try {
        entries = await opendir(dir);
      } catch (err) {
        if (isMissing(err)) return;
        throw err;
      }
      for await (const entry of entries) {
        const key = `${prefix.replace(/\/*$/, "/")}${entry.name}`;
        if (!entry.isFile() || !isMediaKey(key)) continue;
        const info = await stat(path.join(dir, entry.name)).catch(() => null); // removed meanwhile
        if (info) yield { key, modifiedAt: info.mtime };
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const bytes = await readFile(file);
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: await typeOf(file),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(`${file}.type`, { force: true });
    },
    async head(key) {
      const file = fileOf(key);
      try {
        const info = await stat(file);
        return info.isFile() ? { sizeBytes: info.size, contentType: await typeOf(file) } : null;
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stream(key, range) {
      const file = fileOf(key);
      let handle;
      try {
        handle = await open(file, "r");
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {}); // closes the handle when done
      return Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>;
    },
  };
};
