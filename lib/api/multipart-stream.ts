import "server-only";
import { createWriteStream } from "node:fs";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import busboy from "next/dist/compiled/busboy";
import { env } from "@/lib/env";
import { formatBytes } from "@/lib/media/format";
import { newSpoolPath, removeSpooled, spooledFile } from "@/lib/media/spool";
import { ApiError, badRequest } from "@/lib/errors";

// multipart/form-data read as it arrives (busboy, the parser Next ships), never whole in memory: text
// parts become strings, file parts are written to the spool directory as they stream in and come out as
// File objects backed by those files (lib/media/spool.ts). `request.formData()` would hold every file in
// memory, twice while it is converted.
// Limits (413 in the spec's {error} shape): a file part at most MEDIA_MAX_BYTES (default 512 MB), a text
// part at most 10 MB (what a JSON body may be, proxy.ts), 100 files and 10,000 parts.

export const MAX_TEXT_PART_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 100;
const MAX_PARTS = 10_000;
const MAX_NAME_BYTES = 1024;

export type MultipartEntry = [name: string, value: string | File];

const tooLarge = (message: string) => new ApiError("payload_too_large", message);

const spools = new WeakMap<Request, string[]>();

// Removes what the request spooled and no store moved away (lib/api/route.ts, when the request ends).
export const discardSpooled = async (req: Request) => {
  const files = spools.get(req);
  spools.delete(req);
  if (files) await removeSpooled(files);
};

export const readMultipart = async (req: Request): Promise<MultipartEntry[]> => {
  const maxFileBytes = env().MEDIA_MAX_BYTES;
  const spooled: string[] = [];
  spools.set(req, spooled);
  const entries: (MultipartEntry | null)[] = [];
  const writes: Promise<void>[] = [];
  let refused: ApiError | null = null;
  const refuse = (err: ApiError) => void (refused ??= err);

  let parser;
  try {
    parser = busboy({
      headers: { "content-type": req.headers.get("content-type") ?? "" },
      limits: {
        fileSize: maxFileBytes,
        fieldSize: MAX_TEXT_PART_BYTES,
        fieldNameSize: MAX_NAME_BYTES,
        files: MAX_FILES,
        parts: MAX_PARTS,
      },
    });
  } catch {
    throw badRequest("Request body is not valid multipart/form-data"); // no boundary
  }
  parser.on("field", (name, value, info) => {
    if (info.nameTruncated) refuse(tooLarge(`A part's name is longer than ${formatBytes(MAX_NAME_BYTES)}`));
    if (info.valueTruncated) refuse(tooLarge(`${name}: a text part is limited to ${formatBytes(MAX_TEXT_PART_BYTES)}`));
    entries.push([name, value]);
  });
  parser.on("file", (name, stream, info) => {
    const index = entries.push(null) - 1;
    if (refused) {
      stream.resume(); // read past it: the request is answered with an error anyway
      return;
    }
    writes.push(
      (async () => {
        const file = await newSpoolPath();
        spooled.push(file);
        await pipeline(stream, createWriteStream(file));
        if (stream.truncated)
          refuse(
            tooLarge(`${name}: a file is limited to ${formatBytes(maxFileBytes)} on this server (MEDIA_MAX_BYTES)`),
          );
        else entries[index] = [name, await spooledFile(file, info.filename ?? "", info.mimeType)];
      })(),
    );
  });
  const tooMany = () => refuse(tooLarge(`A request takes at most ${MAX_FILES} files and ${MAX_PARTS} parts`));
  parser.on("filesLimit", tooMany);
  parser.on("partsLimit", tooMany);

  if (!req.body) throw badRequest("Request body is not valid multipart/form-data");
  try {
    await pipeline(Readable.fromWeb(req.body as NodeReadableStream), parser);
  } catch (err) {
    await Promise.allSettled(writes);
    if (err instanceof ApiError) throw err;
    throw badRequest("Request body is not valid multipart/form-data"); // malformed, or the client went away
  }
  await Promise.all(writes); // a failing disk is ours: a 500
  if (refused) throw refused;
  return entries.filter((e): e is MultipartEntry => e !== null);
};
