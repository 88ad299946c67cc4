import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as postRoute from "@/app/api/posts/[id]/route";
import * as postsRoute from "@/app/api/posts/route";
import { db } from "@/lib/db/client";
import { MB } from "@/lib/networks/post-rules";
import type { TPlatform } from "@/lib/schemas/common";
import { callRoute } from "@/testing/call-route";
import { seedSandboxTenant } from "@/testing/posts";
import { PNG_BYTES } from "@/testing/publish-media";
import { checkAgainstRules, type MediaInput } from "./check-rules";

// Media sizes known at creation (uploaded files, and media an edit keeps) against each target network's
// limit for the file's kind and the post's format (lib/networks/<platform>/post-rules.ts): a file over
// any target's limit refuses the whole request with the spec's 422, naming the network and the field.

type Tenant = Awaited<ReturnType<typeof seedSandboxTenant>>;
let t: Tenant;

beforeAll(async () => {
  t = await seedSandboxTenant(["twitter", "bluesky", "telegram", "instagram", "google_business"]);
}, 60_000);
afterAll(() => db.$disconnect());

type Json = Record<string, any>;
const placementOf = (platform: TPlatform) => t.profiles[platform]!.placements[0]!.externalId!;
const postCount = () => db.post.count({ where: { accountId: t.account.id } });

// A PNG (real signature, 1x1) padded to `size` bytes.
const pngFile = (size: number, name = "photo.png") => {
  const bytes = new Uint8Array(size);
  bytes.set(PNG_BYTES);
  return new File([bytes], name, { type: "image/png" });
};

// POST /api/posts as multipart: `fields` are bracket-style keys, `files` go under media[].
const createMultipart = async (fields: [string, string][], files: File[]) => {
  const form = new FormData();
  for (const [key, value] of fields) form.append(key, value);
  for (const file of files) form.append("media[]", file);
  const res = await postsRoute.POST(
    new Request("http://localhost/api/posts", {
      method: "POST",
      headers: { authorization: `Bearer ${t.token}` },
      body: form,
    }),
    { params: Promise.resolve({}) },
  );
  return { status: res.status, json: (await res.json()) as Json };
};

// The rules check on its own, for one target network: what POST /api/posts runs first.
const check = (platform: TPlatform, media: MediaInput[], params: Record<string, unknown> = {}) =>
  checkAgainstRules({
    targets: [t.profiles[platform]!],
    body: "Sizes",
    media,
    thread: [],
    platforms: { [platform]: params },
  });
const image = (sizeBytes: number, url = "photo.png"): MediaInput => ({ url, contentType: "image/png", sizeBytes });
const video = (sizeBytes: number): MediaInput => ({ url: "clip.mp4", contentType: "video/mp4", sizeBytes });
const gif = (sizeBytes: number): MediaInput => ({ url: "loop.gif", contentType: "image/gif", sizeBytes });

describe("media sizes at POST /api/posts", () => {
  it("a 9 MB image to X is refused at creation: 422 naming the network and the field, nothing written", async () => {
    const before = await postCount();
    const res = await createMultipart(
      [
        ["post[body]", "A big photo"],
        ["profiles[]", "twitter"],
      ],
      [pngFile(9 * MB)],
    );
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(["twitter: media[0] is 9 MB (maximum 5 MB for images)"]);
    expect(res.json.error).toBe("twitter: media[0] is 9 MB (maximum 5 MB for images)");
    expect(await postCount()).toBe(before);
  });

  it("one network refusing the size refuses the whole post, even when the others take the file", async () => {
    const before = await postCount();
    const res = await createMultipart(
      [
        ["post[body]", "To X and Telegram"],
        ["profiles[]", "twitter"],
        ["profiles[]", "telegram"],
        ["platforms[telegram][chat_id]", placementOf("telegram")],
      ],
      [pngFile(9 * MB)], // Telegram takes photos up to 10 MB
    );
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(["twitter: media[0] is 9 MB (maximum 5 MB for images)"]);
    expect(await postCount()).toBe(before);

    // The same file to Telegram alone is accepted (a draft: nothing is published).
    const ok = await createMultipart(
      [
        ["post[body]", "To Telegram"],
        ["post[draft]", "true"],
        ["profiles[]", "telegram"],
        ["platforms[telegram][chat_id]", placementOf("telegram")],
      ],
      [pngFile(9 * MB)],
    );
    expect(ok.status).toBe(200);
    expect(ok.json.media).toMatchObject([{ status: "processed", content_type: "image/png" }]);
  });

  it("thread media are checked too, under their own field", () => {
    expect(() =>
      checkAgainstRules({
        targets: [t.profiles.bluesky!],
        body: "A chain",
        media: [],
        thread: [{ body: "with a photo", media: [image(2 * MB)] }],
        platforms: {},
      }),
    ).toThrow("bluesky: thread[0].media[0] is 2 MB (maximum 1 MB for images)");
  });
});

