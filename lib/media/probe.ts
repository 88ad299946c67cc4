import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { sniffContentType } from "./content-type";

// Dimensions and durations read from file headers, without dependencies: enough for the networks'
// minimum sizes and duration limits. Images: PNG, JPEG (SOF markers; EXIF orientation 5-8 swaps the
// sides, as viewers and networks show them), GIF, WebP (VP8, VP8L, VP8X), HEIC (`ispe`). MP4/MOV:
// duration from `mvhd`, size from the first visual track's `tkhd` (a 90°/270° matrix swaps the sides).
// Anything unreadable is null.

export type MediaProbe = { width: number | null; height: number | null; durationSec: number | null };

const NONE: MediaProbe = { width: null, height: null, durationSec: null };

type Reader = {
  length: number;
  u8(at: number): number;
  u16be(at: number): number;
  u16le(at: number): number;
  u24le(at: number): number;
  u32be(at: number): number;
  u32le(at: number): number;
  i32be(at: number): number;
  u64be(at: number): number;
  ascii(at: number, length: number): string;
};

class OutOfBounds extends Error {}

// A reader over `length` bytes, each read given a DataView and the offset of `at` in it.
type Window = (at: number, size: number) => { view: DataView; offset: number };
const makeReader = (length: number, window: Window): Reader => {
  const at = (offset: number, size: number) => {
    if (offset < 0 || offset + size > length) throw new OutOfBounds();
    return window(offset, size);
  };
  const read =
    <T>(size: number, get: (view: DataView, offset: number) => T) =>
    (offset: number): T => {
      const w = at(offset, size);
      return get(w.view, w.offset);
    };
  return {
    length,
    u8: read(1, (v, o) => v.getUint8(o)),
    u16be: read(2, (v, o) => v.getUint16(o)),
    u16le: read(2, (v, o) => v.getUint16(o, true)),
    u24le: read(3, (v, o) => v.getUint16(o, true) + v.getUint8(o + 2) * 0x10000),
    u32be: read(4, (v, o) => v.getUint32(o)),
    u32le: read(4, (v, o) => v.getUint32(o, true)),
    i32be: read(4, (v, o) => v.getInt32(o)),
    u64be: read(8, (v, o) => Number(v.getBigUint64(o))),
    ascii: (offset, size) => {
      const w = at(offset, size);
      let text = "";
      for (let i = 0; i < size; i++) text += String.fromCharCode(w.view.getUint8(w.offset + i));
      return text;
    },
  };
};

const reader = (bytes: Uint8Array): Reader => {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return makeReader(bytes.length, (offset) => ({ view, offset }));
};

// A file on disk read in 64 KB windows (an upload spooled to disk is probed without loading it).
const WINDOW = 64 * 1024;
const fileReader = (fd: number, length: number): Reader => {
  const buffer = Buffer.alloc(WINDOW);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let start = -1;
  let filled = 0;
  return makeReader(length, (offset, size) => {
    if (start < 0 || offset < start || offset + size > start + filled) {
      start = offset;
      filled = readSync(fd, buffer, 0, WINDOW, offset);
      if (size > filled) throw new OutOfBounds();
    }
    return { view, offset: offset - start };
  });
};

const size = (width: number, height: number): MediaProbe =>
  width > 0 && height > 0 ? { width, height, durationSec: null } : NONE;

const probePng = (r: Reader): MediaProbe => (r.ascii(12, 4) === "IHDR" ? size(r.u32be(16), r.u32be(20)) : NONE);

const probeGif = (r: Reader): MediaProbe => size(r.u16le(6), r.u16le(8));

const probeWebp = (r: Reader): MediaProbe => {
  const chunk = r.ascii(12, 4);
  if (chunk === "VP8 ") {
    // frame tag (3 bytes), start code 9d 01 2a, then 14-bit width and height (2 bits of scaling each)
    if (r.u8(23) !== 0x9d || r.u8(24) !== 0x01 || r.u8(25) !== 0x2a) return NONE;
    return size(r.u16le(26) & 0x3fff, r.u16le(28) & 0x3fff);
  }
  if (chunk === "VP8L") {
    if (r.u8(20) !== 0x2f) return NONE;
    const bits = r.u32le(21);
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === "VP8X") return size(r.u24le(24) + 1, r.u24le(27) + 1);
  return NONE;
};

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

// EXIF orientation (tag 0x0112 of IFD0) from an APP1 segment's payload, or null.
const exifOrientation = (r: Reader, start: number): number | null => {
  if (r.ascii(start, 6) !== "Exif\0\0") return null;
  const tiff = start + 6;
  const order = r.ascii(tiff, 2);
  if (order !== "II" && order !== "MM") return null;
  const le = order === "II";
  const u16 = (at: number) => (le ? r.u16le(at) : r.u16be(at));
  const u32 = (at: number) => (le ? r.u32le(at) : r.u32be(at));
  const ifd = tiff + u32(tiff + 4);
  const entries = u16(ifd);
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return null;
};

