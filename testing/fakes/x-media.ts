import type { IncomingMessage } from "node:http";
import { isFile, isMultipart, parseMultipart, readRaw, type FakeFields } from "./form-data";
import type { FakeReply } from "./support";

// Media upload v2 for the X fake (x-posts.ts uses it): one-shot POST /2/media/upload (multipart `media`
// or base64 in JSON, images), the chunked session POST /2/media/upload/initialize, /{id}/append
// (segment_index 0-999, at most 5 MB each), /{id}/finalize (sizes must add up), GET /2/media/upload?
// command=STATUS while a video or GIF processes (pending -> in_progress -> succeeded or failed, after
// `processingPolls` polls), and alt text through POST /2/media/metadata. Media belong to the uploader.

export type XFakeMedia = {
  id: string;
  media_key: string;
  category: string;
  media_type: string;
  total_bytes: number;
  segments: Map<number, Buffer>;
  bytes: Buffer | null; // once finalized (or uploaded in one request)
  state: "uploading" | "pending" | "in_progress" | "succeeded" | "failed";
  pollsLeft: number;
  failure: { code: number; name: string; message: string } | null;
  alt_text: string | null;
  owner: string;
  upload: "simple" | "chunked";
};

export type XGrant = { scopes: string[] };
export type XCtx = { req: IncomingMessage; url: URL; grant: XGrant | undefined; userId: string; bodyMax: number };
export type XHandled = FakeReply & { afterLost?: boolean };

export const PROBLEM = "https://api.x.com/2/problems/";
export const xProblemReply = (status: number, title: string, detail: string, kind = "about:blank"): FakeReply => ({
  status,
  body: { title, detail, type: kind === "about:blank" ? kind : `${PROBLEM}${kind}`, status },
});
export const invalid = (detail: string) => xProblemReply(400, "Invalid Request", detail, "invalid-request");
const SEGMENT_MAX = 5 * 1024 * 1024;
const CATEGORIES = new Set([
  "tweet_image",
  "tweet_gif",
  "tweet_video",
  "amplify_video",
  "dm_image",
  "dm_gif",
  "dm_video",
  "subtitles",
]);
const TYPES = new Set([
  "video/mp4",
  "video/webm",
  "video/mp2t",
  "video/quicktime",
  "image/jpeg",
  "image/gif",
  "image/bmp",
  "image/png",
  "image/webp",
  "image/pjpeg",
  "image/tiff",
  "text/srt",
  "text/vtt",
]);

