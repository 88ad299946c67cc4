import { afterAll, describe, expect, it } from "vitest";
import { GET } from "@/app/media/[...key]/route";
import { newMediaKey, mediaStorage } from "./storage";
import { parseRange, serveMedia } from "./serve";
import type { MediaStorage } from "./storage-types";

const VIDEO = new TextEncoder().encode("0123456789abcdefghij"); // 20 bytes standing in for a video
const keys: string[] = [];
afterAll(() => Promise.all(keys.map((k) => mediaStorage().delete(k))));

const stored = async (bytes: Uint8Array, contentType: string) => {
  const key = newMediaKey("mp4");
  await mediaStorage().put(key, bytes, contentType);
  keys.push(key);
  return key;
};

const get = (key: string | string[], headers: Record<string, string> = {}, method = "GET") => {
  const segments = Array.isArray(key) ? key : key.split("/");
  return GET(new Request(`http://localhost/media/${segments.join("/")}`, { method, headers }), {
    params: Promise.resolve({ key: segments }),
  });
};

describe("GET /media/:key", () => {
  it("serves a stored file, immutable and never sniffed", async () => {
    const key = await stored(VIDEO, "video/mp4");
    const res = await get(key);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      "content-type": "video/mp4",
      "content-length": "20",
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "accept-ranges": "bytes",
    });
    expect(await res.text()).toBe("0123456789abcdefghij");
  });

  it("answers a single byte range with 206", async () => {
    const key = await stored(VIDEO, "video/mp4");
    const res = await get(key, { range: "bytes=5-9" });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 5-9/20");
    expect(res.headers.get("content-length")).toBe("5");
    expect(await res.text()).toBe("56789");
    const tail = await get(key, { range: "bytes=-4" });
    expect([tail.status, tail.headers.get("content-range"), await tail.text()]).toEqual([
      206,
      "bytes 16-19/20",
      "ghij",
    ]);
    const open = await get(key, { range: "bytes=18-" });
    expect([open.status, await open.text()]).toEqual([206, "ij"]);
    const beyond = await get(key, { range: "bytes=10-999" });
    expect([beyond.headers.get("content-range"), await beyond.text()]).toEqual(["bytes 10-19/20", "abcdefghij"]);
  });

  it("answers 416 for a range past the end, and the whole file for ranges it does not take", async () => {
    const key = await stored(VIDEO, "video/mp4");
    const past = await get(key, { range: "bytes=20-" });
    expect([past.status, past.headers.get("content-range")]).toEqual([416, "bytes */20"]);
    for (const range of ["bytes=0-1,4-5", "items=0-1", "bytes=5-2"]) {
      const res = await get(key, { range });
      expect([res.status, (await res.text()).length], range).toEqual([200, 20]);
    }
  });

  it("answers HEAD without a body", async () => {
    const key = await stored(VIDEO, "video/mp4");
    const res = await get(key, { range: "bytes=0-3" }, "HEAD");
    expect([res.status, res.headers.get("content-length"), res.body]).toEqual([206, "4", null]);
  });

  it("answers 404 for missing files and keys outside the key alphabet", async () => {
    for (const key of [
      newMediaKey("jpg"),
      ["..", "..", "etc", "passwd"],
      ["m", "..", "secrets.json"],
      ["m", "x.jpg.type"],
      ["m", "%2e%2e"],
    ]) {
      const res = await get(key);
      expect(res.status, String(key)).toBe(404);
      expect(await res.json()).toEqual({ error: "Not found" });
    }
  });

  it("serves a stored type that could render as a page as a download", async () => {
    const key = await stored(new TextEncoder().encode("<script>alert(1)</script>"), "text/html");
    expect((await get(key)).headers.get("content-type")).toBe("application/octet-stream");
  });

  it("works with backends that only have get()", async () => {
    const files = new Map([["m/a.mp4", { bytes: VIDEO, contentType: "video/mp4" }]]);
    const minimal: MediaStorage = {
      put: async () => {},
      get: async (k) => files.get(k) ?? null,
      delete: async () => {},
    };
    const res = await serveMedia({ key: "m/a.mp4", rangeHeader: "bytes=0-2", storage: minimal });
    expect([res.status, res.headers.get("content-range"), await res.text()]).toEqual([206, "bytes 0-2/20", "012"]);
    expect((await serveMedia({ key: "m/b.mp4", rangeHeader: null, storage: minimal })).status).toBe(404);
  });
});

describe("parseRange", () => {
  it("reads single ranges the way RFC 9110 defines them", () => {
    expect(parseRange(null, 100)).toBeNull();
    expect(parseRange("bytes=0-0", 100)).toEqual({ start: 0, end: 0 });
    expect(parseRange("bytes=0-", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
    expect(parseRange("bytes=-", 100)).toBeNull();
  });
});
