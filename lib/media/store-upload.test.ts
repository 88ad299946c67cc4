import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appUrl } from "@/lib/env";
import { movie } from "./fixtures/iso-bmff";
import { MediaError } from "./media-error";
import { newSpoolPath, spooledFile } from "./spool";
import { mediaStorage } from "./storage";
import { referenceOrRemove, storeDownloaded, storeUpload } from "./store-upload";

const JPEG = readFileSync(path.join(import.meta.dirname, "fixtures", "33x17-rotated.jpg"));
const MOV = movie({ brand: "qt  ", timescale: 600, duration: 600 * 45, width: 1080, height: 1920 });

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === "/clip.mov") return res.writeHead(200, { "content-type": "video/quicktime" }).end(MOV);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("storeUpload", () => {
  it("stores a multipart file under a new key, with its probed facts", async () => {
    const stored = await storeUpload(new File([JPEG], "holiday.jpg", { type: "image/jpeg" }), {
      maxBytes: 1024 * 1024,
    });
    expect(stored).toEqual({
      storageKey: expect.stringMatching(/^m\/[0-9a-f]{32}\.jpg$/),
      url: `${appUrl()}/media/${stored.storageKey}`,
      contentType: "image/jpeg",
      sizeBytes: JPEG.length,
      kind: "image",
      width: 17,
      height: 33,
      durationSec: null,
    });
    const file = await mediaStorage().get(stored.storageKey);
    expect(file?.contentType).toBe("image/jpeg");
    expect(Buffer.from(file!.bytes).equals(JPEG)).toBe(true);
  });

  it("takes the type from the bytes, and applies the same caps and checks as downloads", async () => {
    expect(
      await storeUpload(new Blob([JPEG], { type: "application/octet-stream" }), { maxBytes: 1024 * 1024 }),
    ).toMatchObject({ contentType: "image/jpeg", kind: "image" });
    await expect(storeUpload(new File([JPEG], "big.jpg", { type: "image/jpeg" }), { maxBytes: 1000 })).rejects.toThrow(
      new MediaError("too_large", "big.jpg", "larger than 1000 bytes"),
    );
    await expect(
      storeUpload(new File(["<html>"], "fake.png", { type: "image/png" }), { maxBytes: 1000 }),
    ).rejects.toMatchObject({
      code: "type_mismatch",
      message: "media fake.png: declared as image/png, but the content is not a recognised image or video",
    });
    await expect(storeUpload(new Blob(["x".repeat(2000)]), { maxBytes: 1024 })).rejects.toThrow(
      "media upload: larger than 1 KB",
    );
  });
});

describe("storeDownloaded", () => {
  it("downloads a URL into storage", async () => {
    const stored = await storeDownloaded(`${base}/clip.mov`, { maxBytes: 1024 * 1024 });
    expect(stored).toMatchObject({
      contentType: "video/quicktime",
      kind: "video",
      sizeBytes: MOV.length,
      width: 1080,
      height: 1920,
      durationSec: 45,
    });
    expect(stored.storageKey).toMatch(/\.mov$/);
    expect((await mediaStorage().get(stored.storageKey))?.bytes.byteLength).toBe(MOV.length);
  });

  it("stores nothing when the download fails", async () => {
    await expect(storeDownloaded(`${base}/gone.mp4`, { maxBytes: 1024 })).rejects.toMatchObject({
      code: "http_status",
      message: `media ${base}/gone.mp4: the server answered 404`,
    });
  });
});

describe("referenceOrRemove", () => {
  it("removes a downloaded file when the write that refers to it fails; keeps it when the write succeeds", async () => {
    const lost = await storeDownloaded(`${base}/clip.mov`, { maxBytes: 1024 * 1024 });
    await expect(referenceOrRemove(lost, () => Promise.reject(new Error("the row is gone")))).rejects.toThrow(
      "the row is gone",
    );
    expect(await mediaStorage().get(lost.storageKey)).toBeNull();
    const kept = await storeDownloaded(`${base}/clip.mov`, { maxBytes: 1024 * 1024 });
    expect(await referenceOrRemove(kept, () => Promise.resolve("saved"))).toBe("saved");
    expect(await mediaStorage().head!(kept.storageKey)).toMatchObject({ sizeBytes: MOV.length });
  });
});

describe("storeUpload of a spooled part", () => {
  it("moves the spooled file into storage (no copy left behind) with the facts of its bytes", async () => {
    const spool = await newSpoolPath();
    writeFileSync(spool, JPEG);
    const file = await spooledFile(spool, "holiday.jpg", "image/jpeg");
    const stored = await storeUpload(file, { maxBytes: 1024 * 1024 });
    expect(stored).toMatchObject({ contentType: "image/jpeg", sizeBytes: JPEG.length, width: 17, height: 33 });
    expect(existsSync(spool)).toBe(false);
    expect(Buffer.compare(Buffer.from((await mediaStorage().get(stored.storageKey))!.bytes), JPEG)).toBe(0);
  });
});
