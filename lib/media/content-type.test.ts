import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  extensionFor,
  kindOfContentType,
  resolveContentType,
  servedContentType,
  sniffContentType,
  typeNamesOf,
} from "./content-type";
import { movie } from "./fixtures/iso-bmff";
import { MediaError } from "./media-error";

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, "fixtures", name)));
const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const ftyp = (brand: string) => bytes([0, 0, 0, 0x18], "ftyp", brand, [0, 0, 0, 0], brand, "mp41");

describe("sniffContentType", () => {
  it("recognises media by their magic bytes", () => {
    expect(sniffContentType(fixture("33x17.jpg"))).toBe("image/jpeg");
    expect(sniffContentType(fixture("33x17.png"))).toBe("image/png");
    expect(sniffContentType(fixture("33x17.gif"))).toBe("image/gif");
    expect(sniffContentType(fixture("33x17-lossy.webp"))).toBe("image/webp");
    expect(sniffContentType(fixture("33x17.avif"))).toBe("image/avif");
    expect(sniffContentType(ftyp("heic"))).toBe("image/heic");
    expect(sniffContentType(ftyp("mif1"))).toBe("image/heic");
    expect(sniffContentType(movie())).toBe("video/mp4");
    expect(sniffContentType(movie({ brand: "qt  " }))).toBe("video/quicktime");
    expect(sniffContentType(bytes([0, 0, 0, 8], "wide", [0, 0, 0, 8], "mdat"))).toBe("video/quicktime");
    expect(sniffContentType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], "webm"))).toBe("video/webm");
    expect(sniffContentType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88], "matroska"))).toBe(
      "video/x-matroska",
    );
    expect(sniffContentType(bytes("%PDF-1.7\n"))).toBe("application/pdf");
    expect(sniffContentType(bytes("RIFF", [0, 0, 0, 0], "AVI LIST"))).toBe("video/x-msvideo");
    expect(sniffContentType(bytes("<!doctype html><html>"))).toBeNull();
    expect(sniffContentType(new Uint8Array())).toBeNull();
  });
});

describe("resolveContentType", () => {
  const resolve = (content: Uint8Array, declared: string | null) =>
    resolveContentType({ bytes: content, declared, source: "https://x.test/a" });

  it("prefers the bytes over the declared type", () => {
    expect(resolve(fixture("33x17.png"), "application/octet-stream")).toBe("image/png");
    expect(resolve(fixture("33x17.png"), null)).toBe("image/png");
    expect(resolve(fixture("33x17.png"), "image/jpeg; charset=binary")).toBe("image/png"); // mislabelled, still an image
    expect(resolve(movie({ brand: "qt  " }), "video/mp4")).toBe("video/quicktime");
  });

  it("refuses a declared image or video whose bytes are something else", () => {
    const html = bytes("<html><body>Not found</body></html>");
    expect(() => resolve(html, "image/jpeg")).toThrow(MediaError);
    expect(() => resolve(html, "image/jpeg")).toThrow(
      "media https://x.test/a: declared as image/jpeg, but the content is not a recognised image or video",
    );
    expect(() => resolve(movie(), "image/png")).toThrow("declared as image/png, but the content is video/mp4");
    expect(() => resolve(fixture("33x17.png"), "video/mp4")).toThrow(
      "declared as video/mp4, but the content is image/png",
    );
    expect(() => resolve(bytes("<svg xmlns='http://www.w3.org/2000/svg'/>"), "image/svg+xml")).toThrow(MediaError);
  });

  it("keeps what the bytes cannot tell, and never stores a type that renders as a page", () => {
    const docx = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
    expect(resolve(bytes([0x50, 0x4b, 0x03, 0x04], "rest of a zip"), docx)).toBe(docx);
    expect(resolve(bytes([0x50, 0x4b, 0x03, 0x04], "rest of a zip"), null)).toBe("application/zip");
    expect(resolve(bytes("plain bytes"), "audio/ogg")).toBe("audio/ogg");
    expect(resolve(bytes("<html><script>alert(1)</script>"), "text/html")).toBe("application/octet-stream");
    expect(resolve(bytes("plain bytes"), null)).toBe("application/octet-stream");
  });

  it("serves only types that cannot render as a page on our origin", () => {
    expect(servedContentType("image/png")).toBe("image/png");
    expect(servedContentType("video/mp4")).toBe("video/mp4");
    expect(servedContentType("application/pdf")).toBe("application/pdf");
    expect(servedContentType("text/html")).toBe("application/octet-stream");
    expect(servedContentType("image/svg+xml")).toBe("application/octet-stream");
    expect(servedContentType("application/xhtml+xml")).toBe("application/octet-stream");
    expect(servedContentType(null)).toBe("application/octet-stream");
  });
});

describe("type names", () => {
  it("names content types the way network limits do, with extensions and kinds", () => {
    expect(typeNamesOf("image/jpeg")).toEqual(["jpg", "jpeg"]);
    expect(typeNamesOf("video/quicktime")).toEqual(["mov"]);
    expect(typeNamesOf("video/x-flv")).toEqual(["flv"]);
    expect(typeNamesOf("application/x-unknown-thing")).toEqual(["unknown-thing"]);
    expect(extensionFor("image/jpeg")).toBe("jpg");
    expect(extensionFor("video/quicktime")).toBe("mov");
    expect(extensionFor("application/octet-stream")).toBe("bin");
    expect(kindOfContentType("image/gif")).toBe("gif");
    expect(kindOfContentType("image/heic")).toBe("image");
    expect(kindOfContentType("video/webm")).toBe("video");
    expect(kindOfContentType("application/pdf")).toBe("document");
    expect(kindOfContentType("application/octet-stream")).toBe("unknown");
  });
});
