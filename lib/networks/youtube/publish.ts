import { z } from "zod";
import { NetworkError } from "../errors";
import {
  accessTokenOf,
  googleDelete,
  googleJson,
  isRecent,
  pollUntil,
  readBack,
  rejected,
  sameText,
  withQuery,
} from "../google/api";
import { downloadNamedImage } from "../named-image";
import type { ConnectorContext, PublishInput, PublishMedia, PublishResult } from "../types";
import { YOUTUBE_THUMBNAIL_LIMITS, ZYouTubeParams, youtubeTitle, type YouTubeParams } from "./post-rules";
import { ZVideo, resumableUpload, type Video } from "./upload";

// Publishing a video: the resumable upload (upload.ts) with the metadata, a bounded wait for YouTube's
// processing verdict, then the custom thumbnail. The body is the description; the title is `title` or
// the body's first line (youtubeTitle).
//
// - snippet: title, description, tags (when given), categoryId (default 22).
// - status: privacyStatus, selfDeclaredMadeForKids (always sent), containsSyntheticMedia (when given).
// - cover_url (or cover_file): fetched and checked before anything is sent to YouTube (JPG, PNG, GIF or
//   BMP, at most 2 MB), then thumbnails.set once the video exists. A refused thumbnail (unverified
//   channel, ...) does not fail the publish: the video is live, and failing would invite a duplicate.
// - processing: videos.list?part=status,processingDetails while uploadStatus is "uploaded", at most
//   PROCESSING_POLLS times. "rejected" / "failed" / "deleted" fail the publish with YouTube's reason;
//   still processing after that is published (the watch page exists and says so).
//
// findPublished: YouTube takes no client reference, so the read-back lists the channel's uploads
// playlist (channels?part=contentDetails&mine=true -> relatedPlaylists.uploads, then playlistItems,
// newest first) and matches the title, the description and an upload within READ_BACK_WINDOW_MS.
//
// deletePublished: DELETE {api_url}/videos?id=… (204; needs youtube.force-ssl, which the profile has). A
// video that is already gone (404 videoNotFound) counts as deleted.

export type YouTubePublishSettings = { api_url: string; upload_url: string };
type Ctx = ConnectorContext<YouTubePublishSettings>;

const PROCESSING_POLLS = 12;
const PROCESSING_INTERVAL_MS = 5_000;
const THUMBNAIL_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/bmp": "bmp",
};

export const watchUrl = (videoId: string) => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
const api = (ctx: Ctx, path: string) => `${ctx.settings.api_url.replace(/\/+$/, "")}${path}`;

const paramsOf = (input: PublishInput): YouTubeParams => {
  const parsed = ZYouTubeParams.safeParse(input.params);
  if (!parsed.success)
    throw rejected(
      `Invalid YouTube parameters: ${parsed.error.issues.map((i) => i.message).join("; ")}`,
      "invalid_params",
    );
  return parsed.data;
};

export const videoResource = (params: YouTubeParams, body: string) => ({
  snippet: {
    title: youtubeTitle(params, body),
    description: body,
    ...(params.tags?.length && { tags: params.tags }),
    categoryId: params.category_id,
  },
  status: {
    privacyStatus: params.privacy_status,
    selfDeclaredMadeForKids: params.made_for_kids,
    ...(params.contains_synthetic_media !== undefined && { containsSyntheticMedia: params.contains_synthetic_media }),
  },
});

type Thumbnail = { bytes: Uint8Array; contentType: string };

// `type` is named in the refusal only for the caller's own file part: of a downloaded cover, the caller
// learns nothing about what the URL answered (see named-image.ts).
const checkedThumbnail = (
  bytes: Uint8Array,
  type: string | null | undefined,
  field: string,
  named = true,
): Thumbnail => {
  const contentType = (type ?? "").split(";")[0]!.trim().toLowerCase();
  if (!THUMBNAIL_TYPES[contentType])
    throw rejected(
      `${field} must be a JPG, PNG, GIF or BMP image${named ? ` (got ${contentType || "an unknown type"})` : ""}`,
      "invalidThumbnail",
    );
  if (bytes.byteLength > YOUTUBE_THUMBNAIL_LIMITS.maxBytes)
    throw rejected(`${field} is larger than 2 MB`, "invalidThumbnail");
  return { bytes, contentType: contentType === "image/jpg" ? "image/jpeg" : contentType };
};

