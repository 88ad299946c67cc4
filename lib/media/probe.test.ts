import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { box, movie } from "./fixtures/iso-bmff";
import { probeMedia, probeMediaFile } from "./probe";

const fixture = (name: string) => new Uint8Array(readFileSync(path.join(import.meta.dirname, "fixtures", name)));

describe("probeMedia", () => {
  it("reads image sizes from real PNG, JPEG, GIF, WebP (VP8, VP8L, VP8X) and AVIF files", () => {
    for (const name of [
      "33x17.png",
      "33x17.jpg",
      "33x17.gif",
      "33x17-lossy.webp",
      "33x17-lossless.webp",
      "33x17-alpha.webp",
      "33x17.avif",
    ]) {
      expect(probeMedia(fixture(name)), name).toEqual({ width: 33, height: 17, durationSec: null });
    }
  });

  it("swaps the sides of a JPEG with EXIF orientation 6 (progressive, SOF2)", () => {
    expect(probeMedia(fixture("33x17-rotated.jpg"))).toEqual({ width: 17, height: 33, durationSec: null });
  });

  it("reads duration (mvhd) and size (tkhd of the video track) from MP4 and MOV", () => {
    expect(probeMedia(movie())).toEqual({ width: 1920, height: 1080, durationSec: 12.5 });
    expect(
      probeMedia(movie({ brand: "qt  ", timescale: 30000, duration: 30000 * 3, width: 720, height: 1280 })),
    ).toEqual({ width: 720, height: 1280, durationSec: 3 });
    expect(probeMedia(movie({ version: 1, timescale: 1000, duration: 140_500 }))).toMatchObject({ durationSec: 140.5 });
    expect(probeMedia(movie({ moovAtEnd: true, width: 640, height: 360 }))).toEqual({
      width: 640,
      height: 360,
      durationSec: 12.5,
    });
    expect(probeMedia(movie({ rotate: true, width: 1920, height: 1080 }))).toMatchObject({ width: 1080, height: 1920 });
    expect(probeMedia(movie({ duration: 0xffffffff }))).toMatchObject({ durationSec: null, width: 1920 });
  });

  it("answers nulls for truncated, unknown or headerless files", () => {
    const none = { width: null, height: null, durationSec: null };
    expect(probeMedia(fixture("33x17.png").subarray(0, 20))).toEqual(none);
    expect(probeMedia(fixture("33x17.jpg").subarray(0, 40))).toEqual(none);
    expect(probeMedia(movie().subarray(0, 50))).toEqual(none);
    // what can be read is kept: the duration sits before the cut, the track size after it
    expect(probeMedia(movie().subarray(0, 60))).toEqual({ ...none, durationSec: 12.5 });
    expect(probeMedia(movie({ withSoundTrack: false }).subarray(0, 200))).toEqual({ ...none, durationSec: 12.5 });
    expect(probeMedia(new TextEncoder().encode("<html>not media</html>"))).toEqual(none);
    expect(probeMedia(new Uint8Array())).toEqual(none);
    // an MP4 without moov (say, the start of a file) still sniffs as video but has no facts
    expect(probeMedia(Uint8Array.from([...box("ftyp", new TextEncoder().encode("isom0000")), ...box("mdat")]))).toEqual(
      none,
    );
  });
});

describe("probeMediaFile", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "probe-"));
  const onDisk = (bytes: Uint8Array) => {
    const file = path.join(dir, `f${Math.random().toString(36).slice(2)}`);
    writeFileSync(file, bytes);
    return probeMediaFile(file, bytes.subarray(0, 64 * 1024));
  };

  it("reads the same facts from a file on disk as from its bytes, across its 64 KB read windows", () => {
    for (const name of ["33x17.png", "33x17.jpg", "33x17-rotated.jpg", "33x17-lossy.webp", "33x17.avif"]) {
      expect(onDisk(fixture(name)), name).toEqual(probeMedia(fixture(name)));
    }
    // moov after 3 MB of media data: the walk seeks past the mdat to the end of the file
    const late = movie({ moovAtEnd: true, width: 640, height: 360, mediaBytes: 3 * 1024 * 1024 });
    expect(onDisk(late)).toEqual({ width: 640, height: 360, durationSec: 12.5 });
    expect(onDisk(late)).toEqual(probeMedia(late));
    expect(onDisk(movie().subarray(0, 60))).toEqual({ width: null, height: null, durationSec: 12.5 });
    expect(onDisk(new TextEncoder().encode("<html>"))).toEqual({ width: null, height: null, durationSec: null });
  });
});
