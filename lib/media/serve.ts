import "server-only";
import { servedContentType } from "./content-type";
import { isMediaKey } from "./keys";
import type { ByteRange, MediaStorage } from "./storage-types";

// Answers for GET /media/<key>: the stored file, immutable (keys are never reused), never sniffed by
// browsers, with a single `Range: bytes=a-b` (video players and some networks fetch in pieces).

const notFound = () => Response.json({ error: "Not found" }, { status: 404, headers: { "Cache-Control": "no-store" } });

// A single byte range against a file of `size` bytes: the range, "unsatisfiable" (416), or null to send
// the whole file (no header, several ranges, or a header we do not understand, as RFC 9110 allows).
export const parseRange = (header: string | null, size: number): ByteRange | "unsatisfiable" | null => {
  const match = header ? /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header) : null;
  if (!match || (match[1] === "" && match[2] === "")) return null;
  const [first, last] = [match[1] === "" ? null : Number(match[1]), match[2] === "" ? null : Number(match[2])];
  if (first === null) {
    // suffix: the last n bytes
    if (last === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - last!), end: size - 1 };
  }
  if (last !== null && last < first) return null;
  if (first >= size) return "unsatisfiable";
  return { start: first, end: Math.min(last ?? size - 1, size - 1) };
};

export const serveMedia = async ({
  key,
  method = "GET",
  rangeHeader,
  storage,
}: {
  key: string;
  method?: string;
  rangeHeader: string | null;
  storage: MediaStorage;
}): Promise<Response> => {
  if (!isMediaKey(key)) return notFound();

  let info: { sizeBytes: number; contentType: string } | null;
  let whole: Uint8Array | null = null;
  if (storage.head && storage.stream) info = await storage.head(key);
  else {
    const file = await storage.get(key);
    whole = file?.bytes ?? null;
    info = file && { sizeBytes: file.bytes.byteLength, contentType: file.contentType };
  }
  if (!info) return notFound();

  const size = info.sizeBytes;
  const headers: Record<string, string> = {
    "Content-Type": servedContentType(info.contentType),
    "Cache-Control": "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
    "Accept-Ranges": "bytes",
  };
  const range = parseRange(rangeHeader, size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "Content-Range": `bytes */${size}` } });
  }
  const status = range ? 206 : 200;
  if (range) headers["Content-Range"] = `bytes ${range.start}-${range.end}/${size}`;
  headers["Content-Length"] = String(range ? range.end - range.start + 1 : size);
  if (method === "HEAD") return new Response(null, { status, headers });

  let body: ReadableStream<Uint8Array> | Uint8Array | null;
  if (whole) body = range ? whole.subarray(range.start, range.end + 1) : whole;
  else body = await storage.stream!(key, range ?? undefined);
  if (body === null) return notFound(); // deleted between head and stream
  return new Response(body as BodyInit, { status, headers });
};
