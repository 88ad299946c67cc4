import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { newMediaKey, publicMediaUrl } from "@/lib/media/storage";
import { localMediaStorage } from "@/lib/media/storage-local";
import { s3MediaStorage } from "@/lib/media/storage-s3";
import { seedSandboxTenant } from "@/testing/posts";
import { startS3Fake } from "@/testing/fakes/s3";
import { sweepUnreferencedMedia } from "./sweep-unreferenced";

// The nightly sweep of media files no row refers to: old unreferenced files go; files a row refers to
// (a column or a URL inside JSON) and files younger than the grace period stay.

const DAY = 24 * 60 * 60 * 1000;
const root = mkdtempSync(path.join(tmpdir(), "media-sweep-"));
const storage = localMediaStorage(root);
const bytes = new TextEncoder().encode("file");

let tenant: Awaited<ReturnType<typeof seedSandboxTenant>>;
beforeAll(async () => {
  tenant = await seedSandboxTenant(["bluesky"]);
}, 60_000);
afterAll(async () => {
  rmSync(root, { recursive: true, force: true });
  await db.$disconnect();
});

const stored = async (ageMs: number) => {
  const key = newMediaKey("png");
  await storage.put(key, bytes, "image/png");
  const when = new Date(Date.now() - ageMs);
  utimesSync(path.join(root, key), when, when);
  return key;
};
const files = () => readdirSync(path.join(root, "m")).filter((f) => !f.endsWith(".type"));

// A post whose media row holds one key and whose network params hold another as cover_url.
const seedPost = async (mediaKey: string, coverKey: string) => {
  const post = await db.post.create({
    data: {
      id: newId("post"),
      accountId: tenant.account.id,
      environment: "sandbox",
      profileGroupId: tenant.group.id,
      body: "sweep",
      status: "draft",
      draft: true,
      media: {
        create: {
          id: newId("postMedia"),
          position: 0,
          storageKey: mediaKey,
          contentType: "image/png",
          status: "processed",
        },
      },
    },
  });
  await db.platformPost.create({
    data: {
      id: newId("platformPost"),
      postId: post.id,
      rootPostId: post.id,
      profileId: tenant.profiles.bluesky!.id,
      platform: "bluesky",
      params: { cover_url: publicMediaUrl(coverKey) },
    },
  });
};

describe("sweepUnreferencedMedia", () => {
  it("removes old files no row refers to; keeps referenced and recent ones", async () => {
    const orphan = await stored(2 * DAY);
    const inMediaRow = await stored(2 * DAY);
    const asCoverUrl = await stored(2 * DAY);
    const fresh = await stored(60_000);
    await seedPost(inMediaRow, asCoverUrl);

    const result = await sweepUnreferencedMedia({ storage });
    expect(result).toEqual({ scanned: 4, removed: 1, kept: 3 });
    expect(files().sort()).toEqual([inMediaRow, asCoverUrl, fresh].map((k) => k.slice(2)).sort());
    expect(await storage.get(orphan)).toBeNull();
    expect(readdirSync(path.join(root, "m"))).not.toContain(`${orphan.slice(2)}.type`); // its sidecar too

    // Once its rows are gone, the post's files go too.
    await db.post.deleteMany({ where: { accountId: tenant.account.id } });
    expect(await sweepUnreferencedMedia({ storage })).toEqual({ scanned: 3, removed: 2, kept: 1 });
    expect(files()).toEqual([fresh.slice(2)]);
  });

  it("works on an S3 bucket (ListObjectsV2)", async () => {
    const fake = await startS3Fake();
    try {
      const s3 = s3MediaStorage({
        endpoint: fake.url,
        bucket: "media",
        region: fake.region,
        accessKeyId: fake.accessKeyId,
        secretAccessKey: fake.secretAccessKey,
      });
      const keys = [];
      for (let i = 0; i < 3; i++) keys.push(newMediaKey("jpg"));
      for (const key of keys) await s3.put(key, bytes, "image/jpeg");
      fake.objects.get(`media/${keys[0]}`)!.modifiedAt = new Date(Date.now() - 2 * DAY);
      const listed = [];
      for await (const item of s3.list!("m/")) listed.push(item.key);
      expect(listed.sort()).toEqual([...keys].sort());
      expect(await sweepUnreferencedMedia({ storage: s3 })).toEqual({ scanned: 3, removed: 1, kept: 2 });
      expect(await s3.head!(keys[0]!)).toBeNull();
    } finally {
      await fake.close();
    }
  });
});