// The custom thumbnail's bytes, before the upload starts (a bad cover refuses the post without
// creating anything). cover_file is a file part (Blob) or, once stored, its URL.
const loadThumbnail = async (params: YouTubeParams): Promise<Thumbnail | null> => {
  const file = params.cover_file;
  if (file instanceof Blob) return checkedThumbnail(new Uint8Array(await file.arrayBuffer()), file.type, "cover_file");
  const url = params.cover_url ?? (typeof file === "string" && /^https?:\/\//i.test(file) ? file : undefined);
  if (!url) {
    if (file !== undefined)
      throw rejected("cover_file could not be read (expected the uploaded file or its URL)", "invalidThumbnail");
    return null;
  }
  const field = params.cover_url ? "cover_url" : "cover_file";
  const image = await downloadNamedImage(url, field, {
    maxBytes: YOUTUBE_THUMBNAIL_LIMITS.maxBytes,
    tooLarge: `${field} is larger than 2 MB`,
    refuse: (message) => rejected(message, "invalidThumbnail"),
  });
  return checkedThumbnail(image.bytes, image.contentType, field, false);
};

// POST {upload_url}/thumbnails/set?videoId=…&uploadType=media with the image bytes.
const setThumbnail = async (ctx: Ctx, input: PublishInput, videoId: string, thumbnail: Thumbnail) => {
  const url = withQuery(`${ctx.settings.upload_url.replace(/\/+$/, "")}/thumbnails/set`, {
    videoId,
    uploadType: "media",
  });
  try {
    const res = await ctx.fetch(url, {
      method: "POST",
      headers: { authorization: `Bearer ${accessTokenOf(input.auth)}`, "content-type": thumbnail.contentType },
      body: thumbnail.bytes as Uint8Array<ArrayBuffer>,
    });
    await res.body?.cancel();
  } catch {
    // see the header: the video is published either way
  }
};

const ZVideoList = z.object({ items: z.array(ZVideo).optional() });
const FAILED = new Set(["rejected", "failed", "deleted"]);

// YouTube's verdict on the upload, waited for a little while.
const awaitProcessing = async (ctx: Ctx, input: PublishInput, video: Video) => {
  let status = video.status;
  if (status?.uploadStatus === "uploaded") {
    const url = withQuery(api(ctx, "/videos"), { part: "status,processingDetails", id: video.id });
    const read = async () =>
      (await googleJson(ctx, url, input.auth, { schema: ZVideoList, what: "videos.list" })).items?.[0]?.status;
    status =
      (await pollUntil(
        ctx,
        { attempts: PROCESSING_POLLS, intervalMs: PROCESSING_INTERVAL_MS },
        read,
        (s) => s?.uploadStatus !== "uploaded",
      )) ?? status;
  }
  if (status?.uploadStatus && FAILED.has(status.uploadStatus)) {
    const reason = status.rejectionReason ?? status.failureReason ?? status.uploadStatus;
    throw rejected(`YouTube ${status.uploadStatus} the video (${reason})`, reason, status.uploadStatus);
  }
};

const theVideo = (media: PublishMedia[]): PublishMedia => {
  const video = media.find((m) => m.kind === "video") ?? media[0];
  if (!video) throw rejected("YouTube needs one video", "mediaBodyRequired");
  return video;
};

export const publishVideo = async (ctx: Ctx, input: PublishInput): Promise<PublishResult> => {
  const params = paramsOf(input);
  const media = theVideo(input.media);
  const token = accessTokenOf(input.auth);
  const thumbnail = await loadThumbnail(params);
  const bytes = await media.read();
  if (bytes.byteLength === 0) throw rejected("The video file is empty", "mediaBodyRequired");
  const video = await resumableUpload(ctx, {
    token,
    metadata: videoResource(params, input.body),
    bytes,
    contentType: media.contentType || "video/*",
  });
  await awaitProcessing(ctx, input, video);
  if (thumbnail) await setThumbnail(ctx, input, video.id, thumbnail);
  return { externalId: video.id, url: watchUrl(video.id) };
};

const ZChannelUploads = z.object({
  items: z
    .array(
      z.object({
        contentDetails: z
          .object({ relatedPlaylists: z.object({ uploads: z.string().optional() }).optional() })
          .optional(),
      }),
    )
    .optional(),
});
const ZPlaylistItems = z.object({
  items: z
    .array(
      z.object({
        snippet: z.object({
          title: z.string().optional(),
          description: z.string().optional(),
          publishedAt: z.string().optional(),
          resourceId: z.object({ videoId: z.string().optional() }).optional(),
        }),
        contentDetails: z.object({ videoId: z.string().optional() }).optional(),
      }),
    )
    .optional(),
  nextPageToken: z.string().optional(),
});

const READ_BACK_PAGES = 3;

export const findPublishedVideo = (ctx: Ctx, input: PublishInput): Promise<PublishResult | null> =>
  readBack("video", async () => {
    const params = paramsOf(input);
    const title = youtubeTitle(params, input.body);
    const channels = await googleJson(
      ctx,
      withQuery(api(ctx, "/channels"), { part: "contentDetails", mine: "true" }),
      input.auth,
      {
        schema: ZChannelUploads,
        what: "channels.list",
      },
    );
    const uploads = channels.items?.[0]?.contentDetails?.relatedPlaylists?.uploads;
    if (!uploads) return null; // no channel, or a channel that has never had an upload
    let pageToken: string | undefined;
    for (let page = 0; page < READ_BACK_PAGES; page++) {
      const url = withQuery(api(ctx, "/playlistItems"), {
        part: "snippet,contentDetails",
        playlistId: uploads,
        maxResults: "50",
        pageToken,
      });
      const list = await googleJson(ctx, url, input.auth, { schema: ZPlaylistItems, what: "playlistItems.list" });
      const items = list.items ?? [];
      const match = items
        .filter(
          (i) =>
            sameText(i.snippet.title, title) &&
            sameText(i.snippet.description, input.body) &&
            isRecent(i.snippet.publishedAt),
        )
        .sort((a, b) => Date.parse(b.snippet.publishedAt!) - Date.parse(a.snippet.publishedAt!))[0];
      const videoId = match?.contentDetails?.videoId ?? match?.snippet.resourceId?.videoId;
      if (videoId) return { externalId: videoId, url: watchUrl(videoId) };
      // The playlist is newest first: once a page reaches past the window, nothing older can match.
      if (!list.nextPageToken || items.some((i) => !isRecent(i.snippet.publishedAt))) return null;
      pageToken = list.nextPageToken;
    }
    throw new NetworkError(
      "outcome_unknown",
      "Too many recent uploads on the channel to tell whether the video was published",
    );
  });

export const deletePublishedVideo = async (
  ctx: Ctx,
  input: { auth: PublishInput["auth"]; externalId: string },
): Promise<void> => {
  if (!input.externalId.trim()) throw rejected("No YouTube video id to delete", "invalid_id");
  await googleDelete(ctx, withQuery(api(ctx, "/videos"), { id: input.externalId }), input.auth);
};
