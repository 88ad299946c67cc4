import { randomBytes } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { googleApiError, type FakeGoogleUser, type Reply } from "./google-apis";

// The YouTube half of the Google fake's publishing and stats (testing/fakes/google.ts): the resumable
// upload protocol (POST …/upload/youtube/v3/videos?uploadType=resumable -> Location session URI; PUT
// chunks with Content-Range -> 308 Resume Incomplete with Range, or the video resource once every byte
// is in; PUT `bytes */TOTAL` asks for the status), thumbnails.set, videos.list (status,
// processingDetails, statistics, snippet), videos.delete (204; the video is removed, so reads no
// longer see it), playlistItems.list on a channel's uploads playlist.
// Uploaded videos stay "uploaded" (processing) for `config.processingPolls` videos.list reads, then
// take `config.nextVerdict` (processed unless scripted). Everything created is kept for assertions.

export type FakeVideo = {
  id: string;
  ownerSub: string;
  snippet: {
    title: string;
    description: string;
    tags?: string[];
    categoryId: string;
    publishedAt: string;
    channelId: string;
    channelTitle: string;
  };
  status: Record<string, unknown> & { uploadStatus: string; privacyStatus: string };
  bytes: Buffer;
  contentType: string;
  thumbnail: { bytes: Buffer; contentType: string } | null;
  statistics: {
    viewCount: string;
    likeCount: string;
    dislikeCount: string;
    favoriteCount: string;
    commentCount: string;
  };
  pendingPolls: number;
  verdict:
    | { uploadStatus: "processed" }
    | { uploadStatus: "rejected"; rejectionReason: string }
    | { uploadStatus: "failed"; failureReason: string };
};
type Session = {
  sub: string;
  metadata: { snippet: Record<string, unknown>; status: Record<string, unknown> };
  total: number | null;
  contentType: string;
  received: Buffer;
  video: FakeVideo | null;
};
type Req = { user: FakeGoogleUser; url: URL; headers: IncomingHttpHeaders; raw: Buffer };

const CATEGORIES = new Set(["1", "2", "10", "15", "17", "19", "20", "22", "23", "24", "25", "26", "27", "28", "29"]);
const THUMBNAIL_TYPES = new Set(["image/jpeg", "image/png", "image/gif", "image/bmp", "application/octet-stream"]);
const id = (n: number) => randomBytes(n).toString("base64url").slice(0, n);
const yt = (
  status: number,
  googleStatus: string,
  message: string,
  reason: string,
  domain = "youtube.video",
): Reply => ({
  status,
  body: googleApiError(status, googleStatus, message, { reason, domain }),
});
const badRequest = (message: string, reason: string, domain = "youtube.video") =>
  yt(400, "INVALID_ARGUMENT", message, reason, domain);
const angle = /[<>]/;
export const uploadsPlaylistOf = (channelId: string) => `UU${channelId.slice(2)}`;