export const createXMedia = () => {
  let nextMedia = 1_880_000_000_000_000_001n;
  const store = new Map<string, XFakeMedia>();
  const settings = {
    processingPolls: 2, // STATUS polls a video or GIF stays pending / in_progress
    failNextProcessing: null as XFakeMedia["failure"],
  };

  const newMedia = (
    owner: string,
    category: string,
    type: string,
    total: number,
    upload: XFakeMedia["upload"],
  ): XFakeMedia => {
    const id = String(nextMedia++);
    const prefix = category.endsWith("video") ? "7" : category.endsWith("gif") ? "16" : "3";
    const media: XFakeMedia = {
      id,
      media_key: `${prefix}_${id}`,
      category,
      media_type: type,
      total_bytes: total,
      segments: new Map(),
      bytes: null,
      state: "uploading",
      pollsLeft: 0,
      failure: null,
      alt_text: null,
      owner,
      upload,
    };
    store.set(id, media);
    return media;
  };
  const finish = (media: XFakeMedia, bytes: Buffer) => {
    media.bytes = bytes;
    const processes = media.category.endsWith("video") || media.category.endsWith("gif");
    media.state = processes ? "pending" : "succeeded";
    media.pollsLeft = settings.processingPolls;
    media.failure = processes ? settings.failNextProcessing : null;
    if (processes) settings.failNextProcessing = null;
  };
  const processingInfo = (m: XFakeMedia) =>
    m.state === "succeeded" && m.category === "tweet_image"
      ? undefined
      : {
          state: m.state,
          ...(m.state === "pending" || m.state === "in_progress" ? { check_after_secs: 1 } : {}),
          progress_percent: m.state === "succeeded" ? 100 : m.state === "in_progress" ? 50 : 0,
          ...(m.state === "failed" && m.failure && { error: m.failure }),
        };
  const mediaData = (m: XFakeMedia) => ({
    id: m.id,
    media_key: m.media_key,
    size: m.bytes?.length ?? m.total_bytes,
    expires_after_secs: 86_400,
    ...(processingInfo(m) && { processing_info: processingInfo(m) }),
  });
  const ownMedia = (ctx: XCtx, id: string | undefined) => {
    const m = id ? store.get(id) : undefined;
    return m && m.owner === ctx.userId ? m : undefined;
  };

  const simpleUpload = async (ctx: XCtx): Promise<XHandled> => {
    const fields = await fieldsOf(ctx.req);
    if (!fields) return invalid("The request body could not be parsed.");
    const bytes = bytesOf(fields.media);
    const category = typeof fields.media_category === "string" ? fields.media_category : "";
    if (!bytes || !category) return invalid("media and media_category are required.");
    if (!CATEGORIES.has(category)) return invalid(`media_category ${category} is not one of the allowed values.`);
    if (category !== "tweet_image" && category !== "dm_image" && category !== "subtitles")
      return invalid("Videos and GIFs must be uploaded in chunks (initialize, append, finalize).");
    if (bytes.length > 5 * 1024 * 1024) return invalid("Image file size must be <= 5242880 bytes.");
    const type = isFile(fields.media) && fields.media.type ? fields.media.type : "image/png";
    const media = newMedia(ctx.userId, category, type, bytes.length, "simple");
    finish(media, bytes);
    return { status: 200, body: { data: mediaData(media) } };
  };

  const initialize = async (ctx: XCtx): Promise<XHandled> => {
    const body = (await fieldsOf(ctx.req)) as Record<string, unknown> | null;
    if (!body || isMultipart(ctx.req)) return invalid("The request body must be JSON.");
    const { media_type: type, total_bytes: total, media_category: category } = body;
    if (typeof type !== "string" || !TYPES.has(type)) return invalid("media_type is missing or not supported.");
    if (typeof total !== "number" || !Number.isInteger(total) || total <= 0)
      return invalid("total_bytes must be a positive integer.");
    if (typeof category !== "string" || !CATEGORIES.has(category))
      return invalid("media_category is missing or not supported.");
    if (category === "tweet_video" && total > 512 * 1024 * 1024)
      return invalid("Video file size must be <= 536870912 bytes.");
    const media = newMedia(ctx.userId, category, type, total, "chunked");
    return { status: 200, body: { data: { id: media.id, media_key: media.media_key, expires_after_secs: 86_400 } } };
  };

  const append = async (ctx: XCtx, id: string): Promise<XHandled> => {
    const media = ownMedia(ctx, id);
    if (!media || media.upload !== "chunked")
      return xProblemReply(404, "Not Found Error", `Could not find media with id: [${id}].`, "resource-not-found");
    if (media.state !== "uploading") return invalid("The upload session is already finalized.");
    const fields = await fieldsOf(ctx.req);
    const bytes = fields && bytesOf(fields.media);
    const index = Number(fields?.segment_index);
    if (!bytes || !Number.isInteger(index) || index < 0 || index > 999)
      return invalid("media and segment_index (0-999) are required.");
    if (bytes.length > SEGMENT_MAX) return invalid("Segment size must be <= 5242880 bytes.");
    media.segments.set(index, bytes);
    return { status: 200, body: { data: { expires_at: Math.floor(Date.now() / 1000) + 86_400 } } };
  };

  const finalize = (ctx: XCtx, id: string): XHandled => {
    const media = ownMedia(ctx, id);
    if (!media || media.upload !== "chunked")
      return xProblemReply(404, "Not Found Error", `Could not find media with id: [${id}].`, "resource-not-found");
    if (media.state !== "uploading") return { status: 200, body: { data: mediaData(media) } };
    const order = [...media.segments.keys()].sort((a, b) => a - b);
    if (order.some((k, i) => k !== i))
      return invalid("Segments are missing: segment_index must run from 0 without gaps.");
    const bytes = Buffer.concat(order.map((k) => media.segments.get(k)!));
    if (bytes.length !== media.total_bytes)
      return invalid(`File size mismatch: received ${bytes.length} bytes, expected ${media.total_bytes}.`);
    finish(media, bytes);
    return { status: 200, body: { data: mediaData(media) } };
  };

  const status = (ctx: XCtx): XHandled => {
    if (ctx.url.searchParams.get("command") !== "STATUS") return invalid("command must be STATUS.");
    const media = ownMedia(ctx, ctx.url.searchParams.get("media_id") ?? undefined);
    if (!media) return xProblemReply(404, "Not Found Error", "Could not find the media.", "resource-not-found");
    if (media.state === "pending" || media.state === "in_progress") {
      if (media.pollsLeft-- > 1) media.state = "in_progress";
      else media.state = media.failure ? "failed" : "succeeded";
    }
    return { status: 200, body: { data: mediaData(media) } };
  };

  const metadata = async (ctx: XCtx): Promise<XHandled> => {
    const body = (await fieldsOf(ctx.req)) as { id?: unknown; metadata?: { alt_text?: { text?: unknown } } } | null;
    const media = ownMedia(ctx, typeof body?.id === "string" ? body.id : undefined);
    if (!media) return invalid("id must be one of your media ids.");
    const text = body?.metadata?.alt_text?.text;
    if (typeof text !== "string" || [...text].length > 1000)
      return invalid("alt_text.text must be a string of at most 1000 characters.");
    media.alt_text = text;
    return { status: 200, body: { data: { id: media.id, associated_metadata: { alt_text: { text } } } } };
  };

  const need = (ctx: XCtx, scopes: string[]): FakeReply | null => {
    if (!ctx.grant) return xProblemReply(401, "Unauthorized", "Unauthorized");
    const missing = scopes.filter((s) => !ctx.grant!.scopes.includes(s));
    return missing.length
      ? xProblemReply(403, "Forbidden", `Missing scopes ${missing.join(" and ")}`, "oauth2-scope")
      : null;
  };

  const fieldsOf = async (req: IncomingMessage): Promise<FakeFields | Record<string, unknown> | null> => {
    const raw = await readRaw(req);
    if (isMultipart(req)) return parseMultipart(req, raw).catch(() => null);
    try {
      return raw.length ? (JSON.parse(raw.toString("utf8")) as Record<string, unknown>) : {};
    } catch {
      return null;
    }
  };
  // `media` as a multipart file or base64 text in JSON.
  const bytesOf = (value: unknown): Buffer | null =>
    isFile(value) ? value.bytes : typeof value === "string" && value ? Buffer.from(value, "base64") : null;

  const route = async (ctx: XCtx, key: string): Promise<XHandled | null> => {
    const session = /^POST \/2\/media\/upload\/(\d+)\/(append|finalize)$/.exec(key);
    if (key === "POST /2/media/upload") return need(ctx, ["media.write"]) ?? (await simpleUpload(ctx));
    if (key === "POST /2/media/upload/initialize") return need(ctx, ["media.write"]) ?? (await initialize(ctx));
    if (session)
      return (
        need(ctx, ["media.write"]) ??
        (session[2] === "append" ? await append(ctx, session[1]!) : finalize(ctx, session[1]!))
      );
    if (key === "GET /2/media/upload") return need(ctx, ["media.write"]) ?? status(ctx);
    if (key === "POST /2/media/metadata") return need(ctx, ["media.write"]) ?? (await metadata(ctx));
    return null;
  };

  return { media: store, settings, ownMedia, need, fieldsOf, route };
};
