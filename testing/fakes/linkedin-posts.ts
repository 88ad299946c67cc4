import type { IncomingMessage, ServerResponse } from "node:http";
import { readBody, send, type FakeReply } from "./support";

// The LinkedIn fake's publishing side, written from the Posts, Images, Documents and Videos API docs:
// initializeUpload actions (one upload URL, or video parts with ETags and finalizeUpload), asset status
// (WAITING_UPLOAD -> PROCESSING -> AVAILABLE), POST /rest/posts (201, empty body, x-restli-id) with the
// checks LinkedIn makes (author rights, available assets owned by the author, poll and multi-image
// bounds, targeting on organization posts only), the q=author finder, DELETE /rest/posts/{encoded URN}
// (204, again 204 for a post already deleted, 404 for an id it never had, 403 unless the token may write
// as the post's author), and little-text rendering: an unescaped reserved character cuts the stored text
// there, as LinkedIn silently does.

export type LinkedInFakeAsset = {
  urn: string;
  kind: "image" | "document" | "video";
  owner: string;
  status: "WAITING_UPLOAD" | "PROCESSING" | "AVAILABLE" | "PROCESSING_FAILED";
  polls: number;
  bytes: Buffer | null;
  contentType: string | null;
  parts: { firstByte: number; lastByte: number; etag: string | null }[];
  uploadToken: string;
};
export type LinkedInFakePost = {
  id: string;
  author: string;
  commentary: string;
  text: string; // what LinkedIn shows: little text rendered (mentions as their names, hashtags as #tag)
  distribution: { feedDistribution?: string; targetEntities?: { geoLocations?: string[] }[] };
  content?: {
    media?: { id: string; title?: string; altText?: string };
    multiImage?: { images: { id: string; altText?: string }[] };
    poll?: { question: string; options: { text: string }[]; settings: { duration: string } };
  };
  reshareContext?: { parent: string };
  lifecycleState: string;
  visibility: string;
  createdAt: number;
};

export type LinkedInFakeCtx = {
  url: string;
  memberUrn: () => string;
  adminOf: (organizationId: string) => boolean;
  scopes: string[];
};
const error = (status: number, code: string, message: string): FakeReply => ({
  status,
  body: { status, code, message },
});
const invalid = (message: string) => error(422, "UNPROCESSABLE_ENTITY", message);
const DURATIONS = ["ONE_DAY", "THREE_DAYS", "SEVEN_DAYS", "FOURTEEN_DAYS"];

export const readBytes = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });

// Little text as LinkedIn renders it; null where a stray reserved character would cut the post.
export const renderLittleText = (commentary: string): { text: string; cut: boolean } => {
  const pattern =
    /\\(.)|\{hashtag\|\\#\|((?:\\.|[^}\\])+)\}|@\[((?:\\.|[^\]\\])+)\]\((urn:li:(?:person|organization):[\w-]+)\)|([|{}@[\]()<>#*_~])|([^\\|{}@[\]()<>#*_~]+)/gsu;
  let text = "";
  for (const m of commentary.matchAll(pattern)) {
    if (m[5]) return { text, cut: true };
    const unescape = (s: string) => s.replace(/\\(.)/g, "$1");
    text += m[1] ?? (m[2] !== undefined ? `#${unescape(m[2])}` : m[3] !== undefined ? unescape(m[3]) : m[6]);
  }
  return { text, cut: false };
};

export const linkedinPublishing = () => {
  const state = {
    posts: [] as LinkedInFakePost[],
    assets: new Map<string, LinkedInFakeAsset>(),
    postRequests: [] as Record<string, unknown>[],
    deletedPosts: [] as LinkedInFakePost[], // removed from `posts` by DELETE /rest/posts/{urn}
    processingPolls: 1, // GETs that still answer PROCESSING after an upload
    videoPartBytes: 4 * 1024 * 1024,
    failProcessingNext: false,
  };
  let seq = 7_100_000_000_000_000_000n;
  const next = () => (seq += 1n).toString();

  const initialize = (
    res: ServerResponse,
    ctx: LinkedInFakeCtx,
    kind: LinkedInFakeAsset["kind"],
    body: Record<string, any>,
  ) => {
    const request = body?.initializeUploadRequest;
    const owner = request?.owner;
    if (typeof owner !== "string") return send(res, invalid("/initializeUploadRequest/owner is required"));
    if (!canActAs(ctx, owner))
      return send(res, error(403, "ACCESS_DENIED", `Not enough permissions to upload for ${owner}`));
    const id = next();
    const urn = `urn:li:${kind}:${kind === "image" ? "C4E" : kind === "document" ? "D4D" : "C5F"}${id}`;
    const asset: LinkedInFakeAsset = {
      urn,
      kind,
      owner,
      status: "WAITING_UPLOAD",
      polls: 0,
      bytes: null,
      contentType: null,
      parts: [],
      uploadToken: "",
    };
    state.assets.set(urn, asset);
    if (kind !== "video")
      return send(res, {
        status: 200,
        body: {
          value: { uploadUrlExpiresAt: Date.now() + 3_600_000, uploadUrl: `${ctx.url}/dms-uploads/${id}`, [kind]: urn },
        },
      });
    const size = Number(request.fileSizeBytes);
    if (!Number.isInteger(size) || size <= 0)
      return send(res, invalid("/initializeUploadRequest/fileSizeBytes must be a positive integer"));
    for (let first = 0; first < size; first += state.videoPartBytes)
      asset.parts.push({ firstByte: first, lastByte: Math.min(first + state.videoPartBytes, size) - 1, etag: null });
    asset.bytes = Buffer.alloc(size);
    asset.uploadToken = `token-${id}`;
    const uploadInstructions = asset.parts.map((p, i) => ({
      uploadUrl: `${ctx.url}/dms-uploads/${id}?part=${i}`,
      firstByte: p.firstByte,
      lastByte: p.lastByte,
    }));
    send(res, {
      status: 200,
      body: {
        value: {
          uploadUrlsExpireAt: Date.now() + 3_600_000,
          video: urn,
          uploadInstructions,
          uploadToken: asset.uploadToken,
        },
      },
    });
  };

  const finalize = (res: ServerResponse, body: Record<string, any>) => {
    const request = body?.finalizeUploadRequest;
    const asset = state.assets.get(request?.video);
    if (!asset || asset.kind !== "video") return send(res, error(404, "NOT_FOUND", "Video not found"));
    const etags = asset.parts.map((p) => p.etag);
    if (
      request.uploadToken !== asset.uploadToken ||
      JSON.stringify(request.uploadedPartIds) !== JSON.stringify(etags) ||
      etags.includes(null)
    ) {
      return send(res, invalid("uploadedPartIds do not match the uploaded parts"));
    }
    asset.status = "PROCESSING";
    send(res, { status: 200, body: {} });
  };

  // PUT to an upload URL: the bearer token is checked by the caller.
  const upload = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const id = url.pathname.split("/").pop();
    const asset = [...state.assets.values()].find((a) => a.urn.endsWith(id ?? "-"));
    const bytes = await readBytes(req);
    if (!asset) return send(res, { status: 404 });
    if (asset.kind !== "video") {
      asset.bytes = bytes;
      asset.contentType = req.headers["content-type"] ?? null;
      asset.status = "PROCESSING";
      return send(res, { status: 201 });
    }
    const part = asset.parts[Number(url.searchParams.get("part"))];
    if (!part || bytes.length !== part.lastByte - part.firstByte + 1) return send(res, { status: 400 });
    bytes.copy(asset.bytes!, part.firstByte);
    part.etag = `"etag-${id}-${part.firstByte}"`;
    send(res, { status: 200, headers: { etag: part.etag } });
  };

  const assetStatus = (res: ServerResponse, urn: string) => {
    const asset = state.assets.get(urn);
    if (!asset) return send(res, error(404, "NOT_FOUND", `${urn} not found`));
    if (asset.status === "PROCESSING" && asset.polls++ >= state.processingPolls) {
      asset.status = state.failProcessingNext ? "PROCESSING_FAILED" : "AVAILABLE";
      state.failProcessingNext = false;
    }
    send(res, {
      status: 200,
      body: {
        id: urn,
        owner: asset.owner,
        status: asset.status,
        ...(asset.status === "PROCESSING_FAILED" && { processingFailureReason: "CORRUPTED_FILE" }),
      },
    });
  };

  const canActAs = (ctx: LinkedInFakeCtx, author: string) => {
    const org = /^urn:li:organization:(\d+)$/.exec(author)?.[1];
    if (org) return ctx.adminOf(org) && ctx.scopes.includes("w_organization_social");
    return author === ctx.memberUrn() && ctx.scopes.includes("w_member_social");
  };

  const usable = (id: unknown, author: string, kinds: LinkedInFakeAsset["kind"][]) => {
    const asset = typeof id === "string" ? state.assets.get(id) : undefined;
    return asset && kinds.includes(asset.kind) && asset.owner === author && asset.status === "AVAILABLE";
  };

  const problemOf = (ctx: LinkedInFakeCtx, p: Record<string, any>): string | null => {
    if (
      typeof p.author !== "string" ||
      typeof p.commentary !== "string" ||
      p.lifecycleState !== "PUBLISHED" ||
      p.visibility !== "PUBLIC"
    )
      return "author, commentary, visibility and lifecycleState are required";
    if (p.distribution?.feedDistribution !== "MAIN_FEED") return "/distribution/feedDistribution is required";
    const targets = (p.distribution.targetEntities ?? []) as { geoLocations?: unknown[] }[];
    if (targets.length > 0 && !p.author.startsWith("urn:li:organization:"))
      return "Targeting is only supported for organization posts";
    if (targets.some((t) => !t.geoLocations?.every((g) => typeof g === "string" && /^urn:li:geo:\d+$/.test(g))))
      return "/distribution/targetEntities/geoLocations must be geo URNs";
    const content = p.content as LinkedInFakePost["content"];
    if (content && p.reshareContext) return "content cannot be combined with reshareContext";
    if (p.reshareContext && !/^urn:li:(share|ugcPost):\d+$/.test(p.reshareContext.parent ?? ""))
      return "/reshareContext/parent must be a share or ugcPost URN";
    if (content?.media && !usable(content.media.id, p.author, ["image", "video", "document"]))
      return `/content/media/id ${content.media.id} is not an available asset of the author`;
    if (content?.media?.id?.startsWith("urn:li:document:") && !content.media.title)
      return "/content/media/title is required for documents";
    const images = content?.multiImage?.images;
    if (images && (images.length < 2 || images.length > 20 || !images.every((i) => usable(i.id, p.author, ["image"]))))
      return "/content/multiImage/images must be 2 to 20 available images";
    const poll = content?.poll;
    if (
      poll &&
      (!poll.question ||
        poll.question.length > 140 ||
        poll.options.length < 2 ||
        poll.options.length > 4 ||
        poll.options.some((o) => !o.text || o.text.length > 30) ||
        !DURATIONS.includes(poll.settings?.duration))
    ) {
      return "/content/poll is invalid";
    }
    return null;
  };

  const createPost = async (req: IncomingMessage, res: ServerResponse, ctx: LinkedInFakeCtx) => {
    const p = JSON.parse((await readBody(req)) || "null") as Record<string, any>;
    state.postRequests.push(p);
    const problem = problemOf(ctx, p ?? {});
    if (problem) return send(res, invalid(problem));
    if (!canActAs(ctx, p.author))
      return send(res, error(403, "ACCESS_DENIED", `Not enough permissions to post as ${p.author}`));
    const video = p.content?.media?.id?.startsWith("urn:li:video:");
    const id = `urn:li:${video ? "ugcPost" : "share"}:${next()}`;
    const { text } = renderLittleText(p.commentary);
    state.posts.push({
      id,
      author: p.author,
      commentary: p.commentary,
      text,
      distribution: p.distribution,
      content: p.content,
      reshareContext: p.reshareContext,
      lifecycleState: p.lifecycleState,
      visibility: p.visibility,
      createdAt: Date.now(),
    });
    send(res, { status: 201, headers: { "x-restli-id": id } });
  };

  const findByAuthor = (res: ServerResponse, ctx: LinkedInFakeCtx, url: URL) => {
    const author = url.searchParams.get("author") ?? "";
    const allowed = author.startsWith("urn:li:organization:")
      ? ctx.scopes.includes("r_organization_social")
      : ctx.scopes.includes("r_member_social");
    if (!allowed)
      return send(res, error(403, "ACCESS_DENIED", "Not enough permissions to access: posts.FINDER-author"));
    const start = Number(url.searchParams.get("start") ?? 0);
    const count = Number(url.searchParams.get("count") ?? 10);
    const mine = state.posts.filter((p) => p.author === author).sort((a, b) => b.createdAt - a.createdAt);
    const elements = mine
      .slice(start, start + count)
      .map(({ text: _text, ...post }) => ({ ...post, publishedAt: post.createdAt, lastModifiedAt: post.createdAt }));
    send(res, { status: 200, body: { paging: { start, count, total: mine.length }, elements } });
  };

  // The key is the URN, URL-encoded as Rest.li 2.0 wants it (a raw "urn:li:…" in the path is refused).
  const deletePost = (res: ServerResponse, ctx: LinkedInFakeCtx, key: string) => {
    if (key.includes(":"))
      return send(res, error(400, "ILLEGAL_ARGUMENT", `Invalid key ${key}: URNs in the path must be URL-encoded`));
    const urn = decodeURIComponent(key);
    const post = state.posts.find((p) => p.id === urn) ?? state.deletedPosts.find((p) => p.id === urn);
    if (!post) return send(res, error(404, "NOT_FOUND", `Post ${urn} not found`));
    if (!canActAs(ctx, post.author))
      return send(res, error(403, "ACCESS_DENIED", `Not enough permissions to delete ${urn}`));
    const index = state.posts.indexOf(post);
    if (index >= 0) state.deletedPosts.push(...state.posts.splice(index, 1));
    send(res, { status: 204 });
  };

  // Routes under /rest/ (headers and token already checked) and the upload host. False: not ours.
  const handle = (req: IncomingMessage, res: ServerResponse, url: URL, ctx: LinkedInFakeCtx): boolean => {
    const route = `${req.method} ${url.pathname}`;
    const kind = /^\/rest\/(images|documents|videos)$/.exec(url.pathname)?.[1];
    if (req.method === "POST" && kind) {
      void readBody(req).then((text) => {
        const body = JSON.parse(text || "null");
        const action = url.searchParams.get("action");
        if (action === "initializeUpload")
          return initialize(res, ctx, kind.slice(0, -1) as LinkedInFakeAsset["kind"], body);
        if (action === "finalizeUpload" && kind === "videos") return finalize(res, body);
        send(res, error(400, "ILLEGAL_ARGUMENT", `Unknown action ${action}`));
      });
      return true;
    }
    const asset = /^\/rest\/(?:images|documents|videos)\/(.+)$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && asset) return (assetStatus(res, decodeURIComponent(asset)), true);
    if (req.method === "PUT" && url.pathname.startsWith("/dms-uploads/")) return (void upload(req, res, url), true);
    if (route === "POST /rest/posts") return (void createPost(req, res, ctx), true);
    if (route === "GET /rest/posts" && url.searchParams.get("q") === "author")
      return (findByAuthor(res, ctx, url), true);
    const postKey = /^\/rest\/posts\/([^/]+)$/.exec(url.pathname)?.[1];
    if (req.method === "DELETE" && postKey) return (deletePost(res, ctx, postKey), true);
    return false;
  };

  return { state, handle };
};