export const fakeYouTube = ({
  origin,
  uploadPath,
  users,
}: {
  origin: () => string;
  uploadPath: string;
  users: Map<string, FakeGoogleUser>;
}) => {
  const videos = new Map<string, FakeVideo>();
  const sessions = new Map<string, Session>();
  const deleted = new Set<string>();
  const config = {
    processingPolls: 1, // videos.list reads before processing ends (0: processed at once)
    nextVerdict: null as FakeVideo["verdict"] | null, // the next upload's verdict (default processed)
    acceptPerPut: null as number | null, // Google keeps at most this many new bytes per PUT (308 with Range)
    thumbnailsAllowed: true, // false: thumbnails.set answers 403 forbidden (unverified channel)
  };

  const videoOf = (
    sub: string,
    metadata: Session["metadata"],
    bytes: Buffer,
    contentType: string,
    seeded?: { publishedAt?: string },
  ): FakeVideo => {
    const processingPolls = seeded ? 0 : config.processingPolls;
    const verdict = (seeded ? null : config.nextVerdict) ?? { uploadStatus: "processed" as const };
    if (!seeded) config.nextVerdict = null;
    const user = users.get(sub)!;
    const s = metadata.snippet;
    const st = metadata.status;
    const video: FakeVideo = {
      id: id(11),
      ownerSub: sub,
      snippet: {
        title: String(s.title),
        description: String(s.description ?? ""),
        ...(Array.isArray(s.tags) && { tags: s.tags as string[] }),
        categoryId: String(s.categoryId ?? "22"),
        publishedAt: seeded?.publishedAt ?? new Date().toISOString(),
        channelId: user.channel!.id,
        channelTitle: user.channel!.title,
      },
      status: {
        uploadStatus: "uploaded",
        privacyStatus: String(st.privacyStatus ?? "public"),
        license: "youtube",
        embeddable: true,
        publicStatsViewable: true,
        madeForKids: st.selfDeclaredMadeForKids === true,
        selfDeclaredMadeForKids: st.selfDeclaredMadeForKids === true,
        ...(typeof st.containsSyntheticMedia === "boolean" && { containsSyntheticMedia: st.containsSyntheticMedia }),
      },
      bytes,
      contentType,
      thumbnail: null,
      statistics: { viewCount: "1532", likeCount: "87", dislikeCount: "3", favoriteCount: "0", commentCount: "12" },
      pendingPolls: processingPolls,
      verdict,
    };
    if (video.pendingPolls === 0) Object.assign(video.status, video.verdict);
    videos.set(video.id, video);
    return video;
  };

  const resource = (v: FakeVideo, parts: string[]) => ({
    kind: "youtube#video",
    etag: `etag-${v.id}`,
    id: v.id,
    ...(parts.includes("snippet") && {
      snippet: {
        ...v.snippet,
        thumbnails: { default: { url: `https://i.ytimg.com/vi/${v.id}/default.jpg`, width: 120, height: 90 } },
        liveBroadcastContent: "none",
      },
    }),
    ...(parts.includes("status") && { status: v.status }),
    ...(parts.includes("statistics") && { statistics: v.statistics }),
    ...(parts.includes("processingDetails") && {
      processingDetails: {
        processingStatus:
          { uploaded: "processing", processed: "succeeded", rejected: "terminated", failed: "failed" }[
            v.status.uploadStatus
          ] ?? "processing",
      },
    }),
  });

  const metadataIssue = ({ snippet, status }: Session["metadata"]): Reply | null => {
    const title = snippet.title;
    if (typeof title !== "string" || !title.trim() || [...title].length > 100 || angle.test(title))
      return badRequest("The request metadata specifies an invalid or empty video title.", "invalidTitle");
    const description = snippet.description ?? "";
    if (typeof description !== "string" || Buffer.byteLength(description) > 5000 || angle.test(description))
      return badRequest("The request metadata specifies an invalid video description.", "invalidDescription");
    const tags = snippet.tags ?? [];
    if (!Array.isArray(tags) || tags.some((t) => typeof t !== "string" || angle.test(t)) || tags.join(",").length > 500)
      return badRequest("The request metadata specifies invalid video keywords.", "invalidTags");
    if (snippet.categoryId !== undefined && !CATEGORIES.has(String(snippet.categoryId)))
      return badRequest("The video category specified in the request is invalid.", "invalidCategoryId");
    if (status.privacyStatus !== undefined && !["public", "unlisted", "private"].includes(String(status.privacyStatus)))
      return badRequest("The request metadata specifies an invalid privacy status.", "invalidVideoMetadata");
    if (status.selfDeclaredMadeForKids !== undefined && typeof status.selfDeclaredMadeForKids !== "boolean")
      return badRequest("Invalid value for selfDeclaredMadeForKids.", "invalidVideoMetadata");
    return null;
  };

  // POST {upload}/videos?uploadType=resumable&part=…: opens a session.
  const insert = ({ user, url, headers, raw }: Req): Reply => {
    if (url.searchParams.get("uploadType") !== "resumable")
      return badRequest("The fake only takes uploadType=resumable", "badRequest", "global");
    const parts = (url.searchParams.get("part") ?? "").split(",");
    let metadata: Session["metadata"];
    try {
      metadata = JSON.parse(raw.toString("utf8")) as Session["metadata"];
    } catch {
      return badRequest("Invalid JSON payload received.", "parseError", "global");
    }
    if (!metadata?.snippet || !metadata.status || !parts.includes("snippet") || !parts.includes("status"))
      return badRequest("The request must name part=snippet,status and carry both.", "invalidPart", "youtube.part");
    const issue = metadataIssue(metadata);
    if (issue) return issue;
    const type = String(headers["x-upload-content-type"] ?? "video/*");
    if (!/^(video\/|application\/octet-stream)/.test(type))
      return badRequest(`Media type '${type}' is not supported.`, "invalidMetadata");
    const length = headers["x-upload-content-length"] === undefined ? null : Number(headers["x-upload-content-length"]);
    if (!user.channel) return yt(401, "UNAUTHENTICATED", "Unauthorized", "youtubeSignupRequired", "youtube.header");
    const uploadId = id(24);
    sessions.set(uploadId, {
      sub: user.sub,
      metadata,
      total: length,
      contentType: type,
      received: Buffer.alloc(0),
      video: null,
    });
    const location = new URL(`${origin()}${uploadPath}/videos`);
    location.search = new URLSearchParams({
      uploadType: "resumable",
      part: parts.join(","),
      upload_id: uploadId,
    }).toString();
    return { status: 200, body: "", headers: { location: location.toString(), "x-guploader-uploadid": uploadId } };
  };

  const incomplete = (s: Session): Reply => ({
    status: 308,
    body: "",
    headers: s.received.length > 0 ? { range: `bytes=0-${s.received.length - 1}` } : {},
  });

  // PUT {session URI}: a chunk, the whole file, or `bytes */TOTAL` (status).
  const upload = ({ url, headers, raw }: Omit<Req, "user">): Reply => {
    const s = sessions.get(url.searchParams.get("upload_id") ?? "");
    if (!s) return { status: 404, body: "Not Found" };
    const range = String(headers["content-range"] ?? "");
    const status = /^bytes \*\/(\d+)$/.exec(range);
    const chunk = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(range);
    const total = Number(status?.[1] ?? chunk?.[3] ?? raw.length);
    if (s.total !== null && total !== s.total)
      return badRequest("The Content-Range total does not match X-Upload-Content-Length", "badContent", "global");
    s.total = total;
    if (s.video) return { status: 200, body: resource(s.video, ["snippet", "status"]) };
    if (status) return incomplete(s);
    const start = chunk ? Number(chunk[1]) : 0;
    if (chunk && Number(chunk[2]) - start + 1 !== raw.length)
      return badRequest("The Content-Range does not match the body", "badContent", "global");
    if (start > s.received.length)
      return badRequest("The chunk starts past the bytes received", "badContent", "global");
    let fresh = raw.subarray(s.received.length - start);
    if (config.acceptPerPut !== null) fresh = fresh.subarray(0, config.acceptPerPut);
    s.received = Buffer.concat([s.received, fresh]);
    if (s.received.length < total) return incomplete(s);
    s.video = videoOf(s.sub, s.metadata, s.received, s.contentType);
    return { status: 201, body: resource(s.video, ["snippet", "status"]) };
  };

  // POST {upload}/thumbnails/set?videoId=…
  const setThumbnail = ({ user, url, headers, raw }: Req): Reply => {
    const video = videos.get(url.searchParams.get("videoId") ?? "");
    if (!video)
      return yt(404, "NOT_FOUND", "The video that you are trying to update cannot be found.", "videoNotFound");
    if (video.ownerSub !== user.sub || !config.thumbnailsAllowed)
      return yt(
        403,
        "PERMISSION_DENIED",
        "The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
        "forbidden",
        "youtube.thumbnail",
      );
    if (raw.length === 0)
      return badRequest("The request does not include the image content.", "mediaBodyRequired", "youtube.thumbnail");
    const type = String(headers["content-type"] ?? "")
      .split(";")[0]!
      .trim();
    if (!THUMBNAIL_TYPES.has(type))
      return badRequest(`Media type '${type}' is not supported.`, "invalidImage", "youtube.thumbnail");
    if (raw.length > 2 * 1024 * 1024)
      return badRequest("The thumbnail image file is too large.", "invalidImage", "youtube.thumbnail");
    video.thumbnail = { bytes: raw, contentType: type };
    const size = (name: string, width: number, height: number) => ({
      url: `https://i.ytimg.com/vi/${video.id}/${name}.jpg`,
      width,
      height,
    });
    return {
      status: 200,
      body: {
        kind: "youtube#thumbnailSetResponse",
        etag: `etag-thumb-${video.id}`,
        items: [
          { default: size("default", 120, 90), medium: size("mqdefault", 320, 180), high: size("hqdefault", 480, 360) },
        ],
      },
    };
  };

  const visibleTo = (v: FakeVideo, user: FakeGoogleUser) =>
    v.ownerSub === user.sub || v.status.privacyStatus !== "private";

  // GET videos?part=…&id=a,b
  const list = ({ user, url }: Req): Reply => {
    const parts = (url.searchParams.get("part") ?? "").split(",").filter(Boolean);
    if (parts.length === 0)
      return badRequest("Required parameter: part", "missingRequiredParameter", "youtube.parameter");
    const ids = (url.searchParams.get("id") ?? "").split(",").filter(Boolean);
    if (ids.length === 0)
      return badRequest(
        "No filter selected. Expected one of: myRating, chart, id.",
        "missingRequiredParameter",
        "youtube.parameter",
      );
    const items = ids.flatMap((vid) => {
      const v = videos.get(vid);
      if (!v || !visibleTo(v, user)) return [];
      if (v.pendingPolls > 0 && --v.pendingPolls === 0) Object.assign(v.status, v.verdict);
      return [resource(v, parts)];
    });
    return {
      status: 200,
      body: {
        kind: "youtube#videoListResponse",
        etag: "etag-videos",
        items,
        pageInfo: { totalResults: items.length, resultsPerPage: items.length },
      },
    };
  };

  // DELETE videos?id=…: 204 No Content. An unknown (or already deleted) id is 404 videoNotFound; a video
  // of another channel is 403 forbidden. Deleted ids are kept in `deleted` for assertions.
  const remove = ({ user, url }: Req): Reply => {
    const vid = url.searchParams.get("id");
    if (!vid) return badRequest("Required parameter: id", "missingRequiredParameter", "youtube.parameter");
    const v = videos.get(vid);
    if (!v) return yt(404, "NOT_FOUND", "The video that you are trying to delete cannot be found.", "videoNotFound");
    if (v.ownerSub !== user.sub)
      return yt(
        403,
        "PERMISSION_DENIED",
        "The video that you are trying to delete cannot be deleted. The request might not be properly authorized.",
        "forbidden",
      );
    videos.delete(vid);
    deleted.add(vid);
    return { status: 204, body: "" };
  };

  // GET playlistItems?part=…&playlistId=UU…&maxResults&pageToken, newest first.
  const playlistItems = ({ user, url }: Req): Reply => {
    const q = url.searchParams;
    if (!q.get("part")) return badRequest("Required parameter: part", "missingRequiredParameter", "youtube.parameter");
    const owner = [...users.values()].find((u) => u.channel && uploadsPlaylistOf(u.channel.id) === q.get("playlistId"));
    if (!owner)
      return yt(
        404,
        "NOT_FOUND",
        "The playlist identified with the request's playlistId parameter cannot be found.",
        "playlistNotFound",
        "youtube.playlistItem",
      );
    const max = Number(q.get("maxResults") ?? 5);
    if (!Number.isInteger(max) || max < 0 || max > 50)
      return badRequest("Invalid value for maxResults", "invalidParameter", "youtube.parameter");
    const all = [...videos.values()]
      .filter((v) => v.ownerSub === owner.sub && visibleTo(v, user))
      .sort((a, b) => Date.parse(b.snippet.publishedAt) - Date.parse(a.snippet.publishedAt));
    const offset = Number(q.get("pageToken")?.replace(/^p/, "") ?? 0);
    const page = all.slice(offset, offset + max);
    const playlistId = uploadsPlaylistOf(owner.channel!.id);
    return {
      status: 200,
      body: {
        kind: "youtube#playlistItemListResponse",
        etag: "etag-playlist",
        ...(offset + max < all.length && { nextPageToken: `p${offset + max}` }),
        pageInfo: { totalResults: all.length, resultsPerPage: max },
        items: page.map((v, i) => ({
          kind: "youtube#playlistItem",
          etag: `etag-pi-${v.id}`,
          id: `pi-${v.id}`,
          snippet: {
            publishedAt: v.snippet.publishedAt,
            channelId: v.snippet.channelId,
            title: v.snippet.title,
            description: v.snippet.description,
            channelTitle: v.snippet.channelTitle,
            playlistId,
            position: offset + i,
            resourceId: { kind: "youtube#video", videoId: v.id },
            videoOwnerChannelId: v.snippet.channelId,
          },
          contentDetails: { videoId: v.id, videoPublishedAt: v.snippet.publishedAt },
        })),
      },
    };
  };

  return {
    videos,
    deleted,
    config,
    insert,
    upload,
    setThumbnail,
    list,
    remove,
    playlistItems,
    videoCountOf: (sub: string) => [...videos.values()].filter((v) => v.ownerSub === sub).length,
    // An existing upload on the user's channel (older videos, look-alikes for read-back tests).
    addVideo: (
      sub: string,
      {
        title,
        description = "",
        publishedAt,
        privacyStatus = "public",
      }: { title: string; description?: string; publishedAt?: string; privacyStatus?: string },
    ) =>
      videoOf(
        sub,
        { snippet: { title, description, categoryId: "22" }, status: { privacyStatus } },
        Buffer.from("old"),
        "video/mp4",
        { publishedAt },
      ),
  };
};

export type FakeYouTube = ReturnType<typeof fakeYouTube>;
