import { expect, test } from "@playwright/test";
import { movie } from "@/lib/media/fixtures/iso-bmff";
import { auth, createTenant, type Tenant } from "../support/tenant";

// Request bodies over the 10 MB that Next buffers for proxy.ts: a multipart upload to POST /api/posts
// streams past the proxy and is stored whole; any other body over 10 MB is a 413 in the {error} shape
// (Next would cut it silently). README: media files up to MEDIA_MAX_BYTES, default 512 MB.

let t: Tenant;
test.beforeAll(async ({ request }) => {
  t = createTenant();
  const group = await request.post("/api/profile_groups", {
    headers: auth(t.sandbox),
    data: { profile_group: { name: "Large bodies e2e" } },
  });
  const groupId = ((await group.json()) as { id: string }).id;
  const connected = await request.post(`/api/profile_groups/${groupId}/initialize_connection`, {
    headers: auth(t.sandbox),
    data: { platform: "bluesky", identifier: "large-bodies.bsky.social", app_password: "abcd-efgh-ijkl-mnop" },
  });
  expect(connected.status()).toBe(200);
});

const MB = 1024 * 1024;

test("a 24 MB video uploaded with a post is stored whole", async ({ request }) => {
  const video = movie({ width: 1280, height: 720, mediaBytes: 24 * MB });
  const res = await request.post("/api/posts", {
    headers: auth(t.sandbox),
    multipart: {
      "profiles[]": "bluesky",
      "post[body]": "A large upload",
      "post[draft]": "true",
      "media[]": { name: "clip.mp4", mimeType: "video/mp4", buffer: Buffer.from(video) },
    },
  });
  expect(res.status()).toBe(200);
  const post = (await res.json()) as { media: { status: string; content_type: string; url: string }[] };
  expect(post.media).toEqual([expect.objectContaining({ status: "processed", content_type: "video/mp4" })]);
  const served = await request.get(new URL(post.media[0]!.url).pathname, { headers: { range: "bytes=0-15" } });
  expect(served.status()).toBe(206);
  expect(served.headers()["content-range"]).toBe(`bytes 0-15/${video.length}`);
});

test("any other body over 10 MB is a 413 {error}, JSON or multipart", async ({ request }) => {
  const json = await request.post("/api/profile_groups", {
    headers: { ...auth(t.sandbox), "content-type": "application/json" },
    data: JSON.stringify({ profile_group: { name: "x".repeat(11 * MB) } }),
  });
  expect(json.status()).toBe(413);
  expect(await json.json()).toEqual({ error: expect.stringMatching(/^Request body is larger than 10 MB; /) });
  const multipart = await request.post("/api/profile_groups", {
    headers: auth(t.sandbox),
    multipart: {
      "profile_group[name]": "x",
      file: { name: "a.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(11 * MB) },
    },
  });
  expect(multipart.status()).toBe(413);
  expect((await request.get("/api/profile_groups", { headers: auth(t.sandbox) })).status()).toBe(200);
});
