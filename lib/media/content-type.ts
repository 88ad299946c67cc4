import type { MediaKind } from "@/lib/networks/post-rules";
import { MediaError } from "./media-error";

// Content types of media files: recognised from their first bytes (magic numbers), named the way the
// networks' limits name them (jpg, mov, …), and the file extension of our stored copy.

const ascii = (bytes: Uint8Array, offset: number, length: number) =>
  offset + length <= bytes.length ? String.fromCharCode(...bytes.subarray(offset, offset + length)) : "";

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

// ISO base media file format (`ftyp` box): the major brand tells HEIF images, QuickTime and MP4 apart.
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);
const ftypType = (bytes: Uint8Array): string | null => {
  if (ascii(bytes, 4, 4) !== "ftyp") return null;
  const brand = ascii(bytes, 8, 4);
  if (HEIF_BRANDS.has(brand)) return "image/heic";
  if (brand === "avif" || brand === "avis") return "image/avif";
  if (brand === "qt  ") return "video/quicktime";
  if (brand.startsWith("3g2")) return "video/3gpp2";
  if (brand.startsWith("3gp")) return "video/3gpp";
  if (brand === "M4V " || brand === "M4VH" || brand === "M4VP") return "video/x-m4v";
  if (brand === "M4A " || brand === "M4B ") return "audio/mp4";
  return "video/mp4";
};

// The content type the bytes carry, or null when they are not one of the formats we recognise.
export const sniffContentType = (bytes: Uint8Array): string | null => {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "image/gif";
  if (ascii(bytes, 0, 4) === "RIFF") {
    const form = ascii(bytes, 8, 4);
    if (form === "WEBP") return "image/webp";
    if (form === "AVI ") return "video/x-msvideo";
    if (form === "WAVE") return "audio/wav";
  }
  const ftyp = ftypType(bytes);
  if (ftyp) return ftyp;
  // QuickTime files without `ftyp` start directly with a movie or data box.
  if (["moov", "mdat", "wide", "free", "skip", "pnot"].includes(ascii(bytes, 4, 4)) && ascii(bytes, 0, 4) !== "RIFF")
    return "video/quicktime";
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) {
    // EBML: WebM or Matroska, told apart by the DocType in the header.
    return ascii(bytes, 0, Math.min(bytes.length, 64)).includes("webm") ? "video/webm" : "video/x-matroska";
  }
  if (ascii(bytes, 0, 5) === "%PDF-") return "application/pdf";
  if (ascii(bytes, 0, 2) === "BM" && bytes.length >= 14) return "image/bmp";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "image/tiff";
  if (ascii(bytes, 0, 3) === "FLV") return "video/x-flv";
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3])) return "video/mpeg";
  if (startsWith(bytes, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return "video/x-ms-wmv";
  if (ascii(bytes, 0, 3) === "ID3" || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0 && bytes.length > 2))
    return "audio/mpeg";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "application/zip";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return "application/x-cfb"; // legacy Office (doc, ppt, xls)
  return null;
};

// "image/JPEG; charset=x" -> "image/jpeg"; "" or null -> null.
export const normalizeContentType = (value: string | null | undefined): string | null => {
  const type = value?.split(";")[0]?.trim().toLowerCase();
  return type && /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(type) ? type : null;
};

const kindOfType = (type: string): "image" | "video" | "other" =>
  type.startsWith("image/") ? "image" : type.startsWith("video/") ? "video" : "other";

// Containers whose declared type says more than the bytes can (a .docx is a zip, a .doc a CFB file).
const isRefinementOf = (declared: string, sniffed: string) =>
  (sniffed === "application/zip" &&
    (/^application\/vnd\.(openxmlformats|oasis|ms-)/.test(declared) || declared.endsWith("+zip"))) ||
  (sniffed === "application/x-cfb" &&
    (declared === "application/msword" || declared.startsWith("application/vnd.ms-")));