const probeJpeg = (r: Reader): MediaProbe => {
  let at = 2;
  let orientation: number | null = null;
  while (at + 4 <= r.length) {
    if (r.u8(at) !== 0xff) return NONE;
    const marker = r.u8(at + 1);
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return NONE; // end of image or scan data before any frame header
    const length = r.u16be(at + 2);
    if (marker === 0xe1 && orientation === null) {
      try {
        orientation = exifOrientation(r, at + 4);
      } catch {
        orientation = null; // a broken EXIF block does not hide the frame size
      }
    }
    if (SOF_MARKERS.has(marker)) {
      const height = r.u16be(at + 5);
      const width = r.u16be(at + 7);
      return orientation !== null && orientation >= 5 && orientation <= 8 ? size(height, width) : size(width, height);
    }
    at += 2 + length;
  }
  return NONE;
};

// ISO BMFF boxes between `start` and `end`: type, where the payload starts, where the box ends.
type Box = { type: string; start: number; end: number };
const boxes = (r: Reader, start: number, end: number): Box[] => {
  const found: Box[] = [];
  let at = start;
  while (at + 8 <= end) {
    let boxSize = r.u32be(at);
    const type = r.ascii(at + 4, 4);
    let header = 8;
    if (boxSize === 1) {
      boxSize = r.u64be(at + 8);
      header = 16;
    } else if (boxSize === 0) {
      boxSize = end - at; // to the end of the file
    }
    if (boxSize < header) break;
    found.push({ type, start: at + header, end: Math.min(at + boxSize, end) });
    at += boxSize;
  }
  return found;
};
const child = (r: Reader, parent: Box, type: string, payloadOffset = 0) =>
  boxes(r, parent.start + payloadOffset, parent.end).find((b) => b.type === type);

const probeMovie = (r: Reader): MediaProbe => {
  const moov = boxes(r, 0, r.length).find((b) => b.type === "moov");
  if (!moov) return NONE;
  let durationSec: number | null = null;
  const mvhd = child(r, moov, "mvhd");
  if (mvhd) {
    const v1 = r.u8(mvhd.start) === 1;
    const timescale = r.u32be(mvhd.start + (v1 ? 20 : 12));
    const duration = v1 ? r.u64be(mvhd.start + 24) : r.u32be(mvhd.start + 16);
    const unknown = v1 ? duration >= Number.MAX_SAFE_INTEGER : duration === 0xffffffff;
    if (timescale > 0 && !unknown) durationSec = duration / timescale;
  }
  try {
    for (const trak of boxes(r, moov.start, moov.end).filter((b) => b.type === "trak")) {
      const tkhd = child(r, trak, "tkhd");
      if (!tkhd) continue;
      const v1 = r.u8(tkhd.start) === 1;
      const matrix = tkhd.start + (v1 ? 52 : 40);
      const w = r.u32be(matrix + 36) / 0x10000;
      const h = r.u32be(matrix + 40) / 0x10000;
      if (w <= 0 || h <= 0) continue; // sound and text tracks have no size
      const rotated = r.i32be(matrix) === 0 && Math.abs(r.i32be(matrix + 4)) === 0x10000;
      const [width, height] = rotated ? [Math.round(h), Math.round(w)] : [Math.round(w), Math.round(h)];
      return { width, height, durationSec };
    }
  } catch (err) {
    if (!(err instanceof OutOfBounds)) throw err; // a cut-off track: keep the duration
  }
  return { width: null, height: null, durationSec };
};

// HEIF: image sizes are `ispe` properties in meta/iprp/ipco; the largest is the full image (the others
// are tiles and thumbnails).
const probeHeif = (r: Reader): MediaProbe => {
  const meta = boxes(r, 0, r.length).find((b) => b.type === "meta");
  const iprp = meta && child(r, meta, "iprp", 4); // meta is a full box: version and flags first
  const ipco = iprp && child(r, iprp, "ipco");
  if (!ipco) return NONE;
  let best = NONE;
  for (const ispe of boxes(r, ipco.start, ipco.end).filter((b) => b.type === "ispe")) {
    const w = r.u32be(ispe.start + 4);
    const h = r.u32be(ispe.start + 8);
    if (w * h > (best.width ?? 0) * (best.height ?? 0)) best = size(w, h);
  }
  return best;
};

const PROBES: Record<string, (r: Reader) => MediaProbe> = {
  "image/png": probePng,
  "image/gif": probeGif,
  "image/webp": probeWebp,
  "image/jpeg": probeJpeg,
  "image/heic": probeHeif,
  "image/avif": probeHeif,
  "video/mp4": probeMovie,
  "video/x-m4v": probeMovie,
  "video/quicktime": probeMovie,
  "video/3gpp": probeMovie,
  "video/3gpp2": probeMovie,
};

const probeWith = (type: string | null, read: () => Reader): MediaProbe => {
  const probe = type ? PROBES[type] : undefined;
  if (!probe) return NONE;
  try {
    return probe(read());
  } catch (err) {
    if (err instanceof OutOfBounds || err instanceof RangeError) return NONE; // truncated or corrupt headers
    throw err;
  }
};

export const probeMedia = (bytes: Uint8Array): MediaProbe => probeWith(sniffContentType(bytes), () => reader(bytes));

// The same for a file on disk whose first bytes are `head` (what sniffing needs).
export const probeMediaFile = (file: string, head: Uint8Array): MediaProbe => {
  const fd = openSync(file, "r");
  try {
    return probeWith(sniffContentType(head), () => fileReader(fd, fstatSync(fd).size));
  } finally {
    closeSync(fd);
  }
};
