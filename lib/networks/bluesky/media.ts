import { NetworkError } from "../errors";
import type { PublishMedia } from "../types";
import { xrpcUpload, type BlueskyCtx } from "./xrpc";

// Media of a post: every file is uploaded to the PDS with com.atproto.repo.uploadBlob (the bytes from
// read(), with their Content-Type), and the returned blob references go into the post's embed:
//   - up to 4 images (GIFs among them): app.bsky.embed.images, each with `alt` (required by the lexicon,
//     empty when none was given) and its aspectRatio when the file's header tells it (PNG, GIF, JPEG, WebP);
//   - one video: app.bsky.embed.video with `alt`. This is the documented "simple method": the video
//     service (video.bsky.app, app.bsky.video.uploadVideo with a service-auth token) only pre-processes
//     the file so it plays as soon as the post appears; with a blob on the PDS it is processed when the
//     post reaches the firehose, and shows as processing for a few seconds. A self-hosted PDS has no video
//     service at all, so the blob path is the one that works everywhere.

export const MAX_IMAGES = 4;

type Blob = { $type: "blob"; ref: { $link: string }; mimeType: string; size: number };
type AspectRatio = { width: number; height: number };

export type Embed =
  | { $type: "app.bsky.embed.images"; images: { image: Blob; alt: string; aspectRatio?: AspectRatio }[] }
  | { $type: "app.bsky.embed.video"; video: Blob; alt?: string; aspectRatio?: AspectRatio };

// Width and height from the first bytes of common image formats; null when not recognised.
export const imageSize = (b: Uint8Array): AspectRatio | null => {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const ascii = (at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
  const size = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
  if (b.length >= 24 && ascii(1, 3) === "PNG" && ascii(12, 4) === "IHDR")
    return size(view.getUint32(16), view.getUint32(20));
  if (b.length >= 10 && ascii(0, 3) === "GIF") return size(view.getUint16(6, true), view.getUint16(8, true));
  if (b.length >= 32 && ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") {
    const chunk = ascii(12, 4);
    if (chunk === "VP8X")
      return size(1 + (view.getUint32(24, true) & 0xffffff), 1 + (view.getUint32(27, true) & 0xffffff));
    if (chunk === "VP8 ") return size(view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff);
    if (chunk === "VP8L") {
      const bits = view.getUint32(21, true);
      return size((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
    }
    return null;
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    // JPEG: walk the segments to the first start-of-frame marker (C0-CF, except C4 DHT, C8 and CC DAC).
    let at = 2;
    while (at + 9 < b.length && b[at] === 0xff) {
      const marker = b[at + 1]!;
      const length = view.getUint16(at + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return size(view.getUint16(at + 7), view.getUint16(at + 5));
      at += 2 + length;
    }
  }
  return null;
};

const uploadBlob = async (
  ctx: BlueskyCtx,
  token: string,
  media: PublishMedia,
): Promise<{ blob: Blob; bytes: Uint8Array }> => {
  const bytes = await media.read();
  const { blob } = await xrpcUpload<{ blob: Blob }>(
    ctx,
    "com.atproto.repo.uploadBlob",
    bytes,
    media.contentType || "application/octet-stream",
    token,
  );
  return { blob, bytes };
};

const isVideo = (m: PublishMedia) => m.kind === "video" || (m.kind === "unknown" && m.contentType.startsWith("video/"));
const isImage = (m: PublishMedia) =>
  m.kind === "image" || m.kind === "gif" || (m.kind === "unknown" && m.contentType.startsWith("image/"));

// The alt text of item `i`: a string describes every item, a list goes item by item.
const altFor = (alt: unknown, i: number): string =>
  typeof alt === "string" ? alt : Array.isArray(alt) && typeof alt[i] === "string" ? alt[i] : "";

export const embedFor = async (
  ctx: BlueskyCtx,
  token: string,
  media: PublishMedia[],
  alt: unknown,
): Promise<Embed | null> => {
  if (media.length === 0) return null;
  const videos = media.filter(isVideo);
  if (videos.length > 0) {
    if (media.length > 1) throw new NetworkError("rejected", "A Bluesky post takes one video, without other media");
    const { blob } = await uploadBlob(ctx, token, videos[0]!);
    const text = altFor(alt, 0);
    return { $type: "app.bsky.embed.video", video: blob, ...(text && { alt: text }) };
  }
  if (!media.every(isImage)) throw new NetworkError("rejected", "Bluesky posts take images or one video only");
  if (media.length > MAX_IMAGES)
    throw new NetworkError("rejected", `A Bluesky post takes at most ${MAX_IMAGES} images (got ${media.length})`);
  const images: Extract<Embed, { $type: "app.bsky.embed.images" }>["images"] = [];
  for (const [i, item] of media.entries()) {
    const { blob, bytes } = await uploadBlob(ctx, token, item);
    const aspectRatio = imageSize(bytes);
    images.push({ image: blob, alt: altFor(alt, i), ...(aspectRatio && { aspectRatio }) });
  }
  return { $type: "app.bsky.embed.images", images };
};
