import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { send, type FakeReply } from "./support";

// The TikTok fake's Content Posting and Display API side, from TikTok's documentation: creator_info,
// the video, inbox and photo init endpoints with their checks (privacy against the creator's options,
// FILE_UPLOAD chunk rules, PULL_FROM_URL only from verified URL prefixes, scopes), chunked PUTs with
// Content-Range to the upload URL (206 / 201), the publish status machine (PROCESSING_UPLOAD or
// PROCESSING_DOWNLOAD -> PUBLISH_COMPLETE or SEND_TO_USER_INBOX, or FAILED) advanced by status fetches,
// and /v2/video/list/ and /v2/video/query/ over what was published.

export type TikTokFakePublish = {
  publish_id: string;
  endpoint: "video" | "inbox" | "content";
  body: Record<string, any>;
  size: number;
  received: Buffer | null;
  ranges: string[];
  status: "PROCESSING_UPLOAD" | "PROCESSING_DOWNLOAD" | "PUBLISH_COMPLETE" | "SEND_TO_USER_INBOX" | "FAILED";
  polls: number;
  post_id: string | null;
};
export type TikTokFakeVideo = {
  id: string;
  title: string;
  video_description: string;
  create_time: number;
  share_url: string;
  duration: number;
  view_count: number;
  like_count: number;
  comment_count: number;
  share_count: number;
  kind: "video" | "photo";
  privacy_level: string | null;
};

const logId = () => randomBytes(12).toString("hex").toUpperCase();
export const ok = (data: unknown): FakeReply => ({
  status: 200,
  body: { data, error: { code: "ok", message: "", log_id: logId() } },
});
const fail = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: { data: {}, error: { code, message, log_id: logId() } },
});
const MB = 1024 * 1024;

// TikTok's FILE_UPLOAD rules: under 5 MB whole; chunks of 5 to 64 MB; count = floor(size / chunk).
const chunkProblem = (s: Record<string, any>): string | null => {
  const { video_size: size, chunk_size: chunk, total_chunk_count: count } = s;
  if (![size, chunk, count].every((n) => Number.isInteger(n) && n > 0))
    return "video_size, chunk_size and total_chunk_count are required";
  if (size < 5 * MB) return chunk === size && count === 1 ? null : "a video under 5 MB is uploaded whole";
  if (chunk < 5 * MB || chunk > 64 * MB || (count === 1 && chunk !== size)) return "chunk_size must be 5 to 64 MB";
  return count === Math.max(1, Math.floor(size / chunk))
    ? null
    : "total_chunk_count must be floor(video_size / chunk_size)";
};