describe("each network's limit for the file's kind and the post's format", () => {
  it("images: X 5 MB, Bluesky 1 MB, Instagram 8 MB, Telegram 10 MB", () => {
    expect(() => check("twitter", [image(5 * MB)])).not.toThrow();
    expect(() => check("twitter", [image(5 * MB + 1)])).toThrow("twitter: media[0] is 5.000001 MB");
    expect(() => check("bluesky", [image(1.5 * MB)])).toThrow("bluesky: media[0] is 1.5 MB (maximum 1 MB for images)");
    expect(() => check("instagram", [image(7 * MB)])).not.toThrow();
    expect(() => check("instagram", [image(9 * MB)])).toThrow("instagram: media[0] is 9 MB (maximum 8 MB for images)");
    const telegram = { chat_id: placementOf("telegram") };
    expect(() => check("telegram", [image(9 * MB)], telegram)).not.toThrow();
    expect(() => check("telegram", [image(11 * MB)], telegram)).toThrow(
      "telegram: media[0] is 11 MB (maximum 10 MB for images)",
    );
  });

  it("GIFs are held to the image limit, as the contract's limits table gives them", () => {
    expect(() => check("twitter", [gif(4 * MB)])).not.toThrow();
    expect(() => check("twitter", [gif(6 * MB)])).toThrow("twitter: media[0] is 6 MB (maximum 5 MB for images)");
    expect(() => check("bluesky", [gif(2 * MB)])).toThrow("bluesky: media[0] is 2 MB (maximum 1 MB for images)");
  });

  it("videos: Bluesky 50 MB, X 512 MB, Instagram 300 MB on posts but 100 MB on stories", () => {
    expect(() => check("bluesky", [video(51 * MB)])).toThrow("bluesky: media[0] is 51 MB (maximum 50 MB for videos)");
    expect(() => check("twitter", [video(500 * MB)])).not.toThrow();
    expect(() => check("twitter", [video(513 * MB)])).toThrow(
      "twitter: media[0] is 513 MB (maximum 512 MB for videos)",
    );
    expect(() => check("instagram", [video(150 * MB)])).not.toThrow();
    expect(() => check("instagram", [video(150 * MB)], { format: "story" })).toThrow(
      "instagram: media[0] is 150 MB (maximum 100 MB for videos)",
    );
  });

  it("Google Business photos are 10 KB to 5 MB", () => {
    const photo = { format: "photo", location_id: placementOf("google_business") };
    expect(() => check("google_business", [image(2 * MB, "photo.jpg")], photo)).not.toThrow();
    expect(() => check("google_business", [image(6 * MB, "photo.jpg")], photo)).toThrow(
      "google_business: media[0] is 6 MB (maximum 5 MB for images)",
    );
    expect(() => check("google_business", [image(5 * 1024, "photo.jpg")], photo)).toThrow(
      "google_business: media[0] is 5 KB (minimum 10 KB for images)",
    );
  });

  it("a URL whose size is not known yet passes here (it is checked once downloaded, before publishing)", () => {
    expect(() => check("twitter", [{ url: "https://cdn.example.com/huge.png" }])).not.toThrow();
  });
});

describe("media sizes at PATCH /api/posts/:id", () => {
  it("media an edit keeps are checked with their stored size against the networks the edit adds", async () => {
    const draft = await createMultipart(
      [
        ["post[body]", "Instagram only"],
        ["post[draft]", "true"],
        ["profiles[]", "instagram"],
      ],
      [pngFile(7 * MB)], // Instagram takes images up to 8 MB
    );
    expect(draft.status).toBe(200);
    const id = draft.json.id as string;
    const patch = (body: unknown) =>
      callRoute(postRoute.PATCH, { path: `/api/posts/${id}`, token: t.token, body, params: { id } });
    const res = await patch({ profiles: ["instagram", "twitter"] });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual(["twitter: media[0] is 7 MB (maximum 5 MB for images)"]);
    const after = await callRoute(postRoute.GET, { path: `/api/posts/${id}`, token: t.token, params: { id } });
    expect((after.json.platforms as Json[]).map((p) => p.platform)).toEqual(["instagram"]);
    expect((await patch({ post: { body: "still Instagram only" } })).status).toBe(200);
  });
});