// Types we keep without recognising their bytes. Anything else (text/html, image/svg+xml, …) is stored
// as application/octet-stream: our media URLs are on the app's origin and must never render as a page.
const KEEP_UNSNIFFED = /^(application\/(msword|vnd\.[a-z0-9.+-]+|zip|octet-stream)|audio\/[a-z0-9.+-]+)$/;

// The content type we store a file under: the bytes' own type when recognised (a refinement the bytes
// cannot tell, like docx over zip, is kept). A file declared as an image or video whose bytes are not
// one (or not recognisable at all) is refused: that is an error page or a mislabelled file, not media.
export const resolveContentType = ({
  bytes,
  declared,
  source,
}: {
  bytes: Uint8Array;
  declared: string | null | undefined;
  source: string;
}): string => {
  const claimed = normalizeContentType(declared);
  const sniffed = sniffContentType(bytes);
  if (claimed && kindOfType(claimed) !== "other") {
    if (!sniffed)
      throw new MediaError(
        "type_mismatch",
        source,
        `declared as ${claimed}, but the content is not a recognised image or video`,
      );
    if (kindOfType(sniffed) !== kindOfType(claimed))
      throw new MediaError("type_mismatch", source, `declared as ${claimed}, but the content is ${sniffed}`);
  }
  if (sniffed) return claimed && isRefinementOf(claimed, sniffed) ? claimed : sniffed;
  return claimed && KEEP_UNSNIFFED.test(claimed) ? claimed : "application/octet-stream";
};

// What we serve: a stored type that could render as a page on our origin is served as a download.
export const servedContentType = (stored: string | null | undefined): string => {
  const type = normalizeContentType(stored);
  const isSafe =
    type &&
    type !== "image/svg+xml" &&
    (kindOfType(type) !== "other" || type === "application/pdf" || KEEP_UNSNIFFED.test(type));
  return isSafe ? type : "application/octet-stream";
};

// How the networks' limits (MediaKindLimit.types) name a content type: its extensions, preferred first.
const TYPE_NAMES: Record<string, string[]> = {
  "image/jpeg": ["jpg", "jpeg"],
  "image/png": ["png"],
  "image/gif": ["gif"],
  "image/webp": ["webp"],
  "image/heic": ["heic", "heif"],
  "image/avif": ["avif"],
  "image/bmp": ["bmp"],
  "image/tiff": ["tiff", "tif"],
  "video/mp4": ["mp4"],
  "video/x-m4v": ["m4v", "mp4"],
  "video/quicktime": ["mov"],
  "video/webm": ["webm"],
  "video/x-matroska": ["mkv"],
  "video/x-msvideo": ["avi"],
  "video/x-ms-wmv": ["wmv"],
  "video/x-flv": ["flv"],
  "video/mpeg": ["mpg", "mpeg"],
  "video/3gpp": ["3gp"],
  "video/3gpp2": ["3g2"],
  "application/pdf": ["pdf"],
  "application/msword": ["doc"],
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ["docx"],
  "application/vnd.ms-powerpoint": ["ppt"],
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": ["pptx"],
  "application/zip": ["zip"],
  "audio/mpeg": ["mp3"],
  "audio/wav": ["wav"],
  "audio/x-wav": ["wav"],
  "audio/mp4": ["m4a"],
};

export const typeNamesOf = (contentType: string): string[] => {
  const type = normalizeContentType(contentType) ?? "application/octet-stream";
  return TYPE_NAMES[type] ?? [type.split("/")[1]!.replace(/^x-/, "")];
};

// The extension of our stored copy (part of its key and URL; some networks look at it).
export const extensionFor = (contentType: string): string => {
  const type = normalizeContentType(contentType);
  const name = type ? TYPE_NAMES[type]?.[0] : undefined;
  return name ?? "bin";
};

// The kind of a stored file, from its (resolved) content type; mirrors mediaKindOf.
export const kindOfContentType = (contentType: string): MediaKind => {
  const type = normalizeContentType(contentType) ?? "";
  if (type === "image/gif") return "gif";
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("video/")) return "video";
  if (type === "application/octet-stream" || !type) return "unknown";
  return "document";
};
