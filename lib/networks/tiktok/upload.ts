import { NetworkError } from "../errors";
import { readJson } from "../http";
import type { PublishMedia } from "../types";
import type { TikTokCtx } from "./api";
import { mapTikTokError } from "./errors";

// The video's source_info: PULL_FROM_URL with our hosted copy, or FILE_UPLOAD with TikTok's chunk plan.
// TikTok's rules: a video up to one chunk goes whole; otherwise total_chunk_count = floor(size / chunk)
// and the last chunk carries the remainder. Each chunk is a PUT to the init answer's upload_url with
// Content-Range (206 while parts are missing, 201 once the file is complete). The upload URL is signed:
// no bearer token goes with it.

export type VideoSource = { source_info: Record<string, unknown>; bytes: Uint8Array | null };

export const videoSource = async (ctx: TikTokCtx, media: PublishMedia): Promise<VideoSource> => {
  if (ctx.settings.video_source === "PULL_FROM_URL")
    return { source_info: { source: "PULL_FROM_URL", video_url: media.url }, bytes: null };
  const bytes = await media.read();
  const size = bytes.byteLength;
  const chunk = Math.min(size, ctx.settings.upload_chunk_bytes);
  return {
    source_info: {
      source: "FILE_UPLOAD",
      video_size: size,
      chunk_size: chunk,
      total_chunk_count: Math.max(1, Math.floor(size / chunk)),
    },
    bytes,
  };
};

export const uploadChunks = async (
  ctx: TikTokCtx,
  uploadUrl: string | undefined,
  media: PublishMedia,
  { source_info, bytes }: VideoSource,
) => {
  if (!bytes) return;
  if (!uploadUrl) throw new NetworkError("outcome_unknown", "TikTok answered the upload init without an upload_url");
  const size = bytes.byteLength;
  const chunk = Number(source_info.chunk_size);
  const count = Number(source_info.total_chunk_count);
  for (let i = 0; i < count; i++) {
    const first = i * chunk;
    const last = i === count - 1 ? size - 1 : first + chunk - 1;
    const res = await ctx.fetch(uploadUrl, {
      method: "PUT",
      headers: { "content-type": media.contentType, "content-range": `bytes ${first}-${last}/${size}` },
      body: bytes.subarray(first, last + 1) as Uint8Array<ArrayBuffer>,
    });
    if (!res.ok) await readJson({ mapError: mapTikTokError }, res);
    else await res.body?.cancel();
  }
};