export const tiktokPosting = () => {
  const state = {
    creator: {
      creator_avatar_url: "https://p16.tiktokcdn.example/avatar.jpeg",
      creator_username: "trailcams",
      creator_nickname: "Trail Cams",
      privacy_level_options: ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"],
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: false,
      max_video_post_duration_sec: 600,
    },
    verifiedUrlPrefixes: ["https://media.example.test/"],
    publishes: new Map<string, TikTokFakePublish>(),
    videos: [] as TikTokFakeVideo[],
    calls: [] as string[], // every POST /v2/* path, in order
    initRequests: [] as { path: string; body: Record<string, any> }[],
    uploadRequests: [] as {
      authorization: string | undefined;
      contentRange: string | undefined;
      contentType: string | undefined;
      bytes: number;
    }[],
    processingPolls: 1, // status fetches that still answer PROCESSING_* once the media is in
    publicIds: true, // PUBLISH_COMPLETE carries publicaly_available_post_id
    failNextPublish: null as string | null, // fail_reason of the next publish
  };
  let seq = 7_400_000_000_000_000_000n;
  const next = () => (seq += 1n).toString();

  const complete = (p: TikTokFakePublish) => {
    if (state.failNextPublish) {
      p.status = "FAILED";
      state.failNextPublish = null;
      return;
    }
    const draft = p.endpoint === "inbox" || p.body.post_mode === "MEDIA_UPLOAD";
    p.status = draft ? "SEND_TO_USER_INBOX" : "PUBLISH_COMPLETE";
    if (draft) return;
    p.post_id = next();
    const photo = p.endpoint === "content";
    const caption = photo ? (p.body.post_info?.description ?? "") : (p.body.post_info?.title ?? "");
    const n = Number(p.post_id.slice(-3));
    state.videos.push({
      id: p.post_id,
      title: caption,
      video_description: caption,
      create_time: Math.floor(Date.now() / 1000),
      share_url: `https://www.tiktok.com/@${state.creator.creator_username}/${photo ? "photo" : "video"}/${p.post_id}`,
      duration: 23,
      view_count: 1000 + n,
      like_count: 80,
      comment_count: 12,
      share_count: 5,
      kind: photo ? "photo" : "video",
      privacy_level: p.body.post_info?.privacy_level ?? null,
    });
  };

  const init = (
    res: ServerResponse,
    url: string,
    scopes: string[],
    endpoint: TikTokFakePublish["endpoint"],
    body: Record<string, any>,
  ) => {
    state.initRequests.push({ path: endpoint, body });
    const draft = endpoint === "inbox" || body.post_mode === "MEDIA_UPLOAD";
    if (!scopes.includes(draft ? "video.upload" : "video.publish"))
      return send(
        res,
        fail(401, "scope_not_authorized", "The user did not authorize the scope required for completing this request."),
      );
    const info = body.post_info ?? {};
    if (!draft && !state.creator.privacy_level_options.includes(info.privacy_level))
      return send(res, fail(400, "privacy_level_option_mismatch", "privacy_level is not one of the creator's options"));
    if ((info.title ?? "").length > 2200 || (info.description ?? "").length > 4000)
      return send(res, fail(400, "invalid_params", "title or description is too long"));
    const source = body.source_info ?? {};
    const pulled = (u: unknown) =>
      typeof u === "string" && state.verifiedUrlPrefixes.some((prefix) => u.startsWith(prefix));
    let size = 0;
    if (endpoint === "content") {
      const images = source.photo_images;
      if (
        body.media_type !== "PHOTO" ||
        !["DIRECT_POST", "MEDIA_UPLOAD"].includes(body.post_mode) ||
        source.source !== "PULL_FROM_URL"
      )
        return send(res, fail(400, "invalid_params", "media_type, post_mode or source is invalid"));
      if (
        !Array.isArray(images) ||
        images.length < 1 ||
        images.length > 35 ||
        !(source.photo_cover_index >= 0 && source.photo_cover_index < images.length)
      )
        return send(res, fail(400, "invalid_params", "photo_images or photo_cover_index is invalid"));
      if (!images.every(pulled))
        return send(res, fail(403, "url_ownership_unverified", "The URL prefix is not verified for this app."));
    } else if (source.source === "PULL_FROM_URL") {
      if (!pulled(source.video_url))
        return send(res, fail(403, "url_ownership_unverified", "The URL prefix is not verified for this app."));
    } else if (source.source === "FILE_UPLOAD") {
      const problem = chunkProblem(source);
      if (problem) return send(res, fail(400, "invalid_params", problem));
      size = source.video_size;
    } else return send(res, fail(400, "invalid_params", "source_info.source is required"));
    const publish_id = `${endpoint === "content" ? "p" : "v"}_${endpoint === "inbox" ? "inbox" : "pub"}_${size ? "file" : "url"}~v2-1.${next()}`;
    const p: TikTokFakePublish = {
      publish_id,
      endpoint,
      body,
      size,
      received: size ? Buffer.alloc(size) : null,
      ranges: [],
      status: size ? "PROCESSING_UPLOAD" : "PROCESSING_DOWNLOAD",
      polls: 0,
      post_id: null,
    };
    state.publishes.set(publish_id, p);
    if (!size && state.processingPolls === 0) complete(p);
    send(
      res,
      ok({ publish_id, ...(size && { upload_url: `${url}/tiktok-upload/${encodeURIComponent(publish_id)}` }) }),
    );
  };

  const upload = (req: IncomingMessage, res: ServerResponse, id: string, bytes: Buffer) => {
    const p = state.publishes.get(id);
    const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers["content-range"] ?? "");
    state.uploadRequests.push({
      authorization: req.headers.authorization,
      contentRange: req.headers["content-range"],
      contentType: req.headers["content-type"],
      bytes: bytes.length,
    });
    if (
      !p?.received ||
      !range ||
      Number(range[3]) !== p.size ||
      Number(range[2]) - Number(range[1]) + 1 !== bytes.length
    )
      return send(res, { status: 400 });
    if (!/^video\/(mp4|quicktime|webm)$/.test(req.headers["content-type"] ?? "")) return send(res, { status: 415 });
    bytes.copy(p.received, Number(range[1]));
    p.ranges.push(range[0]!);
    if (p.ranges.length < p.body.source_info.total_chunk_count) return send(res, { status: 206 });
    p.status = "PROCESSING_DOWNLOAD";
    send(res, { status: 201 });
  };

  const status = (res: ServerResponse, body: Record<string, any>) => {
    const p = state.publishes.get(body.publish_id);
    if (!p) return send(res, fail(400, "invalid_params", "publish_id not found"));
    if (p.status === "PROCESSING_DOWNLOAD" && p.polls++ >= state.processingPolls) complete(p);
    const reply = ok({
      status: p.status,
      ...(p.status === "FAILED" && { fail_reason: "file_format_check_failed" }),
      ...(p.status === "PUBLISH_COMPLETE" && {
        publicaly_available_post_id: state.publicIds && p.post_id ? [`int64:${p.post_id}`] : [],
      }),
      uploaded_bytes: p.received?.length ?? 0,
    });
    // The post ids are int64 JSON numbers, written digit for digit (beyond what a JS number holds).
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify(reply.body).replace(/"int64:(\d+)"/g, "$1"));
  };

  const fieldsOf = (query: URLSearchParams, video: TikTokFakeVideo) =>
    Object.fromEntries(
      (query.get("fields") ?? "")
        .split(",")
        .filter((f) => f in video && f !== "kind" && f !== "privacy_level")
        .map((f) => [f, video[f as keyof TikTokFakeVideo]]),
    );

  const list = (res: ServerResponse, query: URLSearchParams, body: Record<string, any>) => {
    const max = body.max_count ?? 10;
    if (!query.get("fields") || max > 20)
      return send(res, fail(400, "invalid_params", "fields is required and max_count is at most 20"));
    const all = state.videos
      .filter((v) => v.kind === "video" && v.privacy_level === "PUBLIC_TO_EVERYONE")
      .sort((a, b) => b.create_time - a.create_time || b.id.localeCompare(a.id));
    const start = all.findIndex((v) => body.cursor === undefined || v.create_time * 1000 < body.cursor);
    const page = start < 0 ? [] : all.slice(start, start + max);
    const more = start >= 0 && start + max < all.length;
    send(
      res,
      ok({
        videos: page.map((v) => fieldsOf(query, v)),
        cursor: page.length ? page.at(-1)!.create_time * 1000 : 0,
        has_more: more,
      }),
    );
  };

  const queryVideos = (res: ServerResponse, query: URLSearchParams, body: Record<string, any>) => {
    const ids = body.filters?.video_ids;
    if (!query.get("fields") || !Array.isArray(ids) || ids.length === 0 || ids.length > 20)
      return send(res, fail(400, "invalid_params", "fields and 1 to 20 filters.video_ids are required"));
    send(
      res,
      ok({
        videos: state.videos.filter((v) => v.kind === "video" && ids.includes(v.id)).map((v) => fieldsOf(query, v)),
        cursor: 0,
        has_more: false,
      }),
    );
  };

  // POST /v2/* publishing and Display routes (token checked by the caller). False: not ours.
  const handle = (
    res: ServerResponse,
    path: string,
    query: URLSearchParams,
    scopes: string[],
    url: string,
    body: Record<string, any>,
  ): boolean => {
    state.calls.push(path);
    const needs = (scope: string) =>
      scopes.includes(scope)
        ? false
        : (send(
            res,
            fail(
              401,
              "scope_not_authorized",
              "The user did not authorize the scope required for completing this request.",
            ),
          ),
          true);
    if (path === "/v2/post/publish/creator_info/query/")
      return (needs("video.publish") || send(res, ok(state.creator)), true);
    if (path === "/v2/post/publish/video/init/") return (init(res, url, scopes, "video", body), true);
    if (path === "/v2/post/publish/inbox/video/init/") return (init(res, url, scopes, "inbox", body), true);
    if (path === "/v2/post/publish/content/init/") return (init(res, url, scopes, "content", body), true);
    if (path === "/v2/post/publish/status/fetch/") return (status(res, body), true);
    if (path === "/v2/video/list/") return (needs("video.list") || list(res, query, body), true);
    if (path === "/v2/video/query/") return (needs("video.list") || queryVideos(res, query, body), true);
    return false;
  };

  return { state, handle, upload };
};
