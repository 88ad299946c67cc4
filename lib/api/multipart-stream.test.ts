import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postsRoute from "@/app/api/posts/route";
import { db } from "@/lib/db/client";
import { PNG_BYTES } from "@/testing/publish-media";
import { seedSandboxTenant } from "@/testing/posts";

// Multipart bodies are streamed: file parts go to the spool directory as they arrive and are moved into
// storage (not held in memory); limits answer 413 in the spec's {error} shape; nothing stays spooled.

// This file's own media directory and a 4 MB file cap (env() is read once per test file).
process.env.MEDIA_DIR = mkdtempSync(path.join(tmpdir(), "multipart-stream-"));
process.env.MEDIA_MAX_BYTES = String(4 * 1024 * 1024);
const list = (dir: string) => {
  try {
    return readdirSync(path.join(process.env.MEDIA_DIR!, dir));
  } catch {
    return [];
  }
};

type Json = Record<string, any>;
let token: string;
beforeAll(async () => {
  token = (await seedSandboxTenant(["twitter"])).token;
}, 60_000);
afterAll(() => db.$disconnect());

const post = async (fields: [string, string | Blob, string?][]) => {
  const form = new FormData();
  for (const [name, value, filename] of fields) {
    if (typeof value === "string") form.append(name, value);
    else form.append(name, value, filename);
  }
  const req = new Request("http://localhost/api/posts", {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const res = await postsRoute.POST(req, { params: Promise.resolve({}) });
  return { status: res.status, json: (await res.json()) as Json };
};

// A real PNG followed by padding up to `size` bytes (the bytes decide the type; the header the size).
const png = (size: number) => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES);
  return new Blob([bytes], { type: "image/png" });
};

describe("streamed multipart bodies", () => {
  it("store a file part from the spool, byte for byte, with its probed facts; nothing stays spooled", async () => {
    const file = png(3 * 1024 * 1024);
    const res = await post([
      ["profiles[]", "twitter"],
      ["post[body]", "streamed"],
      ["post[draft]", "true"],
      ["media[]", file, "big.png"],
    ]);
    expect(res.status).toBe(200);
    const row = await db.postMedia.findFirstOrThrow({ where: { postId: res.json.id } });
    expect(row).toMatchObject({ contentType: "image/png", sizeBytes: 3 * 1024 * 1024, width: 1, height: 1 });
    const stored = readFileSync(path.join(process.env.MEDIA_DIR!, row.storageKey!));
    expect(Buffer.compare(stored, Buffer.from(await file.arrayBuffer()))).toBe(0);
    expect(list(".spool")).toEqual([]);
  });

  it("answer 413 for a file over MEDIA_MAX_BYTES, storing and spooling nothing", async () => {
    const before = list("m");
    const res = await post([
      ["profiles[]", "twitter"],
      ["post[body]", "too big"],
      ["media[]", png(1024), "small.png"],
      ["media[]", png(4 * 1024 * 1024 + 1), "huge.png"],
    ]);
    expect(res).toEqual({
      status: 413,
      json: { error: "media[]: a file is limited to 4 MB on this server (MEDIA_MAX_BYTES)" },
    });
    expect(list("m")).toEqual(before);
    expect(list(".spool")).toEqual([]);
  });

  it("answer 413 for a text part over 10 MB, and 400 for a body that is not multipart", async () => {
    const res = await post([
      ["profiles[]", "twitter"],
      ["post[body]", "x".repeat(10 * 1024 * 1024 + 1)],
    ]);
    expect(res).toEqual({ status: 413, json: { error: "post[body]: a text part is limited to 10 MB" } });
    const req = new Request("http://localhost/api/posts", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "multipart/form-data; boundary=x" },
      body: '--x\r\nContent-Disposition: form-data; name="post[body]"\r\n\r\nunterminated',
    });
    const broken = await postsRoute.POST(req, { params: Promise.resolve({}) });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ message: "Request body is not valid multipart/form-data" });
    expect(list(".spool")).toEqual([]);
  });
});
