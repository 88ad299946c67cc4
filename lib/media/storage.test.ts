import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Fake } from "@/testing/fakes/s3";
import { appUrl, env } from "@/lib/env";
import { isMediaKey, mediaStorage, newMediaKey, publicMediaUrl, storageFromEnv, type MediaStorage } from "./storage";
import { localMediaStorage } from "./storage-local";
import { s3MediaStorage } from "./storage-s3";

const bytes = (text: string) => new TextEncoder().encode(text);
const readAll = async (stream: ReadableStream<Uint8Array> | null) =>
  stream ? new TextDecoder().decode(await new Response(stream).arrayBuffer()) : null;

// The contract both backends keep.
const behavesAsStorage = (name: string, storage: () => MediaStorage) => {
  it(`${name}: put, get, head, stream (ranges) and delete`, async () => {
    const s = storage();
    const key = newMediaKey("mp4");
    expect(await s.get(key)).toBeNull();
    await s.put(key, bytes("0123456789"), "video/mp4");
    const got = await s.get(key);
    expect(new TextDecoder().decode(got!.bytes)).toBe("0123456789");
    expect(got!.contentType).toBe("video/mp4");
    expect(await s.head!(key)).toEqual({ sizeBytes: 10, contentType: "video/mp4" });
    expect(await readAll(await s.stream!(key))).toBe("0123456789");
    expect(await readAll(await s.stream!(key, { start: 2, end: 5 }))).toBe("2345");
    await s.put(key, bytes("replaced"), "video/quicktime");
    expect(await s.head!(key)).toEqual({ sizeBytes: 8, contentType: "video/quicktime" });
    await s.delete(key);
    expect(await s.get(key)).toBeNull();
    expect(await s.head!(key)).toBeNull();
    expect(await s.stream!(key)).toBeNull();
    await s.delete(key); // deleting twice is fine
  });

  it(`${name}: refuses keys outside the key alphabet`, async () => {
    const s = storage();
    for (const key of ["../etc/passwd", "m/../../x", "/abs", "m//x", "m/a b.jpg", "m/x.meta.json", ""]) {
      await expect(s.put(key, bytes("x"), "image/png"), key).rejects.toThrow("Invalid media storage key");
      await expect(s.get(key), key).rejects.toThrow("Invalid media storage key");
    }
  });
};

describe("media keys and URLs", () => {
  it("makes unguessable keys in the key alphabet", () => {
    const key = newMediaKey("jpg");
    expect(key).toMatch(/^m\/[0-9a-f]{32}\.jpg$/);
    expect(newMediaKey("jpg")).not.toBe(key);
    expect(newMediaKey(".MOV")).toMatch(/\.mov$/);
    expect(newMediaKey("../x")).toMatch(/\.bin$/);
    expect(isMediaKey(key)).toBe(true);
    expect(isMediaKey("m/../x.jpg")).toBe(false);
  });

  it("builds public URLs on MEDIA_PUBLIC_URL or the app's URL", () => {
    expect(env().MEDIA_PUBLIC_URL).toBeUndefined();
    expect(publicMediaUrl("m/abc.jpg")).toBe(`${appUrl()}/media/m/abc.jpg`);
  });
});

describe("local media storage", () => {
  const root = mkdtempSync(path.join(tmpdir(), "media-local-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  behavesAsStorage("local", () => localMediaStorage(root));

  it("writes atomically: the file and its type sidecar, no temporary files left", async () => {
    const s = localMediaStorage(root);
    const key = newMediaKey("png");
    await s.put(key, bytes("png bytes"), "image/png");
    const dir = path.join(root, "m");
    const name = key.slice(2);
    expect(
      readdirSync(dir)
        .filter((f) => f.startsWith(name) || f.startsWith(`.${name}`))
        .sort(),
    ).toEqual([name, `${name}.type`]);
  });

  it("is the default backend, in MEDIA_DIR", async () => {
    expect(env().MEDIA_S3_BUCKET).toBeUndefined();
    const key = newMediaKey("txt");
    await mediaStorage().put(key, bytes("hello"), "application/octet-stream");
    expect(readdirSync(path.join(env().MEDIA_DIR!, "m"))).toContain(key.slice(2));
    expect(await localMediaStorage(env().MEDIA_DIR!).get(key)).toMatchObject({
      contentType: "application/octet-stream",
    });
    await mediaStorage().delete(key);
  });
});

describe("S3 media storage", () => {
  let fake: Awaited<ReturnType<typeof startS3Fake>>;
  beforeAll(async () => {
    fake = await startS3Fake({
      accessKeyId: "AKIATESTMEDIA",
      secretAccessKey: "s3cr3t/with+signs",
      region: "eu-central-1",
      buckets: ["media"],
    });
  });
  afterAll(() => fake.close());
  const config = () => ({
    endpoint: fake.url,
    bucket: "media",
    region: "eu-central-1",
    accessKeyId: "AKIATESTMEDIA",
    secretAccessKey: "s3cr3t/with+signs",
  });

  behavesAsStorage("s3", () => s3MediaStorage(config()));

  it("signs path-style requests with the access key and the payload's SHA-256", async () => {
    const s = s3MediaStorage(config());
    const key = newMediaKey("png");
    const before = fake.requests.length;
    await s.put(key, bytes("image bytes"), "image/png");
    expect(fake.objects.get(`media/${key}`)?.contentType).toBe("image/png");
    const put = fake.requests[before]!;
    expect(put).toEqual({
      method: "PUT",
      path: `/media/${key}`,
      accessKeyId: "AKIATESTMEDIA",
      contentSha256: createHash("sha256").update("image bytes").digest("hex"),
    });
  });

  it("fails loudly on a wrong secret or a missing bucket, and retries server errors", async () => {
    const key = newMediaKey("png");
    await expect(
      s3MediaStorage({ ...config(), secretAccessKey: "wrong" }).put(key, bytes("x"), "image/png"),
    ).rejects.toThrow(`S3 PUT media/${key} answered 403 SignatureDoesNotMatch`);
    await expect(s3MediaStorage({ ...config(), accessKeyId: "AKIAOTHER" }).get(key)).rejects.toThrow(
      "403 InvalidAccessKeyId",
    );
    await expect(s3MediaStorage({ ...config(), bucket: "nope" }).put(key, bytes("x"), "image/png")).rejects.toThrow(
      "404 NoSuchBucket",
    );
    fake.failNext(503, "SlowDown");
    await s3MediaStorage(config()).put(key, bytes("after a retry"), "image/png");
    expect(fake.objects.get(`media/${key}`)?.bytes.toString()).toBe("after a retry");
  });

  it("is chosen when MEDIA_S3_BUCKET is set", async () => {
    const s = storageFromEnv({
      ...env(),
      MEDIA_S3_BUCKET: "media",
      MEDIA_S3_ENDPOINT: fake.url,
      MEDIA_S3_REGION: "eu-central-1",
      MEDIA_S3_ACCESS_KEY_ID: "AKIATESTMEDIA",
      MEDIA_S3_SECRET_ACCESS_KEY: "s3cr3t/with+signs",
    });
    const key = newMediaKey("gif");
    await s.put(key, bytes("GIF89a"), "image/gif");
    expect(fake.objects.has(`media/${key}`)).toBe(true);
  });
});
