import { NetworkError, details } from "../errors";
import type { ConnectorContext, ProfileAuth, PublishMedia } from "../types";
import { xCall } from "./api";

// Media upload v2 (X API v2): images up to 5 MB in one request (POST /2/media/upload, multipart `media`
// + `media_category`); GIFs and videos (and any larger image) through the chunked session
// (initialize {media_type, total_bytes, media_category} -> {id}; append multipart `media` +
// `segment_index`; finalize), then, while finalize's processing_info is pending or in_progress, poll
// GET /2/media/upload?command=STATUS&media_id=… after check_after_secs. Alt text: POST /2/media/metadata.

type Ctx = ConnectorContext<{ api_url: string }>;

export const SIMPLE_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const CHUNK_BYTES = 4 * 1024 * 1024; // append segments (X takes at most 5 MB per segment)
const MAX_STATUS_POLLS = 60;
const MAX_PROCESSING_WAIT_MS = 15 * 60 * 1000;

type Category = "tweet_image" | "tweet_gif" | "tweet_video";
type ProcessingInfo = {
  state?: string;
  check_after_secs?: number;
  progress_percent?: number;
  error?: { code?: number; name?: string; message?: string };
};
type MediaAnswer = { data?: { id?: string; media_key?: string; processing_info?: ProcessingInfo } };

const categoryOf = (media: PublishMedia): Category => {
  const type = media.contentType.split(";")[0]!.trim().toLowerCase();
  if (media.kind === "gif" || type === "image/gif") return "tweet_gif";
  if (media.kind === "image" || type.startsWith("image/")) return "tweet_image";
  if (media.kind === "video" || type.startsWith("video/")) return "tweet_video";
  throw new NetworkError(
    "rejected",
    `X takes images, GIFs and videos, not ${type || "this file"}`,
    details("unsupported_media", null, type),
  );
};

const mediaTypeOf = (media: PublishMedia, category: Category) => {
  const type = media.contentType.split(";")[0]!.trim().toLowerCase();
  if (type) return type === "image/jpg" ? "image/jpeg" : type;
  return category === "tweet_gif" ? "image/gif" : category === "tweet_video" ? "video/mp4" : "image/jpeg";
};

const blobOf = (bytes: Uint8Array, type: string) => new Blob([new Uint8Array(bytes)], { type }); // a copy (at most one 5 MB file or 4 MB segment) on its own ArrayBuffer

const simpleUpload = async (
  ctx: Ctx,
  auth: ProfileAuth,
  media: PublishMedia,
  category: Category,
  bytes: Uint8Array,
) => {
  const form = new FormData();
  form.append("media", blobOf(bytes, mediaTypeOf(media, category)), "media");
  form.append("media_category", category);
  return xCall<MediaAnswer>(ctx, auth, "POST", "/2/media/upload", { body: { form } });
};

const chunkedUpload = async (
  ctx: Ctx,
  auth: ProfileAuth,
  media: PublishMedia,
  category: Category,
  bytes: Uint8Array,
) => {
  const type = mediaTypeOf(media, category);
  const init = await xCall<MediaAnswer>(ctx, auth, "POST", "/2/media/upload/initialize", {
    body: { json: { media_type: type, total_bytes: bytes.byteLength, media_category: category } },
  });
  const id = init.data?.id;
  if (!id) throw new NetworkError("outcome_unknown", "X started no upload session (no media id)");
  for (let offset = 0, segment = 0; offset < bytes.byteLength; offset += CHUNK_BYTES, segment++) {
    const form = new FormData();
    form.append("media", blobOf(bytes.subarray(offset, offset + CHUNK_BYTES), "application/octet-stream"), "media");
    form.append("segment_index", String(segment));
    await xCall<unknown>(ctx, auth, "POST", `/2/media/upload/${id}/append`, { body: { form } });
  }
  return xCall<MediaAnswer>(ctx, auth, "POST", `/2/media/upload/${id}/finalize`);
};

const processingFailed = (info: ProcessingInfo) =>
  new NetworkError(
    "rejected",
    `X could not process the media${info.error?.message ? `: ${info.error.message}` : ""}`,
    details(
      info.error?.name ?? info.error?.code ?? "media_processing_failed",
      null,
      info.error?.message ?? "processing failed",
    ),
  );

// Waits for processing to end (videos and GIFs). Bounded: a file still processing after the bound fails
// this attempt as rate_limited, nothing having been posted, so the publish is simply tried again later.
const awaitProcessing = async (ctx: Ctx, auth: ProfileAuth, id: string, first: ProcessingInfo | undefined) => {
  const sleep = ctx.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let info = first;
  let waited = 0;
  for (let poll = 0; info && info.state !== "succeeded"; poll++) {
    if (info.state === "failed") throw processingFailed(info);
    if (poll >= MAX_STATUS_POLLS || waited >= MAX_PROCESSING_WAIT_MS) {
      throw new NetworkError(
        "rate_limited",
        "X is still processing the media; the post will be tried again",
        details("media_processing_timeout", null, null),
        60_000,
      );
    }
    const wait = Math.min(Math.max(info.check_after_secs ?? 1, 1), 60) * 1000;
    await sleep(wait);
    waited += wait;
    const status = await xCall<MediaAnswer>(ctx, auth, "GET", "/2/media/upload", {
      query: { command: "STATUS", media_id: id },
    });
    info = status.data?.processing_info;
  }
};

// Uploads one file and returns its media id, ready to attach (processed, alt text set).
export const uploadMedia = async (
  ctx: Ctx,
  auth: ProfileAuth,
  media: PublishMedia,
  altText: string | undefined,
): Promise<string> => {
  const category = categoryOf(media);
  const bytes = await media.read();
  const simple = category === "tweet_image" && bytes.byteLength <= SIMPLE_UPLOAD_MAX_BYTES;
  const answer = simple
    ? await simpleUpload(ctx, auth, media, category, bytes)
    : await chunkedUpload(ctx, auth, media, category, bytes);
  const id = answer.data?.id;
  if (!id) throw new NetworkError("outcome_unknown", "X answered the upload without a media id");
  await awaitProcessing(ctx, auth, id, answer.data?.processing_info);
  if (altText?.trim()) {
    await xCall<unknown>(ctx, auth, "POST", "/2/media/metadata", {
      body: { json: { id, metadata: { alt_text: { text: altText } } } },
    });
  }
  return id;
};

// `alt_text`: one text for every item, or one per item in order.
export const altTextFor = (alt: unknown, index: number): string | undefined =>
  typeof alt === "string"
    ? alt
    : Array.isArray(alt) && typeof alt[index] === "string"
      ? (alt[index] as string)
      : undefined;
